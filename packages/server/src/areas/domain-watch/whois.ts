import dns from 'node:dns';
import net from 'node:net';
import { isPublicAddress } from '../../platform/outbound/index.js';
import type { RegistrationFacts } from './rdap.js';

/**
 * WHOIS (RFC 3912) where RDAP has no server or cannot be reached (issue 32 point 2): one question over TCP port 43,
 * read up to a size cap and a time limit. The registry's server comes from the administrator's WHOIS_SERVERS or
 * from whois.iana.org's `refer:` line; a registry that answers thin (Verisign's .com) names the registrar's server,
 * asked once more for what the registry left out. Servers named by an answer (referrals) must be public addresses,
 * as the crawler's rule wants; the administrator's are trusted. Parsing covers the ICANN format (`Creation Date:`),
 * the common ccTLD ones (`created:`, `Registered on:` with the value on the next line) and JPRS's bracketed .jp
 * format in both languages. Nothing here throws: what is not known is null.
 */

export interface WhoisServer {
  host: string;
  port: number;
}
export interface WhoisOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Referred servers may be private addresses too (tests, a closed lab). */
  allowPrivate?: boolean;
}
export interface WhoisFacts extends RegistrationFacts {
  /** JPRS's `[Registrant]`: .jp answers name the registrant, never the registrar. */
  registrant: string | null;
  /** The registrar's own WHOIS server, when the answer names one (a thin registry). */
  referral: WhoisServer | null;
}

export const IANA_WHOIS: WhoisServer = { host: 'whois.iana.org', port: 43 };
const DEFAULTS = { timeoutMs: 10_000, maxBytes: 256 * 1024 };

/** `host` or `host:port` (`whois://host` as some answers write it); null when it is neither. */
export function whoisServerOf(value: string): WhoisServer | null {
  const text = value.trim().replace(/^(?:r?whois|https?):\/\//i, '').replace(/\/.*$/, '');
  const m = /^\[(.+)\]:(\d+)$/.exec(text) ?? /^([^:\s]+):(\d+)$/.exec(text);
  const host = m ? m[1]! : text;
  const port = m ? Number(m[2]) : 43;
  if (!host || /\s/.test(host) || port < 1 || port > 65535 || !/^[\w.:-]+$/.test(host)) return null;
  return { host: host.toLowerCase(), port };
}

/** `tld=host:port` pairs, comma-separated, to a map by lower-case TLD. */
export function whoisServersFromEnv(value: string | undefined): Map<string, WhoisServer> {
  const servers = new Map<string, WhoisServer>();
  for (const pair of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    const server = at > 0 ? whoisServerOf(pair.slice(at + 1)) : null;
    if (!server) throw new Error(`WHOIS_SERVERS: "${pair}" is not tld=host or tld=host:port`);
    servers.set(pair.slice(0, at).trim().replace(/^\./, '').toLowerCase(), server);
  }
  return servers;
}

async function isPublicHost(host: string): Promise<boolean> {
  if (net.isIP(host)) return isPublicAddress(host);
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}

/** JPRS answers in ISO-2022-JP; everyone else in ASCII or UTF-8. */
function decode(bytes: Buffer): string {
  const iso2022 = bytes.includes(Buffer.from([0x1b, 0x24, 0x42]));
  return new TextDecoder(iso2022 ? 'iso-2022-jp' : 'utf-8').decode(bytes);
}

/** One question; the text read (cut at the size cap), or null on a refused connection, an error or the time limit. */
export async function askWhois(server: WhoisServer, query: string, options: WhoisOptions = {}): Promise<string | null> {
  const { timeoutMs, maxBytes } = { ...DEFAULTS, ...options };
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(ok ? decode(Buffer.concat(chunks).subarray(0, maxBytes)) : null);
    };
    const socket = net.connect({ host: server.host, port: server.port });
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('connect', () => socket.write(`${query}\r\n`));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // More than anyone's WHOIS answer: what came is kept, the rest refused.
      if (size >= maxBytes) finish(true);
    });
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(false));
  });
}

/** The registry's WHOIS server for a TLD, from whois.iana.org's `refer:`; null when it names none. */
export async function referredServer(tld: string, iana: WhoisServer = IANA_WHOIS, options: WhoisOptions = {}): Promise<WhoisServer | null> {
  const text = await askWhois(iana, tld, options);
  const refer = text && /^\s*(?:refer|whois):\s*(\S+)/im.exec(text)?.[1];
  return refer ? whoisServerOf(refer) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const utc = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
};

/** The dates WHOIS servers write: ISO 8601 (with or without a zone), 2001/02/03, 2001.02.03, 03-Feb-2001, 03.02.2001. */
export function whoisDate(raw: string): Date | null {
  const value = raw.trim().replace(/\s*\((?:JST|UTC|GMT)\)$/i, '');
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)?)?$/i.exec(value);
  if (m) {
    if (!m[4]) return utc(Number(m[1]), Number(m[2]), Number(m[3]));
    const zone = !m[5] || /^(UTC|GMT)$/i.test(m[5]) ? 'Z' : m[5].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}${zone}`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if ((m = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})\b/.exec(value))) return utc(Number(m[1]), Number(m[2]), Number(m[3]));
  if ((m = /^(\d{1,2})[- ]([A-Za-z]{3})[a-z]*[- ](\d{4})\b/.exec(value))) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase());
    return month < 0 ? null : utc(Number(m[3]), month + 1, Number(m[1]));
  }
  if ((m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})\b/.exec(value))) return utc(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

const REGISTRAR_KEYS = ['registrar', 'sponsoring registrar', 'registrar name', 'registrar organization'];
const CREATED_KEYS = ['creation date', 'created', 'created on', 'created date', 'registered on', 'registered', 'registration date', 'registration time', 'domain registration date', 'domain record activated', '登録年月日'];
const EXPIRES_KEYS = [
  'registry expiry date', 'registrar registration expiration date', 'expiration date', 'expiry date', 'expires', 'expires on', 'expire date',
  'expiration time', 'paid-till', 'renewal date', 'domain expiration date', 'valid until', '有効期限',
];
const REFERRAL_KEYS = ['registrar whois server', 'whois server', 'referralserver'];
/** JPRS's status carries the date a co.jp (and a .jp being deleted) lasts until: `Connected (2025/03/31)`. */
const STATUS_KEYS = ['状態', 'status', 'state'];

/** `Key: value` and JPRS's `[Key] value` (`a. [Key] value` for co.jp), keys lower-cased; a value on the next, indented line (Nominet) too. */
function fieldsOf(text: string): [string, string][] {
  const lines = text.split(/\r?\n/);
  const fields: [string, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*[%#>]/.test(line)) continue;
    const bracket = /^\s*(?:[a-z]\.\s*)?\[([^\]]+)\]\s*(.*)$/.exec(line);
    const colon = bracket ? null : /^\s*([^:]{1,60}?)\s*:\s*(.*)$/.exec(line);
    const m = bracket ?? colon;
    if (!m) continue;
    let value = m[2]!.trim();
    if (!value && colon && /^\s+\S/.test(lines[i + 1] ?? '')) value = lines[i + 1]!.trim().replace(/\s*\[Tag = .*\]$/, '');
    if (value) fields.push([m[1]!.trim().toLowerCase(), value]);
  }
  return fields;
}

/** What an answer says of a domain; all null when it says nothing of it (garbage, "no match"). */
export function parseWhois(text: string): WhoisFacts {
  const fields = fieldsOf(text);
  const first = (keys: string[]) => fields.find(([k]) => keys.includes(k))?.[1] ?? null;
  const firstDate = (keys: string[]) => {
    for (const [k, v] of fields) if (keys.includes(k)) {
      const date = whoisDate(v);
      if (date) return date;
    }
    return null;
  };
  const status = first(STATUS_KEYS);
  const statusDate = status && /\((\d{4}\/\d{2}\/\d{2})\)/.exec(status)?.[1];
  const referral = first(REFERRAL_KEYS);
  const registrar = first(REGISTRAR_KEYS);
  return {
    // A URL or an IANA id is not a name (some servers write `Registrar: https://...` or a number).
    registrar: registrar && !/^(https?:|\d+$)/i.test(registrar) ? registrar : null,
    createdAt: firstDate(CREATED_KEYS),
    expiresAt: firstDate(EXPIRES_KEYS) ?? (statusDate ? whoisDate(statusDate) : null),
    registrant: first(['registrant']),
    referral: referral ? whoisServerOf(referral) : null,
  };
}

const known = (f: RegistrationFacts) => Boolean(f.registrar || f.createdAt || f.expiresAt);

/**
 * The facts of a domain from its registry's server, and from the registrar's where the registry answers thin
 * (what the registry says wins; the registrar's fills the gaps). Null when nothing is known.
 */
export async function whoisFacts(server: WhoisServer, domain: string, options: WhoisOptions = {}): Promise<RegistrationFacts | null> {
  // JPRS answers in English with `/e`, in ASCII (the Japanese answer is ISO-2022-JP).
  const query = /\.jp$/i.test(domain) ? `${domain}/e` : domain;
  const text = await askWhois(server, query, options);
  if (text === null) return null;
  const registry = parseWhois(text);
  let facts: RegistrationFacts = { registrar: registry.registrar, createdAt: registry.createdAt, expiresAt: registry.expiresAt };
  const referral = registry.referral;
  const elsewhere = referral && (referral.host !== server.host || referral.port !== server.port);
  if (elsewhere && (!facts.registrar || !facts.createdAt || !facts.expiresAt) && (options.allowPrivate || (await isPublicHost(referral.host)))) {
    const thick = await askWhois(referral, domain, options);
    if (thick !== null) {
      const more = parseWhois(thick);
      facts = { registrar: facts.registrar ?? more.registrar, createdAt: facts.createdAt ?? more.createdAt, expiresAt: facts.expiresAt ?? more.expiresAt };
    }
  }
  return known(facts) ? facts : null;
}
