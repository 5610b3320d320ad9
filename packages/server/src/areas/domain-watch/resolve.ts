import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { pace } from './pace.js';

/**
 * Which look-alikes exist (issue 32 point 2): A, AAAA, MX and NS of each name through the resolvers the
 * administrator sets (DNS_SERVERS, `ip` or `ip:port`, comma-separated; unset, the system's), paced (concurrency and
 * queries per second) and with a timeout.
 *
 * The answer keeps apart what dnstwist's users kept mixing up (its issues 163 and 221):
 * - `unregistered`: the resolver said NXDOMAIN, the only answer that proves a name does not exist;
 * - `failed`: SERVFAIL, REFUSED, a timeout or another error on a type, and no other type answered: nothing is
 *   known, the next run asks again (a failure is never "not registered", nor "registered");
 * - `wildcard`: the parent zone answers any name (a random label under it resolves) and this name's answers are
 *   exactly the wildcard's: the name need not exist at all, so it is not counted as registered;
 * - `registered`: some type answered with records that are not the wildcard's, or every type answered "no data"
 *   (the name exists, with other records only).
 * The wildcard probe runs once per parent zone and run; a probe that fails leaves a name with answers `failed`
 * (it cannot be told from a wildcard).
 */

export interface DnsAnswers {
  a: string[];
  aaaa: string[];
  mx: string[];
  ns: string[];
}
export type Registration = 'registered' | 'unregistered' | 'wildcard' | 'failed';
export interface Resolution {
  domain: string;
  status: Registration;
  dns: DnsAnswers;
  /** Why a look-up failed: the resolver's code per record type (ESERVFAIL, ETIMEOUT, EREFUSED, ...). */
  errors: Partial<Record<keyof DnsAnswers, string>>;
}

export interface ResolveOptions {
  /** `ip` or `ip:port` ([v6]:port); empty: the system's resolvers. */
  servers?: string[];
  concurrency?: number;
  perSecond?: number;
  /** Per try; c-ares doubles it on each retry. */
  timeoutMs?: number;
  tries?: number;
}

export const DNS_DEFAULTS = { concurrency: 32, perSecond: 200, timeoutMs: 2500, tries: 2 };
const TYPES = ['a', 'aaaa', 'mx', 'ns'] as const;
type Type = (typeof TYPES)[number];
/** Answered "no such name" or "no such record": a real answer, not a failure. */
const NXDOMAIN = 'ENOTFOUND';
const NODATA = 'ENODATA';

/** DNS_SERVERS read and checked: a wrong entry stops the start rather than silently asking the system. */
export function dnsServersFromEnv(value = process.env.DNS_SERVERS): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((s) => s.trim()).filter(Boolean).map((entry) => {
    const m = /^\[(.+)\]:(\d+)$/.exec(entry) ?? /^([^:]+):(\d+)$/.exec(entry);
    const host = m ? m[1]! : entry;
    const port = m ? Number(m[2]) : 53;
    if (!isIP(host) || port < 1 || port > 65535) throw new Error(`DNS_SERVERS: "${entry}" is not an ip or ip:port`);
    return entry;
  });
}

type Answer = { records: string[] } | { code: string };

async function ask(resolver: Resolver, name: string, type: Type): Promise<Answer> {
  try {
    if (type === 'a') return { records: await resolver.resolve4(name) };
    if (type === 'aaaa') return { records: await resolver.resolve6(name) };
    if (type === 'mx') return { records: (await resolver.resolveMx(name)).map((r) => `${r.priority} ${r.exchange.toLowerCase()}`) };
    return { records: (await resolver.resolveNs(name)).map((r) => r.toLowerCase()) };
  } catch (err) {
    return { code: (err as NodeJS.ErrnoException).code ?? 'EUNKNOWN' };
  }
}

const sameAnswers = (x: DnsAnswers, y: DnsAnswers) => TYPES.every((t) => x[t].join() === y[t].join());

export function createDomainResolver(options: ResolveOptions = {}) {
  const o = { ...DNS_DEFAULTS, ...options };
  const resolver = new Resolver({ timeout: o.timeoutMs, tries: o.tries });
  const servers = options.servers ?? dnsServersFromEnv();
  if (servers.length) resolver.setServers(servers);
  const run = pace(o.concurrency, o.perSecond);
  const wildcards = new Map<string, Promise<DnsAnswers | null | 'failed'>>();

  async function lookUp(name: string): Promise<{ dns: DnsAnswers; codes: Partial<Record<Type, string>> }> {
    const answers = await Promise.all(TYPES.map((t) => run(() => ask(resolver, name, t))));
    const dns: DnsAnswers = { a: [], aaaa: [], mx: [], ns: [] };
    const codes: Partial<Record<Type, string>> = {};
    TYPES.forEach((t, i) => {
      const answer = answers[i]!;
      if ('records' in answer) dns[t] = [...answer.records].sort();
      else codes[t] = answer.code;
    });
    return { dns, codes };
  }

  /** The parent zone's answers for any name, null when it has no wildcard, 'failed' when that is not known. */
  function wildcardOf(parent: string) {
    let known = wildcards.get(parent);
    if (!known) {
      known = lookUp(`wc-${randomBytes(8).toString('hex')}.${parent}`).then(({ dns, codes }) => {
        const failed = Object.values(codes).some((c) => c !== NXDOMAIN && c !== NODATA);
        if (TYPES.some((t) => dns[t].length)) return dns;
        return failed ? 'failed' : null;
      });
      wildcards.set(parent, known);
    }
    return known;
  }

  async function resolve(domain: string): Promise<Resolution> {
    const { dns, codes } = await lookUp(domain);
    const errors: Resolution['errors'] = {};
    for (const [t, c] of Object.entries(codes)) if (c !== NXDOMAIN && c !== NODATA) errors[t as Type] = c;
    const answered = TYPES.some((t) => dns[t].length);
    const nxdomain = Object.values(codes).includes(NXDOMAIN);
    const failed = Object.keys(errors).length > 0;
    if (!answered) {
      const status: Registration = nxdomain ? 'unregistered' : failed ? 'failed' : 'registered';
      return { domain, status, dns, errors };
    }
    const parent = domain.slice(domain.indexOf('.') + 1);
    const wildcard = parent ? await wildcardOf(parent) : null;
    if (wildcard === 'failed') return { domain, status: 'failed', dns, errors: { ...errors, a: errors.a ?? 'EWILDCARD' } };
    if (wildcard && sameAnswers(dns, wildcard)) return { domain, status: 'wildcard', dns, errors };
    return { domain, status: 'registered', dns, errors };
  }

  return {
    resolve,
    /** Every name, in the order given, paced; never throws for one name. */
    resolveAll: (domains: readonly string[]) => Promise.all(domains.map((d) => resolve(d))),
  };
}
