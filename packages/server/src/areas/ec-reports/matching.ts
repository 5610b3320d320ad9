import type { Db, Tx } from '../../platform/db.js';

/**
 * Matching each uploaded listing against the client's master data, so analysts look first where it pays:
 * - seller and URLs against the black and white lists (a list entry names a URL, a seller or a seller id);
 * - the title against the compatible and genuine wording (title hint words) and the brand keywords (brand hints).
 * Every hint says why it fired ("compatible: 'for use with'", "keyword 'sakura' (brand Sakura Glow)"), and any
 * hint marks the record need-to-check. Words are found with one case-insensitive pattern per kind, so a row costs
 * a few regex scans however long the lists are.
 */
export interface ListEntry {
  url: string;
  seller: string;
  sellerId: string;
}
export interface Matcher {
  match(row: { title: string; brand: string; seller: string; url: string; sellerUrl: string }): MatchResult;
}
export interface MatchResult {
  blacklist: string;
  whitelist: string;
  titleHints: string;
  brandHints: string;
  needToCheck: boolean;
}

/** The listing's identity for repeats and lists: no scheme, no `www.`, no trailing slash, lower-case host. */
export function urlKey(url: string): string {
  const trimmed = url.trim().replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const slash = trimmed.indexOf('/');
  const host = (slash < 0 ? trimmed : trimmed.slice(0, slash)).toLowerCase();
  const rest = slash < 0 ? '' : trimmed.slice(slash).replace(/#.*$/, '').replace(/\/+$/, '');
  return (host + rest).slice(0, 2000);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One alternation of every word, longest first so a longer word wins over its prefix. */
function wordPattern(words: string[]): RegExp | null {
  const unique = [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))].sort((a, b) => b.length - a.length);
  return unique.length === 0 ? null : new RegExp(unique.map(escapeRe).join('|'), 'giu');
}

function found(pattern: RegExp | null, text: string): string[] {
  if (!pattern || text === '') return [];
  const hits = new Set<string>();
  for (const m of text.matchAll(pattern)) hits.add(m[0].toLowerCase());
  return [...hits];
}

function listMatcher(entries: ListEntry[]) {
  const urls = entries.filter((e) => e.url.trim() !== '').map((e) => ({ key: urlKey(e.url), label: e.url.trim() }));
  const sellers = new Map(entries.filter((e) => e.seller.trim() !== '').map((e) => [e.seller.trim().toLowerCase(), e.seller.trim()]));
  const sellerIds = entries.filter((e) => e.sellerId.trim() !== '').map((e) => e.sellerId.trim());
  return (row: { seller: string; url: string; sellerUrl: string }): string => {
    const reasons: string[] = [];
    const seller = sellers.get(row.seller.trim().toLowerCase());
    if (seller) reasons.push(`seller: ${seller}`);
    const keys = [urlKey(row.url), urlKey(row.sellerUrl)].filter((k) => k !== '');
    for (const u of urls) if (keys.some((k) => k === u.key || k.startsWith(`${u.key}/`) || k.startsWith(`${u.key}?`))) reasons.push(`url: ${u.label}`);
    for (const id of sellerIds) if (row.sellerUrl.includes(id) || row.url.includes(id)) reasons.push(`seller id: ${id}`);
    return reasons.join('; ').slice(0, 1000);
  };
}

/** The client's lists, wording and brand keywords: plain data, so the matcher can be built in an upload worker. */
export interface MatcherData {
  urls: { type: number; url: string; seller: string; seller_id: string }[];
  words: { type: number; word: string }[];
  keywords: { keyword_name: string; brand_name: string }[];
}

export async function loadMatcher(db: Db | Tx, clientId: number): Promise<Matcher> {
  return buildMatcher(await loadMatcherData(db, clientId));
}

export async function loadMatcherData(db: Db | Tx, clientId: number): Promise<MatcherData> {
  const [urls, words, keywords] = await Promise.all([
    db.selectFrom('special_url').select(['type', 'url', 'seller', 'seller_id']).where('client_id', '=', clientId).execute(),
    db.selectFrom('special_word').select(['type', 'word']).where('client_id', '=', clientId).execute(),
    db
      .selectFrom('brand_keyword as k')
      .innerJoin('brand as b', 'b.brand_id', 'k.brand_id')
      .select(['k.keyword_name', 'b.brand_name'])
      .where('k.client_id', '=', clientId)
      .execute(),
  ]);
  return { urls, words, keywords };
}

export function buildMatcher({ urls, words, keywords }: MatcherData): Matcher {
  const entries = (type: number) => urls.filter((u) => u.type === type).map((u) => ({ url: u.url, seller: u.seller, sellerId: u.seller_id }));
  const black = listMatcher(entries(2));
  const white = listMatcher(entries(1));
  const compatible = wordPattern(words.filter((w) => w.type === 1).map((w) => w.word));
  const genuine = wordPattern(words.filter((w) => w.type === 2).map((w) => w.word));
  const brandOf = new Map(keywords.map((k) => [k.keyword_name.trim().toLowerCase(), k.brand_name]));
  const keywordPattern = wordPattern(keywords.map((k) => k.keyword_name));

  return {
    match(row) {
      const titleHints = [
        ...found(compatible, row.title).map((w) => `compatible: '${w}'`),
        ...found(genuine, row.title).map((w) => `genuine: '${w}'`),
      ];
      const brandHints = [...new Set([...found(keywordPattern, row.title), ...found(keywordPattern, row.brand)])].map(
        (w) => `keyword '${w}' (brand ${brandOf.get(w) ?? '?'})`,
      );
      const blacklist = black(row);
      const whitelist = white(row);
      return {
        blacklist,
        whitelist,
        titleHints: titleHints.join('; ').slice(0, 1000),
        brandHints: brandHints.join('; ').slice(0, 1000),
        needToCheck: blacklist !== '' || whitelist !== '' || titleHints.length > 0 || brandHints.length > 0,
      };
    },
  };
}
