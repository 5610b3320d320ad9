import type { CaptureFailureReason } from '@portal/contract';
import { chromium, type Browser } from 'playwright-core';
import { openGuardedPage, pageUrl, reasonOf } from './browser-page.js';
import type { OutboundPolicy, PinnedHost } from './outbound/index.js';
import { renderOn, type RenderOptions, type RenderOutcome } from './render.js';

/**
 * The capture service: Debian's Chromium (never a downloaded browser) opens a URL and keeps a full-page PNG, the
 * HTML as served, the final URL after redirects and the HTTP status. Shared by record evidence and the crawler (its
 * fetch of script-built pages, `render`), so it knows nothing of records. Hostile pages end as a failure with a reason, never as a thrown error:
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

/** What a caller other than evidence capture changes: the first screen only, and a host resolved by the caller. */
export interface ShotOptions {
  /** The whole page (default) or the first screen (the look-alike domains' thumbnails). */
  fullPage?: boolean;
  pin?: PinnedHost;
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
  async capture(url: string, shot: ShotOptions = {}): Promise<CaptureOutcome> {
    const slot = await this.take();
    try {
      const browser = await this.browserOf(slot);
      return await captureOn(browser, url, this.opts, shot);
    } catch (err) {
      return { ok: false, reason: 'browser', detail: String((err as Error).message ?? err).slice(0, 300), finalUrl: null, status: null };
    } finally {
      this.give(slot);
    }
  }

  /**
   * Opens one URL on the next free browser and answers the page as its scripts left it (the crawler's fetch of a
   * site whose listings are built by script). Same guard, byte limit and timeout as a capture; no screenshot.
   */
  async render(url: string, opts: RenderOptions = {}): Promise<RenderOutcome> {
    const slot = await this.take();
    try {
      const browser = await this.browserOf(slot);
      return await renderOn(browser, url, { ...this.opts, ...opts, timeoutMs: opts.timeoutMs ?? this.opts.timeoutMs });
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

async function captureOn(browser: Browser, url: string, opts: CaptureOptions, shot: ShotOptions): Promise<CaptureOutcome> {
  const address = pageUrl(url);
  if (!address.ok) return failed('badUrl', address.detail);
  const guarded = await openGuardedPage(browser, { timeoutMs: opts.timeoutMs, maxBytes: opts.maxBytes, policy: opts.policy, viewport: VIEWPORT, ...(shot.pin && { pin: shot.pin }) });
  const { page } = guarded;
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: opts.timeoutMs });
    const early = guarded.failure();
    if (early) return failed(early.reason, early.detail, page.url(), response?.status() ?? null);
    const html = response ? await response.body() : Buffer.from(await page.content());
    const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0));
    const png = await page.screenshot({
      type: 'png',
      fullPage: shot.fullPage ?? true,
      animations: 'disabled',
      ...(height > MAX_SHOT_HEIGHT && shot.fullPage !== false ? { clip: { x: 0, y: 0, width: VIEWPORT.width, height: MAX_SHOT_HEIGHT } } : {}),
      timeout: opts.timeoutMs,
    });
    const late = guarded.failure();
    if (late) return failed(late.reason, late.detail, page.url(), response?.status() ?? null);
    return { ok: true, finalUrl: page.url(), status: response?.status() ?? null, png, html };
  } catch (err) {
    const first = guarded.failure();
    if (first) return failed(first.reason, first.detail);
    return failed(...reasonOf(err));
  } finally {
    await guarded.close();
  }
}

function failed(reason: CaptureFailure, detail: string, finalUrl: string | null = null, status: number | null = null): CaptureOutcome {
  return { ok: false, reason, detail, finalUrl, status };
}
