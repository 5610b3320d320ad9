import { safeFetch, type OutboundPolicy } from '../../platform/outbound/index.js';

/**
 * RDAP (RFC 9083) for a look-alike's registration facts (issue 32 point 2). The server of a TLD comes from IANA's
 * bootstrap file (RFC 9224), fetched when first needed and kept a day, or from the administrator's RDAP_SERVERS.
 * Every request goes through safeFetch (public addresses only, size and time limits); the administrator's own
 * addresses (the bootstrap URL and RDAP_SERVERS when set) are exempt from the address rule, as they chose them.
 */

export interface RegistrationFacts {
  registrar: string | null;
  createdAt: Date | null;
  expiresAt: Date | null;
}
/** `missing`: the server answered that it holds no such domain (404), so WHOIS is asked instead. */
export type RdapAnswer = RegistrationFacts | 'missing' | null;

export const IANA_RDAP_BOOTSTRAP = 'https://data.iana.org/rdap/dns.json';
const DAY_MS = 86_400_000;
const LIMITS = { maxBytes: 1024 * 1024, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, totalTimeoutMs: 20_000, maxRedirects: 3 };

/** `tld=https://base/` pairs, comma-separated, to a map by lower-case TLD (bases ending in a slash). */
export function rdapServersFromEnv(value: string | undefined): Map<string, string> {
  const servers = new Map<string, string>();
  for (const pair of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    const tld = pair.slice(0, at).trim().replace(/^\./, '').toLowerCase();
    const base = pair.slice(at + 1).trim();
    if (at < 1 || !/^https?:\/\//.test(base)) throw new Error(`RDAP_SERVERS: "${pair}" is not tld=https://server/`);
    servers.set(tld, base.endsWith('/') ? base : `${base}/`);
  }
  return servers;
}

export const originOf = (url: string) => new URL(url).origin;

interface Bootstrap {
  fetchedAt: number;
  /** null: the file could not be read, kept a few minutes so a run's look-ups do not each wait for it again. */
  servers: Map<string, string> | null;
}
/** By bootstrap URL: one process fetches IANA's file once a day. */
const bootstraps = new Map<string, Promise<Bootstrap>>();
const FAILED_RETRY_MS = 10 * 60_000;

async function fetchBootstrap(url: string, policy: OutboundPolicy): Promise<Bootstrap> {
  const failed = { fetchedAt: Date.now(), servers: null };
  try {
    const res = await safeFetch(url, { ...policy, ...LIMITS, maxBytes: 4 * 1024 * 1024, headers: { accept: 'application/json' } });
    if (res.status !== 200) return failed;
    const file = JSON.parse(res.body.toString('utf8')) as { services?: [string[], string[]][] };
    const servers = new Map<string, string>();
    for (const [tlds, urls] of file.services ?? []) {
      // Several addresses per service: https first (the bootstrap's own advice).
      const base = [...urls].sort((a, b) => Number(b.startsWith('https:')) - Number(a.startsWith('https:')))[0];
      if (!base) continue;
      for (const tld of tlds) servers.set(tld.toLowerCase(), base.endsWith('/') ? base : `${base}/`);
    }
    return { fetchedAt: Date.now(), servers };
  } catch {
    return failed;
  }
}

/** The RDAP base of a TLD from the bootstrap file, or null when it has none or cannot be read. */
export async function bootstrapServer(tld: string, bootstrapUrl: string, trusted: boolean, now = Date.now()): Promise<string | null> {
  let entry = bootstraps.get(bootstrapUrl);
  const held = entry && (await entry);
  if (!held || now - held.fetchedAt > (held.servers ? DAY_MS : FAILED_RETRY_MS)) {
    entry = fetchBootstrap(bootstrapUrl, trusted ? { allowOrigins: [originOf(bootstrapUrl)] } : {});
    bootstraps.set(bootstrapUrl, entry);
  }
  const bootstrap = await entry!;
  return bootstrap.servers?.get(tld.toLowerCase()) ?? null;
}

interface RdapEntity {
  roles?: string[];
  vcardArray?: [string, [string, unknown, string, unknown][]];
  entities?: RdapEntity[];
}
interface RdapDomain {
  events?: { eventAction?: string; eventDate?: string }[];
  entities?: RdapEntity[];
}

function dateOf(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function registrarOf(entities: RdapEntity[] = []): string | null {
  for (const e of entities) {
    if (!e.roles?.includes('registrar')) continue;
    const fn = e.vcardArray?.[1]?.find((p) => Array.isArray(p) && p[0] === 'fn')?.[3];
    if (typeof fn === 'string' && fn.trim()) return fn.trim();
  }
  return null;
}

/** The facts of an RDAP domain answer; null when it is not one. */
export function parseRdap(body: unknown): RegistrationFacts | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const domain = body as RdapDomain;
  const event = (action: string) => dateOf(domain.events?.find((e) => e.eventAction === action)?.eventDate);
  const facts = { registrar: registrarOf(domain.entities), createdAt: event('registration'), expiresAt: event('expiration') };
  return facts.registrar || facts.createdAt || facts.expiresAt ? facts : null;
}

/** Asks an RDAP server about a domain; null when it cannot be reached or answers something else. Never throws. */
export async function askRdap(base: string, domain: string, policy: OutboundPolicy, timeoutMs?: number): Promise<RdapAnswer> {
  const limits = timeoutMs ? { ...LIMITS, headersTimeoutMs: timeoutMs, bodyTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs * 2 } : LIMITS;
  try {
    const res = await safeFetch(`${base}domain/${encodeURIComponent(domain)}`, { ...policy, ...limits, headers: { accept: 'application/rdap+json, application/json' } });
    if (res.status === 404) return 'missing';
    if (res.status !== 200) return null;
    return parseRdap(JSON.parse(res.body.toString('utf8')));
  } catch {
    return null;
  }
}

/** For the tests: the bootstrap files held are forgotten. */
export function forgetBootstraps(): void {
  bootstraps.clear();
}
