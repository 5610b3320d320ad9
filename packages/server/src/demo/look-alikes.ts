import type { Misbehave, ZoneRecord } from '../areas/domain-watch/dns-zone.js';
import { DEFAULT_KEYWORDS, FUZZERS } from '../areas/domain-watch/permutations.js';
import type { DnsAnswers } from '../areas/domain-watch/resolve.js';
import { BRAND_SITE_DOMAINS, OFFICIAL_DOMAIN, type BrandSiteVariant } from './brand-sites.js';

/**
 * The demo's look-alikes of SAKURA BEAUTY (issue 32 point 5): the demo domain watch's settings and the small DNS zone
 * the demo serves in-process, so the watch finds something without any network. Every name is one the watch's own
 * permutations make (look-alikes.test.ts checks it). The sites answer on the demo's fixture web server by Host
 * (look-alike-hosts.ts); the seeded past run (domain-watch.ts) is built from the same answers.
 */

/**
 * The demo watch: the brand's official domain, its keywords usable as labels ("sakura beauty" has a space), the
 * usual keyword combinations, every fuzzer but homoglyph: homoglyphs alone make 34,523 names of this 13-letter
 * label, twelve minutes at the resolvers' pace, where the other fuzzers' 459 take seconds.
 */
export const DEMO_DOMAIN_WATCH = {
  domains: [OFFICIAL_DOMAIN],
  words: ['skb', 'さくらビューティー'],
  keywords: [...DEFAULT_KEYWORDS],
  fuzzers: FUZZERS.filter((f) => f !== 'homoglyph'),
  tlds: ['com', 'co.jp', 'net', 'shop', 'store', 'online'],
  schedule: { every: 'day' as const, at: '06:00', timezone: 'Asia/Tokyo' },
};

/** Where the demo's web server listens (it answers each look-alike by its Host header). */
export const LIVE_ADDRESS = '127.0.0.1';
/** Loopback too, where nothing listens: a registered name whose site refuses at once (not live). */
export const DEAD_ADDRESS = '127.0.0.2';

export interface DemoLookAlike {
  /** ASCII, as DNS is asked. */
  domain: string;
  /** The site it serves (brand-sites.ts); none: registered, no web site. */
  variant?: BrandSiteVariant;
  records: Omit<ZoneRecord, 'name'>[];
}

const a = (data: string) => ({ type: 'A' as const, data });
const mx = (data: string) => ({ type: 'MX' as const, data });
const ns = (data: string) => ({ type: 'NS' as const, data });
const PARKING_NS = [ns('ns1.parking-dns.example'), ns('ns2.parking-dns.example')];

/** Live: the clones, the phishing copy (which takes mail too), other brands' shops, parked, for sale, empty. */
const LIVE = (Object.entries(BRAND_SITE_DOMAINS) as [BrandSiteVariant, string][]).map(([variant, domain]): DemoLookAlike => ({
  domain,
  variant,
  records: variant === 'phishing' ? [a(LIVE_ADDRESS), mx(`10 mail.${domain}`)] : variant === 'parked' || variant === 'for-sale' ? [a(LIVE_ADDRESS), ...PARKING_NS] : [a(LIVE_ADDRESS)],
}));

export const DEMO_LOOK_ALIKES: DemoLookAlike[] = [
  { domain: OFFICIAL_DOMAIN, variant: 'official', records: [a(LIVE_ADDRESS), mx(`10 mail.${OFFICIAL_DOMAIN}`)] },
  ...LIVE,
  // Registered, no site answering: mail only, name servers only, an address that refuses.
  { domain: 'sakura-beauty.com', records: [a(DEAD_ADDRESS), mx('10 mx.sakura-beauty.com')] },
  { domain: 'sakura-beauty.co.jp', records: PARKING_NS },
  { domain: 'sakura--beauty.jp', records: [mx('10 mx1.bulk-mail.example')] },
  { domain: 'sakura-beauty-official.jp', records: [mx('10 mx1.bulk-mail.example'), mx('20 mx2.bulk-mail.example')] },
  { domain: 'saku.ra-beauty.jp', records: [a(DEAD_ADDRESS)] },
  { domain: 'sakura-beauty-jp.com', records: [a(DEAD_ADDRESS), ...PARKING_NS] },
  // sakura-さくらビューティー.jp: an internationalised one.
  { domain: 'xn--sakura--y63fzb07ahj1osf1jjmc.jp', records: [a(DEAD_ADDRESS)] },
];

/** A zone answering every name (sakura-b.eauty.jp among them): answers, but not a registration. */
export const WILDCARD_ZONE = 'eauty.jp';
/** A name whose server fails (SERVFAIL): neither registered nor not, asked again next run. */
export const FAILING_NAME = 'sakura-beuaty.jp';

export function demoZoneRecords(): ZoneRecord[] {
  return [...DEMO_LOOK_ALIKES.flatMap((l) => l.records.map((r) => ({ ...r, name: l.domain }))), { name: `*.${WILDCARD_ZONE}`, type: 'A', data: '127.0.0.3' }];
}

export const demoZoneMisbehave: Misbehave = { [FAILING_NAME]: 'SERVFAIL' };

/** The answers the resolver makes of a look-alike's records (resolve.ts: sorted, MX as `priority host`). */
export function answersOf(domain: string): DnsAnswers {
  const records = DEMO_LOOK_ALIKES.find((l) => l.domain === domain)?.records ?? [];
  const of = (type: ZoneRecord['type']) => records.filter((r) => r.type === type).map((r) => r.data).sort();
  return { a: of('A'), aaaa: of('AAAA'), mx: of('MX'), ns: of('NS') };
}
