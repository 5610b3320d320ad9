import type { CaptureFailureReason } from '@portal/contract';
import { chromium, type Browser, type Route } from 'playwright-core';
import { assertPublicUrl, OutboundError, type OutboundPolicy } from './outbound/index.js';

/**
 * The capture service: Debian's Chromium (never a downloaded browser) opens a URL and keeps a full-page PNG, the
 * HTML as served, the final URL after redirects and the HTTP status. Shared by record evidence and, later, the
 * crawler, so it knows nothing of records. Hostile pages end as a failure with a reason, never as a thrown error:
 * a page that hangs (timeout), is too large (bytes received), redirects in a loop, starts a download, or asks for
 * an address the outbound check refuses (every request of the page, popups included, passes the check).
 */
export type CaptureFailure = CaptureFailureReason;

export type CaptureOutcome =
  | { ok: true; finalUrl: string; status: number | null; png: Buffer; html: Buffer }
  | { ok: false; reason: CaptureFailure; detail: string; finalUrl: string | null; status: number | null };

export interface CaptureOptions {
  executablePath: string;
  /** Browsers kept open; each takes one capture at a time. */
  browsers: number;
  timeoutMs: number;
  /** Bytes the page may receive in all (document and every resource). */
  maxBytes: number;
  /** Which private addresses the outbound-address guard lets through (tests: the fixture server's origin). */
  policy: OutboundPolicy;
}

const VIEWPORT = { width: 1280, height: 900 };
/** A taller page is cut here: a screenshot of an endless page would never end. */
const MAX_SHOT_HEIGHT = 16_000;
const ARGS = ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--mute-audio'];

export class CaptureBrowsers {
  private readonly idle: Array<Browser | null>;
  private readonly waiting: Array<(slot: number) => void> = [];
  private readonly free: number[];
  private closed = false;

  /** Closed for good (the process is stopping): a capture cut short then is not the page's fault. */
  get isClosed(): boolean {
    return this.closed;
  }

  constructor(private readonly opts: CaptureOptions) {
    this.idle = Array.from({ length: Math.max(1, opts.browsers) }, () => null);
    this.free = this.idle.map((_, i) => i);
  }

  /** Captures one URL on the next free browser. Never throws for what the page does. */
  async capture(url: string): Promise<CaptureOutcome> {
    const slot = await this.take();
    try {
      const browser = await this.browserOf(slot);
      return await captureOn(browser, url, this.opts);
    } catch (err) {
      return { ok: false, reason: 'browser', detail: String((err as Error).message ?? err).slice(0, 300), finalUrl: null, status: null };
    } finally {
      this.give(slot);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.map((b) => b?.close().catch(() => undefined)));
  }

  private async browserOf(slot: number): Promise<Browser> {
    const current = this.idle[slot];
    if (current?.isConnected()) return current;
    if (this.closed) throw new Error('capture browsers closed');
    const browser = await chromium.launch({ executablePath: this.opts.executablePath, args: ARGS, headless: true });
    this.idle[slot] = browser;
    return browser;
  }

  private take(): Promise<number> {
    const slot = this.free.pop();
    if (slot !== undefined) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(slot: number): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }
}

async function captureOn(browser: Browser, url: string, opts: CaptureOptions): Promise<CaptureOutcome> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return failed('badUrl', url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return failed('badUrl', parsed.protocol);

  const context = await browser.newContext({ acceptDownloads: false, serviceWorkers: 'block', viewport: VIEWPORT, ignoreHTTPSErrors: true });
  // The first reason wins: closing the context to stop a page makes later steps fail for that reason.
  const seen: { failure: { reason: CaptureFailure; detail: string } | null } = { failure: null };
  const stop = (reason: CaptureFailure, detail: string) => {
    seen.failure ??= { reason, detail: detail.slice(0, 300) };
    void context.close().catch(() => undefined);
  };
  const timer = setTimeout(() => stop('timeout', `${opts.timeoutMs} ms`), opts.timeoutMs);
  try {
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
    // refused one ends the capture.
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

    const response = await page.goto(url, { waitUntil: 'load', timeout: opts.timeoutMs });
    if (seen.failure) return failed(seen.failure.reason, seen.failure.detail, page.url(), response?.status() ?? null);
    const html = response ? await response.body() : Buffer.from(await page.content());
    const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0));
    const png = await page.screenshot({
      type: 'png',
      fullPage: true,
      animations: 'disabled',
      ...(height > MAX_SHOT_HEIGHT ? { clip: { x: 0, y: 0, width: VIEWPORT.width, height: MAX_SHOT_HEIGHT } } : {}),
      timeout: opts.timeoutMs,
    });
    const late = failureOf(seen);
    if (late) return failed(late.reason, late.detail, page.url(), response?.status() ?? null);
    return { ok: true, finalUrl: page.url(), status: response?.status() ?? null, png, html };
  } catch (err) {
    if (seen.failure) return failed(seen.failure.reason, seen.failure.detail);
    return failed(...reasonOf(err));
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => undefined);
  }
}

/** Read through a call: a stop from an event handler may have set it since the last look. */
const failureOf = (seen: { failure: { reason: CaptureFailure; detail: string } | null }) => seen.failure;

async function guardRequest(route: Route, opts: CaptureOptions, stop: (reason: CaptureFailure, detail: string) => void): Promise<void> {
  const url = route.request().url();
  if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
  try {
    await assertPublicUrl(url, opts.policy);
  } catch (err) {
    // A refused resource is left out; a refused page (the document itself) ends the capture.
    if (route.request().isNavigationRequest()) stop(refusal(err), hostOf(url, err));
    return route.abort('blockedbyclient').catch(() => undefined);
  }
  return route.continue().catch(() => undefined);
}

/** Why the guard refused: a private address, an address that is not http(s), or a host that does not resolve. */
function refusal(err: unknown): CaptureFailure {
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

function reasonOf(err: unknown): [CaptureFailure, string] {
  const message = String((err as Error)?.message ?? err);
  const first = message.split('\n')[0]!.slice(0, 300);
  if (message.includes('ERR_TOO_MANY_REDIRECTS')) return ['redirectLoop', first];
  if (message.includes('Download is starting')) return ['download', first];
  if ((err as Error)?.name === 'TimeoutError') return ['timeout', first];
  if (message.includes('ERR_BLOCKED_BY_CLIENT')) return ['privateAddress', first];
  if (message.includes('net::ERR_')) return ['unreachable', first];
  return ['browser', first];
}

function failed(reason: CaptureFailure, detail: string, finalUrl: string | null = null, status: number | null = null): CaptureOutcome {
  return { ok: false, reason, detail, finalUrl, status };
}

