import type { CaptureBrowsers } from '../../platform/capture.js';
import { safeFetch, type PinnedHost } from '../../platform/outbound/index.js';
import { pageFacts, type PageFacts } from './page-facts.js';
import { dHash, tlshOf } from './page-hash.js';
import type { PageHashes } from './page-score.js';

/**
 * A look-alike's page, fetched and looked at (issue 32 point 3). `http://<domain>/` rather than https: a name just
 * registered, parked or for sale often has no certificate, while a site that has one redirects http to https, which
 * is followed (safeFetch, every hop checked). The socket connects to the addresses the watch's own DNS servers gave
 * (a pinned host: the system resolver is never asked, and a look-alike's answers cannot be swapped between the run's
 * look-up and the fetch), on DOMAIN_WATCH_HTTP_PORT for plain http. The crawler's outbound rules hold: private
 * addresses are refused unless DOMAIN_WATCH_ALLOW_PRIVATE=1, and the capture's size and time limits apply to the
 * page, its pictures and its screenshot (taken by the capture browsers with the same pin, first screen only).
 */
export interface InspectOptions {
  httpPort: number | undefined;
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  /** The capture browsers; without them (a worker without Chromium, the benchmark's HTML-only pass) no screenshot. */
  browsers: CaptureBrowsers | null;
}

export type Inspection =
  | { ok: true; url: string; status: number; facts: PageFacts; hashes: PageHashes; images: { src: string; alt: string; hash: string | null }[]; png: Buffer | null }
  | { ok: false; detail: string };

/** Pictures looked at for the logo: the first few of the page (a logo sits at its top). */
const MAX_IMAGES = 6;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function decode(body: Buffer, contentType: string | undefined): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return body.toString('utf8');
  }
}

export async function inspectPage(domain: string, addresses: readonly string[], opts: InspectOptions): Promise<Inspection> {
  const pin: PinnedHost = { host: domain, addresses, ...(opts.httpPort && { httpPort: opts.httpPort }) };
  const fetchOpts = { pin, allowPrivate: opts.allowPrivate, maxBytes: opts.maxBytes, totalTimeoutMs: opts.timeoutMs, headers: { 'user-agent': USER_AGENT, accept: 'text/html,*/*' } };
  let page;
  try {
    page = await safeFetch(`http://${domain}/`, fetchOpts);
  } catch (err) {
    return { ok: false, detail: String((err as Error).message ?? err).slice(0, 300) };
  }
  if (page.status >= 400) return { ok: false, detail: `HTTP ${page.status}` };
  const type = page.headers['content-type'];
  const html = !type || /html|text/i.test(type) ? decode(page.body, type) : '';
  const facts = pageFacts(html);
  const images = await Promise.all(
    facts.images.slice(0, MAX_IMAGES).map(async (img) => {
      let hash: string | null = null;
      try {
        const src = new URL(img.src, page.url).href;
        const res = await safeFetch(src, { ...fetchOpts, maxBytes: Math.min(opts.maxBytes, 5 * 1024 * 1024) });
        if (res.status < 400) hash = await dHash(res.body);
      } catch {
        // A picture that does not come is not the page's failure.
      }
      return { ...img, hash };
    }),
  );
  let png: Buffer | null = null;
  if (opts.browsers) {
    const shot = await opts.browsers.capture(page.url, { pin, fullPage: false });
    if (shot.ok) png = shot.png;
  }
  const hashes: PageHashes = { markupTlsh: tlshOf(facts.markup), textTlsh: tlshOf(facts.text), shotHash: png && (await dHash(png)) };
  return { ok: true, url: page.url, status: page.status, facts, hashes, images, png };
}

/** Runs `work` over `items`, at most `limit` at once, answers in the items' order. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}
