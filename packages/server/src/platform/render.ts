import type { Browser } from 'playwright-core';
import { openGuardedPage, pageUrl, reasonOf, type PageFailure } from './browser-page.js';
import type { OutboundPolicy } from './outbound/index.js';

/**
 * The page as its scripts left it, for the crawler's sites whose listings are built by script: the capture browsers
 * open the URL under the same guard as a capture (browser-page.ts), wait for the network to rest (bounded), and
 * answer the DOM's HTML. No screenshot.
 */
export interface RenderOptions {
  /** Headers sent with the requests for the page's own origin (a site account's headers). */
  headers?: Record<string, string>;
  /** A Cookie header's value (`a=1; b=2`), set for the page's address before it opens. */
  cookies?: string;
  userAgent?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type RenderOutcome =
  | { ok: true; html: string; finalUrl: string; status: number | null; headers: Record<string, string> }
  | { ok: false; reason: PageFailure; detail: string; finalUrl: string | null; status: number | null };

/** How long the network may stay busy after the load before the page is read as it is (a page that polls forever). */
const SETTLE_MS = 5_000;

export async function renderOn(browser: Browser, url: string, opts: RenderOptions & { timeoutMs: number; maxBytes: number; policy: OutboundPolicy }): Promise<RenderOutcome> {
  const address = pageUrl(url);
  if (!address.ok) return failed('badUrl', address.detail);
  const { origin } = address.url;
  const guarded = await openGuardedPage(browser, {
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    policy: opts.policy,
    ...(opts.userAgent && { userAgent: opts.userAgent }),
    ...(opts.headers && { originHeaders: { origin, headers: opts.headers } }),
    ...(opts.cookies && { cookies: parseCookies(opts.cookies, origin) }),
    ...(opts.signal && { signal: opts.signal }),
  });
  const { page } = guarded;
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: opts.timeoutMs });
    // Scripts that fetch the listing after the load: wait until the network has rested, or for a bounded time.
    await page.waitForLoadState('networkidle', { timeout: Math.min(SETTLE_MS, opts.timeoutMs) }).catch(() => undefined);
    const html = guarded.failure() ? '' : await page.evaluate(() => document.documentElement.outerHTML);
    const stopped = guarded.failure();
    const status = response?.status() ?? null;
    if (stopped) return failed(stopped.reason, stopped.detail, page.url(), status);
    if (Buffer.byteLength(html) > opts.maxBytes) return failed('tooLarge', `${Buffer.byteLength(html)} bytes of HTML`, page.url(), status);
    return { ok: true, html, finalUrl: page.url(), status, headers: response ? await response.allHeaders().catch(() => ({})) : {} };
  } catch (err) {
    const first = guarded.failure();
    if (first) return failed(first.reason, first.detail);
    return failed(...reasonOf(err));
  } finally {
    await guarded.close();
  }
}

/** `a=1; b=2` as the browser's cookies for the page's origin (a pair without `=` is left out). */
function parseCookies(header: string, origin: string): { name: string; value: string; url: string }[] {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.indexOf('=') > 0)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')).trim(), value: pair.slice(pair.indexOf('=') + 1).trim(), url: origin }));
}

function failed(reason: PageFailure, detail: string, finalUrl: string | null = null, status: number | null = null): RenderOutcome {
  return { ok: false, reason, detail, finalUrl, status };
}
