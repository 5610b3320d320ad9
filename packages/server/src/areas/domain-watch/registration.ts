import type { OutboundPolicy } from '../../platform/outbound/index.js';
import { pace } from './pace.js';
import { askRdap, bootstrapServer, IANA_RDAP_BOOTSTRAP, originOf, rdapServersFromEnv, type RegistrationFacts } from './rdap.js';
import { IANA_WHOIS, referredServer, whoisFacts, whoisServersFromEnv, type WhoisServer } from './whois.js';

/**
 * A look-alike's registration facts (issue 32 point 2): RDAP where the TLD has a server and answers, WHOIS where it
 * has none, cannot be reached or does not hold the name (404). Paced (registries limit their callers harshly) and
 * never throwing: null when neither said anything.
 */

export interface Registration extends RegistrationFacts {
  source: 'rdap' | 'whois';
}

export interface RegistrationSettings {
  /** RDAP_SERVERS: `tld=https://base/`, comma-separated. */
  rdapServers?: string | undefined;
  /** RDAP_BOOTSTRAP_URL; unset, IANA's. */
  rdapBootstrapUrl?: string | undefined;
  /** WHOIS_SERVERS: `tld=host:port`, comma-separated. */
  whoisServers?: string | undefined;
}

export interface RegistrationOptions {
  /** For the RDAP servers the bootstrap names and the WHOIS referrals (the crawler's rule by default). */
  policy?: OutboundPolicy;
  /** Where a TLD's WHOIS server is asked for (whois.iana.org). */
  ianaWhois?: WhoisServer;
  /** Per question, RDAP and WHOIS alike (10 s). */
  timeoutMs?: number;
  concurrency?: number;
  perSecond?: number;
}

export const REGISTRATION_PACE = { concurrency: 4, perSecond: 2 };

export function createRegistrationLookup(settings: RegistrationSettings, options: RegistrationOptions = {}) {
  const rdapOverrides = rdapServersFromEnv(settings.rdapServers);
  const whoisOverrides = whoisServersFromEnv(settings.whoisServers);
  const bootstrapUrl = settings.rdapBootstrapUrl || IANA_RDAP_BOOTSTRAP;
  const policy = options.policy ?? {};
  const allowPrivate = policy.allowPrivate ?? process.env.CRAWLER_ALLOW_PRIVATE === '1';
  const whoisOptions = { allowPrivate, ...(options.timeoutMs && { timeoutMs: options.timeoutMs }) };
  const run = pace(options.concurrency ?? REGISTRATION_PACE.concurrency, options.perSecond ?? REGISTRATION_PACE.perSecond);
  /** Each TLD's registry server asked of IANA once per lookup (one run). */
  const referred = new Map<string, Promise<WhoisServer | null>>();

  async function viaRdap(tld: string, domain: string): Promise<Registration | 'missing' | null> {
    const override = rdapOverrides.get(tld);
    const base = override ?? (await bootstrapServer(tld, bootstrapUrl, Boolean(settings.rdapBootstrapUrl)));
    if (!base) return null;
    // The administrator's servers are theirs to choose; the bootstrap's follow the outbound rule.
    const answer = await askRdap(base, domain, override ? { ...policy, allowOrigins: [...(policy.allowOrigins ?? []), originOf(base)] } : policy, options.timeoutMs);
    return answer && answer !== 'missing' ? { ...answer, source: 'rdap' } : answer;
  }

  async function viaWhois(tld: string, domain: string): Promise<Registration | null> {
    let server = whoisOverrides.get(tld) ?? null;
    if (!server) {
      if (!referred.has(tld)) referred.set(tld, referredServer(tld, options.ianaWhois ?? IANA_WHOIS, whoisOptions));
      server = await referred.get(tld)!;
    }
    const facts = server && (await whoisFacts(server, domain, whoisOptions));
    return facts ? { ...facts, source: 'whois' } : null;
  }

  /** The facts of a registered (ASCII) domain, or null. */
  return function lookUp(domain: string): Promise<Registration | null> {
    return run(async () => {
      try {
        const tld = domain.toLowerCase().split('.').at(-1) ?? '';
        const rdap = await viaRdap(tld, domain);
        if (rdap && rdap !== 'missing') return rdap;
        return await viaWhois(tld, domain);
      } catch {
        return null;
      }
    });
  };
}
