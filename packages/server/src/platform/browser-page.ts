import type { CaptureFailureReason } from '@portal/contract';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { assertPublicUrl, OutboundError, safeFetch, type OutboundPolicy, type PinnedHost } from './outbound/index.js';

/**
 * A page of the capture browsers opened under the guard that evidence capture and the crawler's browser fetch share:
 * every request of the page (popups closed, downloads refused, redirect hops included) passes the outbound-address
 * check, the bytes received are counted against a limit, and a timer ends the page. The first reason to stop wins;
 * stopping closes the context, so later steps fail and the caller reports that first reason.
 */
export type PageFailure = CaptureFailureReason;

export interface GuardedPageOptions {
  timeoutMs: number;
  maxBytes: number;
  policy: OutboundPolicy;
  viewport?: { width: number; height: number };
  userAgent?: string;
  /** Headers added to the requests for this origin only (a site account's headers never reach another host). */
  originHeaders?: { origin: string; headers: Record<string, string> };
  /** Cookies set for the page's own address before it opens. */
  cookies?: { name: string; value: string; url: string }[];
  /** Stops the page when aborted (the crawler's subtask was stopped). */
  signal?: AbortSignal;
  /**
   * A host whose addresses the caller resolved itself (a look-alike domain): the page's requests to it are fetched
   * here by safeFetch connecting to those addresses, and handed to the page; Chromium never looks the name up.
   */
  pin?: PinnedHost;
}

export interface GuardedPage {
  page: Page;
  context: BrowserContext;
  /** Why the page was stopped, if it was (read again after each await: an event may have stopped it since). */
  failure(): { reason: PageFailure; detail: string } | null;
  close(): Promise<void>;
}

export async function openGuardedPage(browser: Browser, opts: GuardedPageOptions): Promise<GuardedPage> {
  const context = await browser.newContext({
    acceptDownloads: false,
    serviceWorkers: 'block',
    ignoreHTTPSErrors: true,
    ...(opts.viewport && { viewport: opts.viewport }),
    ...(opts.userAgent && { userAgent: opts.userAgent }),
  });
  const seen: { failure: { reason: PageFailure; detail: string } | null } = { failure: null };
  const stop = (reason: PageFailure, detail: string) => {
    seen.failure ??= { reason, detail: detail.slice(0, 300) };
    void context.close().catch(() => undefined);
  };
  const timer = setTimeout(() => stop('timeout', `${opts.timeoutMs} ms`), opts.timeoutMs);
  const onAbort = () => stop('browser', 'stopped');
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const close = async () => {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    await context.close().catch(() => undefined);
  };
  try {
    if (opts.cookies?.length) await context.addCookies(opts.cookies);
    await context.route('**/*', (route) => guardRequest(route, opts, stop));
    const page = await context.newPage();
    // Popups and new windows are closed at once; dialogs dismissed; downloads refused.
    context.on('page', (p) => void (p === page ? undefined : p.close().catch(() => undefined)));
    page.on('dialog', (d) => void d.dismiss().catch(() => undefined));
    page.on('download', (d) => {
      void d.cancel().catch(() => undefined);
      stop('download', d.suggestedFilename());
    });
    // Routing does not see redirect hops (Playwright lets them through): each hop is checked as it is issued, and a
    // refused one ends the page.
    page.on('request', (req) => {
      if (!req.redirectedFrom()) return;
      assertPublicUrl(req.url(), opts.policy).catch((err: unknown) => stop(refusal(err), hostOf(req.url(), err)));
    });
    let received = 0;
    const cdp = await context.newCDPSession(page);
    cdp.on('Network.dataReceived', (e: { dataLength: number; encodedDataLength: number }) => {
      received += Math.max(e.dataLength, e.encodedDataLength);
      if (received > opts.maxBytes) stop('tooLarge', `${received} bytes`);
    });
    await cdp.send('Network.enable');
    if (opts.signal?.aborted) onAbort();
    return { page, context, failure: () => seen.failure, close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function guardRequest(route: Route, opts: GuardedPageOptions, stop: (reason: PageFailure, detail: string) => void): Promise<void> {
  const url = route.request().url();
  if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
  if (opts.pin && hostnameOf(url) === opts.pin.host) return fulfilPinned(route, opts, opts.pin, stop);
  try {
    await assertPublicUrl(url, opts.policy);
  } catch (err) {
    // A refused resource is left out; a refused page (the document itself) ends the page.
    if (route.request().isNavigationRequest()) stop(refusal(err), hostOf(url, err));
    return route.abort('blockedbyclient').catch(() => undefined);
  }
  const extra = opts.originHeaders && new URL(url).origin === opts.originHeaders.origin ? opts.originHeaders.headers : undefined;
  return route.continue(extra ? { headers: { ...route.request().headers(), ...extra } } : undefined).catch(() => undefined);
}

const hostnameOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};
const HOP_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/** A request to the pinned host, fetched by safeFetch (GET only: the page's forms are not sent anywhere). */
async function fulfilPinned(route: Route, opts: GuardedPageOptions, pin: PinnedHost, stop: (reason: PageFailure, detail: string) => void): Promise<void> {
  const request = route.request();
  const url = request.url();
  if (request.method() !== 'GET') return route.abort('blockedbyclient').catch(() => undefined);
  try {
    const res = await safeFetch(url, { ...opts.policy, pin, maxBytes: opts.maxBytes, totalTimeoutMs: opts.timeoutMs, headers: { 'user-agent': request.headers()['user-agent'] ?? '' } });
    // Redirects were followed by safeFetch: the page is sent to where they ended, so its own links resolve there.
    if (res.url !== url) return await route.fulfill({ status: 302, headers: { location: res.url } });
    const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !HOP_HEADERS.has(k)));
    await route.fulfill({ status: res.status, headers, body: res.body });
  } catch (err) {
    if (request.isNavigationRequest()) stop(refusal(err), hostOf(url, err));
    await route.abort('blockedbyclient').catch(() => undefined);
  }
}

/** Why the guard refused: a private address, an address that is not http(s), or a host that does not resolve. */
function refusal(err: unknown): PageFailure {
  const code = err instanceof OutboundError ? err.code : 'network';
  return code === 'blocked_address' ? 'privateAddress' : code === 'bad_url' ? 'badUrl' : 'unreachable';
}

function hostOf(url: string, err: unknown): string {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    /* the URL itself, cut below */
  }
  return `${host}: ${String((err as Error)?.message ?? err)}`.slice(0, 300);
}

/** The reason of an error the browser threw (when no stop came first). */
export function reasonOf(err: unknown): [PageFailure, string] {
  const message = String((err as Error)?.message ?? err);
  const first = message.split('\n')[0]!.slice(0, 300);
  if (message.includes('ERR_TOO_MANY_REDIRECTS')) return ['redirectLoop', first];
  if (message.includes('Download is starting')) return ['download', first];
  if ((err as Error)?.name === 'TimeoutError') return ['timeout', first];
  if (message.includes('ERR_BLOCKED_BY_CLIENT')) return ['privateAddress', first];
  if (message.includes('net::ERR_')) return ['unreachable', first];
  return ['browser', first];
}

/** An http(s) address, or the reason it is not one. */
export function pageUrl(url: string): { ok: true; url: URL } | { ok: false; detail: string } {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, detail: parsed.protocol };
    return { ok: true, url: parsed };
  } catch {
    return { ok: false, detail: url };
  }
}
