import { Role, type Candidate, type DomainWatch } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal } from '../../testing/index.js';
import { startDnsZone } from './dns-zone.js';
import { forgetBootstraps } from './rdap.js';
import { createRegistrationLookup } from './registration.js';
import { refreshRegistrations } from './registration-run.js';
import { workRun } from './run.js';
import { startRdapServer, startWhoisServer } from './registry-fixtures.js';
import { parseWhois, whoisDate, whoisServersFromEnv } from './whois.js';

/**
 * Registration facts (issue 32 point 2) from registries the test starts: an RDAP server (with its bootstrap file)
 * and WHOIS servers on 127.0.0.1. Nothing here reaches IANA: every TLD asked has a server set, or the test's IANA.
 */

const ICANN = (registrar: string) => `Domain Name: BRANDSH0P.COM
Registry Domain ID: 123_DOMAIN_COM-VRSN
Registrar WHOIS Server: whois.example-registrar.com
Updated Date: 2026-01-02T03:04:05Z
Creation Date: 2024-05-06T07:08:09Z
Registry Expiry Date: 2027-05-06T07:08:09Z
Registrar: ${registrar}
Registrar IANA ID: 9999
>>> Last update of whois database: 2026-11-28T00:00:00Z <<<
`;

const JPRS_EN = `[ JPRS database provides information on network administration. Its use is    ]
[ restricted to network administration purposes. For further information,     ]
[ use 'whois -h whois.jprs.jp help'. To suppress Japanese output, add'/e'     ]
[ at the end of command, e.g. 'whois -h whois.jprs.jp xxx/e'.                 ]

Domain Information:
[Domain Name]                   BRANDSHOP.JP

[Registrant]                    Brand Shop Imitation Ltd.

[Name Server]                   ns1.example.jp
[Signing Key]

[Created on]                    2025/04/01
[Expires on]                    2026/04/30
[Status]                        Active
[Last Updated]                  2025/05/01 01:05:06 (JST)
`;

const JPRS_JA = `Domain Information: [ドメイン情報]
[Domain Name]                   BRANDSHOP.JP

[登録者名]                      ブランドショップ模倣
[Registrant]                    Brand Shop Imitation Ltd.

[登録年月日]                    2025/04/01
[有効期限]                      2026/04/30
[状態]                          Active
`;

const JPRS_CO_JP = `Domain Information: [ドメイン情報]
a. [ドメイン名]                 BRANDSHOP.CO.JP
g. [Organization]               Brand Shop Imitation Ltd.
[登録年月日]                    2023/10/11
[接続年月日]                    2023/10/12
[状態]                          Connected (2026/10/31)
`;

let rdap: Awaited<ReturnType<typeof startRdapServer>>;
let registry: Awaited<ReturnType<typeof startWhoisServer>>;
let registrar: Awaited<ReturnType<typeof startWhoisServer>>;
let iana: Awaited<ReturnType<typeof startWhoisServer>>;
let silent: Awaited<ReturnType<typeof startWhoisServer>>;

beforeAll(async () => {
  rdap = await startRdapServer(
    {
      'brandshop.com': { registrar: 'Example Registrar, Inc.', registration: '2024-01-02T03:04:05Z', expiration: '2027-01-02T03:04:05Z' },
      'brandshop.shop': { registrar: 'Shop Registrar KK', registration: '2025-06-07T00:00:00Z' },
      'brandsh0p.net': 'garbage',
    },
    ['shop'],
  );
  registrar = await startWhoisServer({ 'brandsh0p.com': ICANN('Thick Registrar LLC') });
  registry = await startWhoisServer((query) => {
    if (query === 'brandsh0p.com') return ICANN('Thin Registry Says').replace('Registrar: Thin Registry Says\n', '').replace('whois.example-registrar.com', registrar.address);
    if (query === 'brandsho.com') return ICANN('Registry Registrar');
    if (query === 'brandshop.jp/e') return JPRS_EN;
    if (query === 'brandsh0p.net') return ICANN('Net Registrar');
    if (query === 'brandshop.xyz') return 'garbage';
    return undefined;
  });
  silent = await startWhoisServer(() => 'silent');
  iana = await startWhoisServer((query) => (query === 'org' ? `% IANA WHOIS server\n\ndomain:       ORG\n\nrefer:        ${registry.address}\n` : undefined));
  registry.asked.length = 0;
});
afterAll(async () => {
  await Promise.all([rdap?.close(), registry?.close(), registrar?.close(), iana?.close(), silent?.close()]);
});

const lookup = (extra: { whois?: string; bootstrap?: boolean } = {}) =>
  createRegistrationLookup(
    {
      rdapServers: `com=${rdap.base},net=${rdap.base}`,
      // The bootstrap names the fixture server for .shop; every other TLD has no RDAP server there.
      rdapBootstrapUrl: rdap.bootstrapUrl,
      whoisServers: extra.whois ?? `com=${registry.address},jp=${registry.address},net=${registry.address},xyz=${registry.address},io=${silent.address}`,
    },
    { policy: { allowPrivate: true }, ianaWhois: { host: iana.host, port: iana.port }, timeoutMs: 300, concurrency: 8, perSecond: 1000 },
  );

describe('registration facts', () => {
  it('reads the registrar and the dates from RDAP', async () => {
    expect(await lookup()('brandshop.com')).toEqual({
      registrar: 'Example Registrar, Inc.',
      createdAt: new Date('2024-01-02T03:04:05Z'),
      expiresAt: new Date('2027-01-02T03:04:05Z'),
      source: 'rdap',
    });
  });

  it("finds a TLD's RDAP server in the bootstrap file", async () => {
    forgetBootstraps();
    expect(await lookup()('brandshop.shop')).toEqual({ registrar: 'Shop Registrar KK', createdAt: new Date('2025-06-07T00:00:00Z'), expiresAt: null, source: 'rdap' });
  });

  it('asks WHOIS when RDAP does not hold the name (404) or answers garbage', async () => {
    expect(await lookup()('brandsho.com')).toEqual({
      registrar: 'Registry Registrar',
      createdAt: new Date('2024-05-06T07:08:09Z'),
      expiresAt: new Date('2027-05-06T07:08:09Z'),
      source: 'whois',
    });
    expect(await lookup()('brandsh0p.net')).toMatchObject({ registrar: 'Net Registrar', source: 'whois' });
  });

  it("follows a thin registry's referral to the registrar's server for what it leaves out", async () => {
    registrar.asked.length = 0;
    expect(await lookup()('brandsh0p.com')).toEqual({
      registrar: 'Thick Registrar LLC',
      createdAt: new Date('2024-05-06T07:08:09Z'),
      expiresAt: new Date('2027-05-06T07:08:09Z'),
      source: 'whois',
    });
    expect(registrar.asked).toEqual(['brandsh0p.com']);
  });

  it('does not follow a referral to a private address unless allowed', async () => {
    const strict = createRegistrationLookup({ whoisServers: `com=${registry.address}`, rdapServers: `com=${rdap.base}` }, { policy: { allowPrivate: false }, timeoutMs: 300 });
    registrar.asked.length = 0;
    // The registry's own answer has the dates but not the registrar; the private registrar server is not asked.
    expect(await strict('brandsh0p.com')).toMatchObject({ registrar: null, createdAt: new Date('2024-05-06T07:08:09Z'), source: 'whois' });
    expect(registrar.asked).toEqual([]);
  });

  it("reads JPRS's .jp answer, asking it in English", async () => {
    expect(await lookup()('brandshop.jp')).toEqual({ registrar: null, createdAt: new Date('2025-04-01T00:00:00Z'), expiresAt: new Date('2026-04-30T00:00:00Z'), source: 'whois' });
    expect(registry.asked).toContain('brandshop.jp/e');
    expect(parseWhois(JPRS_JA)).toMatchObject({ registrant: 'Brand Shop Imitation Ltd.', createdAt: new Date('2025-04-01T00:00:00Z'), expiresAt: new Date('2026-04-30T00:00:00Z') });
    expect(parseWhois(JPRS_EN).registrant).toBe('Brand Shop Imitation Ltd.');
    // co.jp: the date it lasts until is in its state.
    expect(parseWhois(JPRS_CO_JP)).toMatchObject({ createdAt: new Date('2023-10-11T00:00:00Z'), expiresAt: new Date('2026-10-31T00:00:00Z') });
  });

  it("finds a TLD's WHOIS server through IANA's refer line", async () => {
    expect(await lookup({ whois: '' })('brandsho.org')).toBeNull();
    expect(iana.asked).toContain('org');
    expect(registry.asked).toContain('brandsho.org');
  });

  it('answers null, never throwing, on a silent server, garbage, an unknown name and an unreachable registry', async () => {
    expect(await lookup()('brandshop.io')).toBeNull();
    expect(await lookup()('brandshop.xyz')).toBeNull();
    expect(await lookup()('nothere.com')).toBeNull();
    expect(await lookup({ whois: 'com=127.0.0.1:1' })('nothere.com')).toBeNull();
    // No RDAP server in the bootstrap, none at IANA's WHOIS: nothing to ask.
    expect(await lookup({ whois: '' })('brandshop.zz')).toBeNull();
  });

  it('asks WHOIS when the bootstrap file cannot be read', async () => {
    const unreadable = createRegistrationLookup({ rdapBootstrapUrl: 'http://127.0.0.1:1/dns.json', whoisServers: `jp=${registry.address}` }, { policy: { allowPrivate: true }, timeoutMs: 300 });
    expect(await unreadable('brandshop.jp')).toMatchObject({ createdAt: new Date('2025-04-01T00:00:00Z'), source: 'whois' });
    expect(await unreadable('brandshop.jp')).toMatchObject({ source: 'whois' });
  });

  it('keeps at most the size cap of an answer', async () => {
    const big = await startWhoisServer(() => ICANN('Big Registrar') + 'x'.repeat(2_000_000));
    try {
      expect(await lookup({ whois: `com=${big.address}` })('huge.com')).toMatchObject({ registrar: 'Big Registrar', source: 'whois' });
    } finally {
      await big.close();
    }
  });

  it('reads the date formats WHOIS servers write', () => {
    const day = new Date('2001-02-03T00:00:00Z');
    for (const text of ['2001-02-03', '2001/02/03', '2001.02.03', '03-Feb-2001', '03-feb-2001', '03.02.2001', '2001/02/03 (JST)']) expect(whoisDate(text), text).toEqual(day);
    expect(whoisDate('2001-02-03 04:05:06')).toEqual(new Date('2001-02-03T04:05:06Z'));
    expect(whoisDate('2001-02-03T04:05:06+0900')).toEqual(new Date('2001-02-02T19:05:06Z'));
    for (const text of ['', 'never', '2001-13-40', '31-Foo-2001']) expect(whoisDate(text), text).toBeNull();
    expect(parseWhois('Registrar:\n        Nominet Tag Ltd [Tag = NOMTAG]\n    Relevant dates:\n        Registered on: 03-Feb-2001\n        Expiry date:  03-Feb-2027\n')).toMatchObject({
      registrar: 'Nominet Tag Ltd',
      createdAt: day,
      expiresAt: new Date('2027-02-03T00:00:00Z'),
    });
  });

  it('refuses malformed server settings with the setting named', () => {
    expect(() => createRegistrationLookup({ rdapServers: 'com' })).toThrow(/RDAP_SERVERS: "com"/);
    expect(() => createRegistrationLookup({ rdapServers: 'com=ftp://x/' })).toThrow(/RDAP_SERVERS/);
    expect(() => whoisServersFromEnv('com=host:99999')).toThrow(/WHOIS_SERVERS: "com=host:99999"/);
    expect(whoisServersFromEnv(' .COM=whois.example:4343, jp=whois.jprs.jp ')).toEqual(
      new Map([
        ['com', { host: 'whois.example', port: 4343 }],
        ['jp', { host: 'whois.jprs.jp', port: 43 }],
      ]),
    );
  });
});

describe('a run', () => {
  it('stores the facts of its registered candidates, at most the configured number, and asks again only when they are old', async () => {
    const zone = await startDnsZone([
      { name: 'randshop.com', type: 'A', data: '192.0.2.10' },
      { name: 'brandsho.com', type: 'A', data: '192.0.2.11' },
      { name: 'brandshp.com', type: 'A', data: '192.0.2.12' },
    ]);
    const tp = await startTestPortal();
    try {
      const config = tp.portal.services.config;
      config.domainWatch.dnsServers = zone.server;
      Object.assign(config.domainRegistration, { rdapServers: `com=${rdap.base}`, whoisServers: `com=${registry.address}`, maxPerRun: 2 });
      const clientId = await createClient(tp, 'Registrations Co');
      const analyst = await createUser(tp, { role: Role.ANALYST });
      await manage(tp, analyst, clientId);
      const ok = async <T>(path: string, body: object): Promise<T> => {
        const res = await tp.post(path, body, { token: analyst.token });
        expect(res.body.code, res.body.message).toBe(0);
        return res.body.data as T;
      };
      const { watch } = await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['brandshop.com'], fuzzers: ['omission'] });
      const runOnce = async () => workRun(tp.portal.services, (await ok<{ runId: number }>('/api/domain-watch/run-now', { watchId: watch.id })).runId);
      const registrations = async () =>
        Object.fromEntries((await ok<{ candidates: Candidate[] }>('/api/domain-watch/fetch-candidates', { watchId: watch.id, offset: 0, limit: 50 })).candidates.map((c) => [c.domain, c.registration]));
      const asked = () => registry.asked.splice(0).filter((q) => q.endsWith('.com'));
      registry.asked.length = 0;
      await runOnce();
      // Two of the three registered look-alikes (the cap); the third at the next run. Only brandsho.com is known to the registry.
      expect(asked()).toHaveLength(2);
      await runOnce();
      expect(asked()).toHaveLength(1);
      const known = await registrations();
      expect(known['brandsho.com']).toEqual({ registrar: 'Registry Registrar', createdAt: '2024-05-06T07:08:09.000Z', expiresAt: '2027-05-06T07:08:09.000Z', source: 'whois' });
      expect([known['randshop.com'], known['brandshp.com']]).toEqual([null, null]);
      // Everything asked today: nobody asked again; a day later the names nothing was learnt of; after 30 days all.
      expect(await refreshRegistrations(tp.portal.services, watch.id)).toBe(0);
      tp.clock.advance(2 * 86_400_000);
      expect(await refreshRegistrations(tp.portal.services, watch.id)).toBe(2);
      expect(asked().sort()).toEqual(['brandshp.com', 'randshop.com']);
      tp.clock.advance(31 * 86_400_000);
      expect(await refreshRegistrations(tp.portal.services, watch.id)).toBe(2);
      expect(asked()).toContain('brandsho.com');
    } finally {
      await tp.close();
      await zone.close();
    }
  }, 60_000);
});
