import type { RecheckVerdict } from '@portal/contract';

/**
 * Whether a re-checked listing is gone or still live, from what the browser saw: the HTTP status, the final URL
 * after redirects and the page's visible text. Marketplaces rarely answer 404 for a removed listing; most answer
 * 200 with a "no longer available" page, or send the visitor to a search or the home page, so all three count.
 */
export interface RecheckSight {
  /** The listing's URL as the record has it. */
  url: string;
  finalUrl: string;
  status: number | null;
  html: Buffer;
}

/** Statuses that say the page is not there: not found, gone, unavailable for legal reasons (a takedown). */
const GONE_STATUSES = new Set([404, 410, 451]);

/**
 * Phrases of removed-listing pages, in English and Japanese, compared with the visible text lower-cased and with
 * spaces folded. Only phrases that say the listing itself is gone: "out of stock" or "sold out" do not.
 */
export const GONE_PHRASES = [
  'no longer available',
  'this listing has ended',
  'this listing was ended',
  'listing has been removed',
  'item has been removed',
  'this item has been removed',
  'this product has been removed',
  'product has been removed',
  'this item is no longer',
  'this page does not exist',
  'page not found',
  'item not found',
  'product not found',
  'listing not found',
  'has been taken down',
  'この商品は削除されました',
  '商品は削除されました',
  'この商品は存在しません',
  'ページが見つかりません',
  'お探しのページは見つかりませんでした',
  'お探しのページが見つかりません',
  '該当する商品が見つかりません',
  'この出品は削除されました',
  '出品は取り消されました',
  'この商品は公開停止',
  '掲載は終了しました',
] as const;

/** The page's visible text: scripts, styles and tags left out, the usual entities read, spaces folded. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&#39;|&apos;|&rsquo;/gi, "'")
    .replace(/[\s\u3000]+/g, ' ')
    .toLowerCase();
}

/** Search result pages by their path or query (`/search`, `/s?k=`, `?q=`, `/catalog/search`, `/find`). */
const SEARCH_PATH = /(^|\/)(search|s|find|searchresults?|result|results)(\/|$|\.)/i;
const SEARCH_QUERY = ['q', 'k', 'kw', 'keyword', 'keywords', 'query', 'search', 'search_query', '_nkw'];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The listing was sent elsewhere: to the site's home page or to a search (the usual answer for a removed listing). */
function redirectedAway(from: string, to: string): string | null {
  const a = parse(from);
  const b = parse(to);
  if (!a || !b) return null;
  const samePage = a.host.replace(/^www\./, '') === b.host.replace(/^www\./, '') && a.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');
  if (samePage) return null;
  const path = b.pathname.replace(/\/+$/, '');
  if (path === '' || /^\/(index\.html?|home|top)$/i.test(path)) return `redirect to ${b.pathname}`;
  if (SEARCH_PATH.test(path) || SEARCH_QUERY.some((k) => b.searchParams.has(k))) return `redirect to ${b.pathname}${b.search}`.slice(0, 200);
  return null;
}

/** The page's text in the charset its head declares (Japanese marketplaces still serve Shift_JIS or EUC-JP). */
function decode(html: Buffer): string {
  const declared = /<meta[^>]+charset=["']?\s*([\w-]+)/i.exec(html.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(html);
  } catch {
    return html.toString('utf8');
  }
}

export function classify(sight: RecheckSight): { verdict: RecheckVerdict; reason: string } {
  if (sight.status !== null && GONE_STATUSES.has(sight.status)) return { verdict: 'gone', reason: `status ${sight.status}` };
  const redirect = redirectedAway(sight.url, sight.finalUrl);
  if (redirect) return { verdict: 'gone', reason: redirect };
  const text = visibleText(decode(sight.html));
  const phrase = GONE_PHRASES.find((p) => text.includes(p));
  if (phrase) return { verdict: 'gone', reason: `phrase "${phrase}"` };
  return { verdict: 'live', reason: `page answers ${sight.status ?? 'without a status'}` };
}
