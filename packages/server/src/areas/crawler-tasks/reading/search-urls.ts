/**
 * URLs on a search page (issue 29): which links can be listings at all and what identifies a listing behind its
 * tracking and ad redirects. Pure functions over URLs, no DOM.
 */

/** An http(s) URL for an href as the page resolves it, without its fragment; undefined for javascript:, mailto: … */
export function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site a host belongs to: its last two labels, or three under a short second-level label (`co.jp`, `com.au`),
 * so that a search on `search.example.co.jp` keeps its listings on `item.example.co.jp`.
 */
export function siteOf(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return hostname; // an IP address is its own site
  const labels = hostname.toLowerCase().split('.');
  const n = labels.length >= 3 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3 ? 3 : 2;
  return labels.slice(-n).join('.');
}

/**
 * The target of an ad or click-tracking redirect (`/redirect?url=<the listing>`): the listing itself, so that the
 * crawler neither pays for an ad click nor keeps a sponsored copy of a listing it also finds unsponsored.
 */
export function unwrapRedirect(url: string): string {
  const u = new URL(url);
  // a link that names an item itself is the listing (its `?back=/search…` is where to return, not where it goes)
  if (u.pathname.split('/').some((s) => isIdSegment(safeDecode(s)))) return url;
  for (const value of u.searchParams.values()) {
    if (!/^(https?:\/\/|\/[^/])/i.test(value)) continue;
    const inner = absolute(value, url);
    if (inner && siteOf(new URL(inner).hostname) === siteOf(u.hostname) && new URL(inner).pathname.length > 1) return inner;
  }
  return url;
}

/** Query parameters that follow the visitor or the ranking, never the item (dropped before listings are compared). */
const TRACKING = /^(utm_.*|gclid|fbclid|msclkid|ref|ref_|refid|qid|sr|srs|spm|scm|pf_rd_.*|pd_rd_.*|_encoding|psc|keywords?|k|q|query|sprefix|crid|trk|tracking.*|track|sid|session.*|position|pos|rank|click.*|ad.*|campaign|source|from|src|search.*|_.*)$/i;

/** An item number: letters and digits, at least one digit, no punctuation (`B07XXXXXXX`, `123456789`). */
const ID_SEGMENT = /^(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{5,}$/;
/** An item number at the end of a slug (`leather-bag-123456`, `bag-p12345`). */
const SLUG_ID = /[-_]([A-Za-z]{0,2}\d{4,})$/;

const stem = (segment: string) => segment.replace(/\.(html?|php|aspx?)$/i, '');
/** True for a path segment that is an item number by itself. */
export const isIdSegment = (segment: string) => ID_SEGMENT.test(stem(segment));

/**
 * What one listing is known by: the item number in its path when it has one (the same listing linked from its
 * picture, its title and its sponsored copy under different paths), else the path with the query minus tracking.
 */
export function listingKey(url: string): string {
  const u = new URL(unwrapRedirect(url));
  const segments = u.pathname.split('/').filter(Boolean).map(safeDecode);
  // a segment that is a number by itself first (a slug may end in a year or a size), the last one (a shop's or a
  // category's number comes before the item's: /shop/123/item/456)
  const last = segments.map(stem).reverse();
  const id = last.find((s) => ID_SEGMENT.test(s)) ?? last.map((s) => SLUG_ID.exec(s)?.[1]).find(Boolean);
  if (id) return `${siteOf(u.hostname)}#${id}`;
  const query = [...u.searchParams].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => a.localeCompare(b));
  return `${siteOf(u.hostname)}${u.pathname.replace(/\/+$/, '')}?${new URLSearchParams(query).toString()}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Words of account, cart, help and legal links in a path or a link's text (a listing never is one of those). */
const CHROME_WORDS =
  /^(login|log-?in|logout|signin|sign-?in|signup|sign-?up|register|registration|account|myaccount|my-?account|mypage|profile|cart|basket|warenkorb|panier|carrito|checkout|kasse|wishlist|wish-?list|favorites|favourites|merkzettel|help|hilfe|aide|ayuda|faq|support|customer-?service|kundenservice|contact|kontakt|about|about-?us|impressum|imprint|privacy|datenschutz|terms|agb|legal|cookies?|careers?|jobs|press|sitemap|newsletter|orders?|returns|ログイン|カート|ヘルプ|お問い合わせ)$/i;

/** True for links a search page carries around its results: account, cart, help, legal. */
export function isChromeLink(url: string): boolean {
  const u = new URL(url);
  return u.pathname
    .split('/')
    .map(safeDecode)
    .some((s) => CHROME_WORDS.test(s.replace(/\.(html?|php|aspx?)$/i, '')));
}
