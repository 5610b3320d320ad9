import type { CaptureBrowsers } from '../../platform/capture.js';
import type { PageFailure } from '../../platform/browser-page.js';
import { OutboundError, safeFetch } from '../../platform/outbound/index.js';
import type { FetchSettings } from './fetcher.js';

/**
 * How the polite fetch (fetcher.ts) gets one page: a plain request through the outbound guard, or the capture
 * browsers for a site whose listings are built by script. Everything polite (robots.txt, slots, accounts, retries,
 * blocked accounts) stays in the fetcher, whichever transport it picks; a transport only answers what the site
 * said, or fails in the crawler's words, saying whether another try may help.
 */
export interface TransportAnswer {
  status: number;
  /** The address the page came from, after redirects. */
  url: string;
  html: string;
  /** The Retry-After header, if any. */
  retryAfter: string | undefined;
  /** The page's validators, for a conditional request next time (a plain fetch only). */
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/** What the crawler accepts from a plain fetch; a browser sends its own (the page's scripts ask for JSON and more). */
export const PAGE_ACCEPT = 'text/html,application/xhtml+xml';

export type Transport = (url: string, request: { headers: Record<string, string>; cookies: string; signal?: AbortSignal }) => Promise<TransportAnswer>;

/** A page that could not be had, in words; `retry` when a later try may succeed (a timeout, a network failure). */
export class TransportError extends Error {
  constructor(message: string, readonly retry: boolean) {
    super(message);
  }
}

export function plainTransport(settings: FetchSettings): Transport {
  return async (url, { headers, cookies, signal }) => {
    try {
      const res = await safeFetch(url, {
        ...settings.policy,
        headers: cookies ? { ...headers, cookie: cookies } : headers,
        maxBytes: settings.maxBytes,
        headersTimeoutMs: settings.headersTimeoutMs,
        bodyTimeoutMs: settings.bodyTimeoutMs,
        totalTimeoutMs: settings.headersTimeoutMs + settings.bodyTimeoutMs,
        ...(signal && { signal }),
      });
      return { status: res.status, url: res.url, html: res.body.toString('utf8'), retryAfter: res.headers['retry-after'], etag: res.headers.etag, lastModified: res.headers['last-modified'] };
    } catch (e) {
      if (!(e instanceof OutboundError)) throw e;
      throw new TransportError(outboundWords(e.code, e.message, new URL(url)), e.code === 'timeout' || e.code === 'network');
    }
  };
}

/** The capture browsers' render, under the crawler's address policy (the browsers were made with it). */
export function browserTransport(browsers: CaptureBrowsers, settings: FetchSettings): Transport {
  return async (url, { headers, cookies, signal }) => {
    const { 'user-agent': userAgent, ...rest } = headers;
    if (rest.accept === PAGE_ACCEPT) delete rest.accept;
    const out = await browsers.render(url, { headers: rest, cookies, timeoutMs: settings.browserTimeoutMs, ...(userAgent && { userAgent }), ...(signal && { signal }) });
    if (out.ok) return { status: out.status ?? 200, url: out.finalUrl, html: out.html, retryAfter: out.headers['retry-after'] };
    const code = BROWSER_CODES[out.reason];
    if (code) throw new TransportError(outboundWords(code, out.detail, new URL(url)), code === 'timeout' || code === 'network');
    throw new TransportError(out.reason === 'download' ? `${url} starts a download instead of showing a page` : `the browser could not open ${url} (${out.detail})`, out.reason === 'browser');
  };
}

/** A browser's failure as the plain fetch's reason, so both say the same words. */
const BROWSER_CODES: Partial<Record<PageFailure, OutboundError['code']>> = {
  privateAddress: 'blocked_address',
  badUrl: 'bad_url',
  tooLarge: 'too_large',
  timeout: 'timeout',
  redirectLoop: 'too_many_redirects',
  unreachable: 'network',
};

function outboundWords(code: OutboundError['code'], message: string, url: URL): string {
  switch (code) {
    case 'blocked_address':
      return `${url.href} leads to a private or local network address, which the crawler does not visit (${message})`;
    case 'too_large':
      return `the page ${url.href} is larger than the crawler reads`;
    case 'timeout':
      return `${url.host} did not answer in time`;
    case 'too_many_redirects':
      return `${url.href} redirects too many times`;
    case 'bad_url':
      return `${url.href} is not a web address the crawler can read`;
    default:
      return `${url.host} could not be reached (${message})`;
  }
}
