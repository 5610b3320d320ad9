import type { Db, Tx } from '../../platform/db.js';
import { listMatchers, loadListUrls, SELLER_REASONS, type ListUrls } from '../../records/upload/list-matching.js';
import { HINT_SEPARATOR, hintText } from '../../records/core/hint-text.js';
import { brandKeywords, specialWords } from './queries.js';

export { urlKey } from '../../records/upload/list-matching.js';

/**
 * Matching each uploaded listing against the client's master data, so analysts look first where it pays:
 * - seller and URLs against the black and white lists (records/upload/list-matching.ts);
 * - the title against the compatible and genuine wording (title hint words) and the brand keywords (brand hints).
 * Every hint says why it fired ("compatible: 'for use with'", "keyword 'sakura' (brand Sakura Glow)": stored in
 * English from the `hint.*` messages, shown in the reader's language by hint-text.ts), and any
 * hint marks the record need-to-check. Words are found with one case-insensitive pattern per kind, so a row costs
 * a few regex scans however long the lists are.
 */
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

/** The client's lists, wording and brand keywords: plain data, so the matcher can be built in an upload worker. */
export interface MatcherData {
  urls: ListUrls;
  words: { type: number; word: string }[];
  keywords: { keyword_name: string; brand_name: string }[];
}

export async function loadMatcher(db: Db | Tx, clientId: number): Promise<Matcher> {
  return buildMatcher(await loadMatcherData(db, clientId));
}

export async function loadMatcherData(db: Db | Tx, clientId: number): Promise<MatcherData> {
  const [urls, words, keywords] = await Promise.all([
    loadListUrls(db, clientId),
    specialWords(db, clientId),
    brandKeywords(db, clientId),
  ]);
  return { urls, words, keywords };
}

export function buildMatcher({ urls, words, keywords }: MatcherData): Matcher {
  const matchLists = listMatchers(urls, SELLER_REASONS);
  const compatible = wordPattern(words.filter((w) => w.type === 1).map((w) => w.word));
  const genuine = wordPattern(words.filter((w) => w.type === 2).map((w) => w.word));
  const brandOf = new Map(keywords.map((k) => [k.keyword_name.trim().toLowerCase(), k.brand_name]));
  const keywordPattern = wordPattern(keywords.map((k) => k.keyword_name));

  return {
    match(row) {
      const titleHints = [
        ...found(compatible, row.title).map((word) => hintText('hint.compatible', { word })),
        ...found(genuine, row.title).map((word) => hintText('hint.genuine', { word })),
      ];
      const brandHints = [...new Set([...found(keywordPattern, row.title), ...found(keywordPattern, row.brand)])].map(
        (word) => hintText('hint.keyword', { word, brand: brandOf.get(word) ?? '?' }),
      );
      const listed = { names: [row.seller], ids: [], urls: [row.url, row.sellerUrl] };
      const { blacklist, whitelist } = matchLists(listed);
      return {
        blacklist,
        whitelist,
        titleHints: titleHints.join(HINT_SEPARATOR).slice(0, 1000),
        brandHints: brandHints.join(HINT_SEPARATOR).slice(0, 1000),
        needToCheck: blacklist !== '' || whitelist !== '' || titleHints.length > 0 || brandHints.length > 0,
      };
    },
  };
}
