import http from 'node:http';
import net from 'node:net';

/**
 * Registries in-process on 127.0.0.1 for the tests (and the demo, later): an RDAP server answering the domains it
 * holds and 404 for the rest, serving a bootstrap file (`/dns.json`) that names itself for the TLDs asked; and a
 * WHOIS server answering each question from a table, `silent` ones never, `garbage` ones with random bytes.
 */

export interface RdapDomainFixture {
  registrar?: string;
  registration?: string;
  expiration?: string;
}

export async function startRdapServer(domains: Record<string, RdapDomainFixture | 'garbage'>, bootstrapTlds: string[] = []) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/dns.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ version: '1.0', services: [[bootstrapTlds, [`http://127.0.0.1:${port}/rdap/`]]] }));
      return;
    }
    const name = decodeURIComponent(/^\/rdap\/domain\/(.+)$/.exec(url.pathname)?.[1] ?? '').toLowerCase();
    const domain = domains[name];
    if (!domain) {
      res.statusCode = 404;
      res.end(JSON.stringify({ errorCode: 404, title: 'Not Found' }));
      return;
    }
    res.setHeader('content-type', 'application/rdap+json');
    if (domain === 'garbage') {
      res.end('<html>not rdap');
      return;
    }
    const events = [
      ...(domain.registration ? [{ eventAction: 'registration', eventDate: domain.registration }] : []),
      ...(domain.expiration ? [{ eventAction: 'expiration', eventDate: domain.expiration }] : []),
      { eventAction: 'last update of RDAP database', eventDate: '2026-01-01T00:00:00Z' },
    ];
    const entities = domain.registrar
      ? [{ objectClassName: 'entity', roles: ['registrar'], vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', domain.registrar]]] }]
      : [];
    res.end(JSON.stringify({ objectClassName: 'domain', ldhName: name, events, entities }));
  });
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  const port = (server.address() as net.AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}/rdap/`,
    bootstrapUrl: `http://127.0.0.1:${port}/dns.json`,
    close: () => new Promise<void>((go) => server.close(() => go())),
  };
}

export type WhoisAnswer = string | Buffer | 'silent' | 'garbage';

export async function startWhoisServer(answers: Record<string, WhoisAnswer> | ((query: string) => WhoisAnswer | undefined)) {
  const asked: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let question = '';
    socket.on('data', (chunk) => {
      question += chunk.toString('latin1');
      if (!question.includes('\n')) return;
      const query = question.trim();
      asked.push(query);
      const answer = typeof answers === 'function' ? answers(query) : answers[query.toLowerCase()];
      if (answer === 'silent') return;
      if (answer === 'garbage') return socket.end(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)));
      socket.end(answer ?? `No match for "${query}".\r\n`);
    });
  });
  await new Promise<void>((go) => server.listen(0, '127.0.0.1', go));
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    address: `127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise<void>((go) => {
        for (const s of sockets) s.destroy();
        server.close(() => go());
      }),
  };
}
