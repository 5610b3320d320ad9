import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { isPublicAddress } from './address.js';

/**
 * Fetching pages the portal does not own (crawler, evidence capture). Every address a host name resolves to is
 * checked at connect time, inside the socket's own lookup, so a name cannot resolve to a public address for the
 * check and a private one for the connection (DNS rebinding). Redirects are followed here, hop by hop, each hop
 * checked again. `CRAWLER_ALLOW_PRIVATE=1` lifts the address check (a closed lab); `allowOrigins` lifts it for
 * exact origins only (the demo's fixture marketplace on localhost).
 */

export type OutboundErrorCode = 'bad_url' | 'blocked_address' | 'too_large' | 'timeout' | 'too_many_redirects' | 'network';

export class OutboundError extends Error {
  constructor(readonly code: OutboundErrorCode, message: string) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundPolicy {
  /** Fetch private addresses too (default: process.env.CRAWLER_ALLOW_PRIVATE === '1'). */
  allowPrivate?: boolean;
  /** Exact origins (scheme://host:port) exempt from the address check. */
  allowOrigins?: readonly string[];
}

export interface SafeFetchOptions extends OutboundPolicy {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Largest body read, in bytes; more is an error `too_large` (default 5 MiB). */
  maxBytes?: number;
  /** Time allowed for the response headers and between body chunks (default 15 s each). */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Time allowed for the whole fetch, redirects included (default 60 s). */
  totalTimeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Connect to these addresses for this host name instead of asking the system resolver (see PinnedHost). */
  pin?: PinnedHost;
}

/**
 * A host name whose addresses the caller resolved itself (a look-alike domain, by the domain watch's own DNS
 * servers): requests to it connect there, each address still checked unless private ones are allowed. `httpPort`
 * replaces port 80 of plain http addresses that name no port (tests and the demo serve their sites on a free port).
 */
export interface PinnedHost {
  host: string;
  addresses: readonly string[];
  httpPort?: number;
  /**
   * The rule the pinned addresses were resolved under, over the fetch's own (a promoted look-alike's capture: the
   * evidence browsers refuse private addresses while the domain watch that found the name may allow them).
   */
  allowPrivate?: boolean;
}

export interface SafeFetchResult {
  status: number;
  /** The address the body came from, after redirects. */
  url: string;
  /** Every address visited before it. */
  redirects: string[];
  headers: Record<string, string>;
  body: Buffer;
}

const allowPrivateByDefault = () => process.env.CRAWLER_ALLOW_PRIVATE === '1';

/** The address check as a socket lookup: every resolved address must be public, or the connection fails. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      return callback(new OutboundError('blocked_address', `${hostname} resolves to a non-public address ${refused?.address ?? ''}`.trim()));
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

// net.LookupFunction is dns.lookup's overload set, which no single function literal satisfies; guardedLookup
// answers both forms (one address, or all with `options.all`), as dns.lookup does.
const guardedAgent = new Agent({ connect: { lookup: guardedLookup as unknown as net.LookupFunction } });
const openAgent = new Agent();

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad_url', `not an address: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('bad_url', `not http(s): ${raw}`);
  if (url.username || url.password) throw new OutboundError('bad_url', 'credentials in the address');
  return url;
}

function exempt(url: URL, policy: OutboundPolicy): boolean {
  return (policy.allowPrivate ?? allowPrivateByDefault()) || (policy.allowOrigins ?? []).includes(url.origin);
}

/** A literal IP host is never looked up, so it is judged here. */
function checkLiteral(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host)) throw new OutboundError('blocked_address', `non-public address ${host}`);
}

/**
 * Resolves the address's host and throws `OutboundError('blocked_address')` unless every address is public (or the
 * policy exempts it). For requests made by someone else (Chromium's request interception); it returns the URL.
 */
export async function assertPublicUrl(raw: string, policy: OutboundPolicy = {}): Promise<URL> {
  const url = parseUrl(raw);
  if (exempt(url, policy)) return url;
  checkLiteral(url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return url;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch (e) {
    throw new OutboundError('network', `cannot resolve ${host}: ${(e as Error).message}`);
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused || addresses.length === 0) throw new OutboundError('blocked_address', `${host} resolves to a non-public address ${refused?.address ?? ''}`.trim());
  return url;
}

/** An agent connecting to the pinned addresses; closed by the caller once its fetch is done. */
function pinnedAgent(pin: PinnedHost, allowPrivate: boolean): Agent {
  const lookup = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void): void => {
    const addresses = pin.addresses.map((address) => ({ address, family: net.isIP(address) }));
    const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0 || addresses.some((a) => a.family === 0)) {
      return callback(new OutboundError('blocked_address', `${hostname} resolves to a non-public address ${refused?.address ?? ''}`.trim()));
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const connector = buildConnector({ lookup: lookup as unknown as net.LookupFunction } as buildConnector.BuildOptions);
  return new Agent({
    connect: (options, callback) => connector({ ...options, port: options.protocol === 'http:' && !options.port && pin.httpPort ? String(pin.httpPort) : options.port }, callback),
  });
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const credentialHeaders = ['cookie', 'authorization', 'proxy-authorization'];

/** GET (or HEAD/POST) an outside address with the guard, manual capped redirects and size/time limits. */
export async function safeFetch(raw: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = opts.maxRedirects ?? 5;
  const deadline = AbortSignal.timeout(opts.totalTimeoutMs ?? 60_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  let url = parseUrl(raw);
  let method = opts.method ?? 'GET';
  let body = opts.body;
  let headers = { ...(opts.headers ?? {}) };
  const redirects: string[] = [];
  const pinned = opts.pin && pinnedAgent(opts.pin, opts.pin.allowPrivate ?? opts.allowPrivate ?? allowPrivateByDefault());
  try {
    return await fetchHops();
  } finally {
    await pinned?.close().catch(() => undefined);
  }

  async function fetchHops(): Promise<SafeFetchResult> {
    for (;;) {
      const open = exempt(url, opts);
      if (!open) checkLiteral(url);
      const dispatcher: Dispatcher = pinned && url.hostname === opts.pin!.host ? pinned : open ? openAgent : guardedAgent;
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, {
          dispatcher, method, headers, body, signal,
          headersTimeout: opts.headersTimeoutMs ?? 15_000,
          bodyTimeout: opts.bodyTimeoutMs ?? 15_000,
        });
      } catch (e) {
        throw asOutboundError(e, deadline);
      }
      const location = res.headers.location;
      if (redirectStatuses.has(res.statusCode) && typeof location === 'string') {
        res.body.resume();
        if (redirects.length >= maxRedirects) throw new OutboundError('too_many_redirects', `more than ${maxRedirects} redirects`);
        redirects.push(url.href);
        const next = parseUrl(new URL(location, url).href);
        if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !credentialHeaders.includes(k.toLowerCase())));
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        url = next;
        continue;
      }
      const declared = Number(res.headers['content-length']);
      if (declared > maxBytes) {
        discard(res.body);
        throw new OutboundError('too_large', `body of ${declared} bytes is over ${maxBytes}`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > maxBytes) {
            discard(res.body);
            throw new OutboundError('too_large', `body is over ${maxBytes} bytes`);
          }
          chunks.push(chunk as Buffer);
        }
      } catch (e) {
        throw asOutboundError(e, deadline);
      }
      const flat: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
      return { status: res.statusCode, url: url.href, redirects, headers: flat, body: Buffer.concat(chunks) };
    }
  }
}

/** Drops a body not wanted; its abort error has nobody to go to. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

function asOutboundError(e: unknown, deadline: AbortSignal): OutboundError {
  if (e instanceof OutboundError) return e;
  const err = e as { code?: string; name?: string; cause?: unknown; message?: string };
  if (err.cause instanceof OutboundError) return err.cause;
  if (deadline.aborted || err.name === 'TimeoutError' || err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT' || err.code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new OutboundError('timeout', err.message ?? 'timed out');
  }
  return new OutboundError('network', err.message ?? String(e));
}
