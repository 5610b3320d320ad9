import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsZone } from './dns-zone.js';
import { createDomainResolver, dnsServersFromEnv, type Registration } from './resolve.js';

/**
 * Issue 32 point 2 against a DNS server the test starts: registered names of every record kind, a wildcard zone,
 * names answering SERVFAIL, REFUSED or nothing. Every name's expected status is known; the test asserts no false
 * "registered", none missed, and failures marked as failures (never as "not registered").
 */
let zone: Awaited<ReturnType<typeof startDnsZone>>;

const EXPECTED: Record<string, Registration> = {
  'a-only.test': 'registered',
  'aaaa-only.test': 'registered',
  'mx-only.test': 'registered',
  'ns-only.test': 'registered',
  'txt-only.test': 'registered',
  'real.wild.test': 'registered',
  'post.wild.test': 'registered',
  'anything.wild.test': 'wildcard',
  'paypa1.wild.test': 'wildcard',
  'missing.test': 'unregistered',
  'paypa1.test': 'unregistered',
  'servfail.test': 'failed',
  'refused.test': 'failed',
  'slow.test': 'failed',
};

beforeAll(async () => {
  zone = await startDnsZone(
    [
      { name: 'a-only.test', type: 'A', data: '192.0.2.1' },
      { name: 'aaaa-only.test', type: 'AAAA', data: '2001:db8::1' },
      { name: 'mx-only.test', type: 'MX', data: '10 mail.example.net' },
      { name: 'ns-only.test', type: 'NS', data: 'ns1.example.net' },
      { name: 'txt-only.test', type: 'TXT', data: 'v=spf1 -all' },
      { name: '*.wild.test', type: 'A', data: '192.0.2.50' },
      { name: 'real.wild.test', type: 'A', data: '192.0.2.60' },
      { name: 'post.wild.test', type: 'A', data: '192.0.2.50' },
      { name: 'post.wild.test', type: 'MX', data: '10 mx.wild.test' },
    ],
    { 'servfail.test': 'SERVFAIL', 'refused.test': 'REFUSED', 'slow.test': 'silent' },
  );
});
afterAll(() => zone.close());

describe('resolving look-alikes', () => {
  it('tells registered, unregistered, wildcard and failed apart: 0 false registered, 0 missed', async () => {
    const resolver = createDomainResolver({ servers: [zone.server], timeoutMs: 300, tries: 1, concurrency: 4, perSecond: 500 });
    const results = await resolver.resolveAll(Object.keys(EXPECTED));
    expect(Object.fromEntries(results.map((r) => [r.domain, r.status]))).toEqual(EXPECTED);
    const by = Object.fromEntries(results.map((r) => [r.domain, r]));
    expect(by['a-only.test']!.dns).toEqual({ a: ['192.0.2.1'], aaaa: [], mx: [], ns: [] });
    expect(by['aaaa-only.test']!.dns.aaaa).toEqual(['2001:db8::1']);
    expect(by['mx-only.test']!.dns).toEqual({ a: [], aaaa: [], mx: ['10 mail.example.net'], ns: [] });
    expect(by['ns-only.test']!.dns.ns).toEqual(['ns1.example.net']);
    expect(by['servfail.test']!.errors).toMatchObject({ a: 'ESERVFAIL' });
    expect(by['refused.test']!.errors).toMatchObject({ a: 'EREFUSED' });
    expect(by['slow.test']!.errors).toMatchObject({ a: 'ETIMEOUT' });
    expect(by['missing.test']!.errors).toEqual({});
  });

  it('keeps a name whose wildcard check fails, or whose other types fail, apart', async () => {
    // A broken zone: every name it does not hold fails, so whether it has a wildcard cannot be known.
    const broken = await startDnsZone(
      [
        { name: 'shop.flaky.test', type: 'A', data: '192.0.2.70' },
        { name: 'half.test', type: 'A', data: '192.0.2.80' },
      ],
      (name, type) => (name.endsWith('.flaky.test') && name !== 'shop.flaky.test') || (name === 'half.test' && type === 'MX') ? 'SERVFAIL' : undefined,
    );
    try {
      const resolver = createDomainResolver({ servers: [broken.server], timeoutMs: 300, tries: 1 });
      const [shop, half] = await resolver.resolveAll(['shop.flaky.test', 'half.test']);
      expect(shop!.status).toBe('failed');
      expect(shop!.dns.a).toEqual(['192.0.2.70']);
      // An answer on one type proves the name exists; the failed type is kept with it.
      expect(half!.status).toBe('registered');
      expect(half!.errors).toEqual({ mx: 'ESERVFAIL' });
    } finally {
      await broken.close();
    }
  });

  it('a resolver that does not answer at all fails every name, none "not registered"', async () => {
    const silent = await startDnsZone([], { 'a-only.test': 'silent', 'missing.test': 'silent' });
    try {
      const resolver = createDomainResolver({ servers: [silent.server], timeoutMs: 200, tries: 1 });
      const results = await resolver.resolveAll(['a-only.test', 'missing.test']);
      expect(results.map((r) => r.status)).toEqual(['failed', 'failed']);
    } finally {
      await silent.close();
    }
  });
});

describe('DNS_SERVERS', () => {
  it('takes ip and ip:port, comma-separated; unset is the system\'s; anything else is refused', () => {
    expect(dnsServersFromEnv(undefined)).toEqual([]);
    expect(dnsServersFromEnv(' ')).toEqual([]);
    expect(dnsServersFromEnv('192.0.2.53, 127.0.0.1:5353,2001:db8::53,[2001:db8::53]:5300')).toEqual(['192.0.2.53', '127.0.0.1:5353', '2001:db8::53', '[2001:db8::53]:5300']);
    expect(() => dnsServersFromEnv('dns.example.com')).toThrow(/DNS_SERVERS/);
    expect(() => dnsServersFromEnv('127.0.0.1:99999')).toThrow(/DNS_SERVERS/);
  });
});
