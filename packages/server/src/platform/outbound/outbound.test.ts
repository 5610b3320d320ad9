import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, assertPublicUrl, isPublicAddress, safeFetch } from './index.js';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, unique-local, multicast, unspecified and embedded forms of them', () => {
    for (const ip of [
      '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.10', '198.18.0.1',
      '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '[::ffff:169.254.169.254]', '::127.0.0.1',
      '64:ff9b::10.0.0.1', '2002:7f00:1::', '2001:db8::1', '2001::1', 'not-an-ip', '',
    ]) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('accepts public unicast addresses, including mapped and 6to4 forms of public IPv4', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:0808:0808::1']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });
});

describe('safeFetch against a local fixture server', () => {
  let server: http.Server;
  let other: http.Server;
  let origin: string;
  let otherOrigin: string;
  let port: number;

  beforeAll(async () => {
    other = http.createServer((_req, res) => res.end('internal secret'));
    server = http.createServer((req, res) => {
      if (req.url === '/ok') return res.end('hello');
      if (req.url === '/headers') return res.end(JSON.stringify(req.headers));
      if (req.url === '/to-loopback') { res.writeHead(302, { location: otherOrigin + '/' }); return res.end(); }
      if (req.url === '/to-localhost-name') { res.writeHead(302, { location: `http://localhost:${port}/ok` }); return res.end(); }
      if (req.url === '/to-ok') { res.writeHead(301, { location: '/ok' }); return res.end(); }
      if (req.url === '/to-other-with-cookie') { res.writeHead(302, { location: otherOrigin + '/' }); return res.end(); }
      if (req.url === '/loop') { res.writeHead(302, { location: '/loop' }); return res.end(); }
      if (req.url === '/big') return res.end(Buffer.alloc(10_000, 97));
      if (req.url === '/big-chunked') { res.write(Buffer.alloc(600, 97)); res.write(Buffer.alloc(600, 97)); return res.end(); }
      if (req.url === '/hang') return; // never answers
      if (req.url === '/hang-body') { res.writeHead(200); res.write('start'); return; } // never finishes
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    other.closeAllConnections();
    await new Promise((r) => server.close(r));
    await new Promise((r) => other.close(r));
  });

  const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof OutboundError ? e.code : `other: ${String(e)}`));

  it('refuses a private address by default, as a literal and as a name resolving to one', async () => {
    expect(await code(safeFetch(`${origin}/ok`, { allowPrivate: false }))).toBe('blocked_address');
    expect(await code(safeFetch(`http://localhost:${port}/ok`, { allowPrivate: false }))).toBe('blocked_address');
    expect(await code(assertPublicUrl(`http://localhost:${port}/ok`, { allowPrivate: false }))).toBe('blocked_address');
    expect(await code(assertPublicUrl(`http://[::ffff:127.0.0.1]:${port}/ok`, { allowPrivate: false }))).toBe('blocked_address');
  });

  it('refuses what is not an http(s) address', async () => {
    expect(await code(safeFetch('file:///etc/passwd'))).toBe('bad_url');
    expect(await code(safeFetch('nonsense'))).toBe('bad_url');
    expect(await code(assertPublicUrl('ftp://example.com/'))).toBe('bad_url');
  });

  it('fetches a private address with the flag, and with an allow-listed origin', async () => {
    const viaFlag = await safeFetch(`${origin}/ok`, { allowPrivate: true });
    expect([viaFlag.status, viaFlag.body.toString(), viaFlag.url]).toEqual([200, 'hello', `${origin}/ok`]);
    const viaList = await safeFetch(`${origin}/ok`, { allowPrivate: false, allowOrigins: [origin] });
    expect(viaList.body.toString()).toBe('hello');
    await expect(assertPublicUrl(`${origin}/ok`, { allowPrivate: false, allowOrigins: [origin] })).resolves.toBeInstanceOf(URL);
  });

  it('the CRAWLER_ALLOW_PRIVATE=1 setting lifts the check when the caller does not decide', async () => {
    const before = process.env.CRAWLER_ALLOW_PRIVATE;
    try {
      process.env.CRAWLER_ALLOW_PRIVATE = '1';
      expect((await safeFetch(`${origin}/ok`)).body.toString()).toBe('hello');
      process.env.CRAWLER_ALLOW_PRIVATE = '0';
      expect(await code(safeFetch(`${origin}/ok`))).toBe('blocked_address');
    } finally {
      if (before === undefined) delete process.env.CRAWLER_ALLOW_PRIVATE;
      else process.env.CRAWLER_ALLOW_PRIVATE = before;
    }
  });

  it('checks every redirect hop again: an allowed origin redirecting to 127.0.0.1 or localhost is refused', async () => {
    expect(await code(safeFetch(`${origin}/to-loopback`, { allowPrivate: false, allowOrigins: [origin] }))).toBe('blocked_address');
    expect(await code(safeFetch(`${origin}/to-localhost-name`, { allowPrivate: false, allowOrigins: [origin] }))).toBe('blocked_address');
    const followed = await safeFetch(`${origin}/to-ok`, { allowOrigins: [origin], allowPrivate: false });
    expect([followed.body.toString(), followed.url, followed.redirects]).toEqual(['hello', `${origin}/ok`, [`${origin}/to-ok`]]);
  });

  it('caps redirects, and drops cookies when a redirect leaves the origin', async () => {
    expect(await code(safeFetch(`${origin}/loop`, { allowPrivate: true, maxRedirects: 3 }))).toBe('too_many_redirects');
    const same = await safeFetch(`${origin}/headers`, { allowPrivate: true, headers: { cookie: 'sid=1' } });
    expect(JSON.parse(same.body.toString()).cookie).toBe('sid=1');
    const away = await safeFetch(`${origin}/to-other-with-cookie`, { allowPrivate: true, headers: { cookie: 'sid=1' } });
    expect(away.body.toString()).toBe('internal secret');
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    expect(await code(safeFetch(`${origin}/big`, { allowPrivate: true, maxBytes: 1000 }))).toBe('too_large');
    expect(await code(safeFetch(`${origin}/big-chunked`, { allowPrivate: true, maxBytes: 1000 }))).toBe('too_large');
    expect((await safeFetch(`${origin}/big`, { allowPrivate: true, maxBytes: 10_000 })).body.length).toBe(10_000);
  });

  it('gives up on a server that never answers, or never finishes its body', async () => {
    expect(await code(safeFetch(`${origin}/hang`, { allowPrivate: true, headersTimeoutMs: 200 }))).toBe('timeout');
    expect(await code(safeFetch(`${origin}/hang-body`, { allowPrivate: true, bodyTimeoutMs: 200 }))).toBe('timeout');
    expect(await code(safeFetch(`${origin}/hang`, { allowPrivate: true, totalTimeoutMs: 200 }))).toBe('timeout');
  });

  it('connects a pinned host to the addresses given (no resolver asked), each still checked, on the port given for plain http', async () => {
    // `.invalid` never resolves: only the pin can reach the fixture server.
    const pin = { host: 'look-alike.invalid', addresses: ['127.0.0.1'], httpPort: port };
    const res = await safeFetch('http://look-alike.invalid/ok', { pin, allowPrivate: true });
    expect([res.status, res.body.toString()]).toEqual([200, 'hello']);
    const followed = await safeFetch('http://look-alike.invalid/to-ok', { pin, allowPrivate: true });
    expect([followed.url, followed.body.toString()]).toEqual(['http://look-alike.invalid/ok', 'hello']);
    expect(await code(safeFetch('http://look-alike.invalid/ok', { pin }))).toBe('blocked_address');
    // Another host is not pinned: it goes to the resolver, which knows no such name.
    expect(await code(safeFetch('http://other.invalid/ok', { pin, allowPrivate: true }))).toBe('network');
  });
});
