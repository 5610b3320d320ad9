import { createHash } from 'node:crypto';
import type { DomainPageSignals, StoredReason } from '../../platform/schema.js';
import { isShop, type PageFacts } from './page-facts.js';
import { hamming, hashSimilarity, tlshSimilarity } from './page-hash.js';

/**
 * Which look-alikes matter (issue 32 point 3): a score 0-100 for a live look-alike's page against the brand's
 * official page, each point given by one reason (a message key with its figures), and the site category the signals
 * suggest. Pure. The rules, in points:
 *
 * | signal                                                             | points                |
 * | HTML like the official's (TLSH of its markup or of its text, ≥ 40%) | 35 × similarity       |
 * | screenshot like the official's (dHash, ≥ 50%)                       | 20 × similarity       |
 * | the official logo among its images (dHash within 8 bits of 64)      | 20                    |
 * | only the logo's file name (not a generic one) or a brand word in an alt | 5                   |
 * | the brand's words in its title or text                              | 15                    |
 * | a password or card form, with any of the above (phishing)           | 25                    |
 * | a shop (prices and a cart or payment words), with any of the above  | 5                     |
 * | a parking page or a domain for sale                                 | 5                     |
 *
 * Categories (WS_SITE_CATEGORIES): not displayed 7, no content 6, domain selling 8, parking 5, phishing 11 (a login
 * or card form with the brand), dangerous 10 (a shop that copies the official site: HTML or screenshot close, or its
 * logo), suspicious 3 (the brand is there, nothing copied or no shop), non-related 2.
 */
export interface PageHashes {
  markupTlsh: string | null;
  textTlsh: string | null;
  /** dHash of the first screen of the screenshot. */
  shotHash: string | null;
}

export interface ReferencePage extends PageHashes {
  /** The official page's logo: its dHash and file name. */
  logo: { hash: string | null; name: string } | null;
}

export interface CandidatePage extends PageHashes {
  facts: PageFacts;
  images: { src: string; alt: string; hash: string | null }[];
  /** The brand's words found on it (page-facts.ts brandWordsIn). */
  brandWords: string[];
}

export interface PageScore {
  score: number;
  reasons: StoredReason[];
  category: number;
  signals: DomainPageSignals;
}

type KeyReason = Extract<StoredReason, { key: unknown }>;
const HTML_FLOOR = 40;
const SHOT_FLOOR = 50;
const LOGO_BITS = 8;

export const fileName = (src: string) => decodeURIComponent(src.split(/[?#]/)[0]!.split('/').at(-1) ?? '').toLowerCase();

/** File names every site uses: the same one says nothing. */
const GENERIC_NAME = /^(?:logo|header|brand|mark|image|img|banner|top|icon|main)[-_]?\d*\.\w+$/;

function logoOf(ref: ReferencePage, page: CandidatePage): 'image' | 'name' | null {
  const logo = ref.logo;
  if (logo?.hash && page.images.some((i) => i.hash && hamming(i.hash, logo.hash!) <= LOGO_BITS)) return 'image';
  const words = page.brandWords.map((w) => w.toLowerCase());
  const sameName = (src: string) => logo !== null && !GENERIC_NAME.test(logo.name) && fileName(src) === logo.name;
  const named = page.images.some((i) => sameName(i.src) || words.some((w) => i.alt.toLowerCase().includes(w)));
  return named ? 'name' : null;
}

export function scorePage(ref: ReferencePage, page: CandidatePage): PageScore {
  const reasons: StoredReason[] = [];
  let score = 0;
  const add = (points: number, reason: KeyReason) => {
    score += points;
    reasons.push({ ...reason, params: { ...reason.params, points } });
  };
  const markup = tlshSimilarity(ref.markupTlsh, page.markupTlsh);
  const text = tlshSimilarity(ref.textTlsh, page.textTlsh);
  const html = Math.max(markup ?? -1, text ?? -1);
  const shot = hashSimilarity(ref.shotHash, page.shotHash);
  if (html >= HTML_FLOOR) add(Math.round(0.35 * html), { key: html === markup ? 'domainWatch.reasonMarkupSimilar' : 'domainWatch.reasonTextSimilar', params: { percent: html } });
  if (shot !== null && shot >= SHOT_FLOOR) add(Math.round(0.2 * shot), { key: 'domainWatch.reasonScreenshotSimilar', params: { percent: shot } });
  const logo = logoOf(ref, page);
  if (logo === 'image') add(20, { key: 'domainWatch.reasonLogo' });
  if (logo === 'name') add(5, { key: 'domainWatch.reasonLogoName' });
  if (page.brandWords.length) add(15, { key: 'domainWatch.reasonBrandWords', params: { words: page.brandWords.join(', ') } });
  const brand = reasons.length > 0;
  const copied = html >= 50 || (shot ?? 0) >= 70 || logo === 'image';
  const f = page.facts;
  const login = f.password || f.card;
  const shop = isShop(f);
  if (brand && login) add(25, { key: f.card ? 'domainWatch.reasonCardForm' : 'domainWatch.reasonLoginForm' });
  if (brand && shop && !login) add(5, { key: 'domainWatch.reasonShop', params: { prices: f.prices } });
  if (f.forSale) add(5, { key: 'domainWatch.reasonForSale' });
  else if (f.parked) add(5, { key: 'domainWatch.reasonParked' });
  else if (f.empty && !brand) reasons.push({ key: 'domainWatch.reasonEmpty' });

  const category = f.forSale ? 8 : f.parked ? 5 : f.empty && !brand ? 6 : brand && login ? 11 : copied && shop ? 10 : brand ? 3 : 2;
  const signals: DomainPageSignals = {
    htmlSimilarity: html >= 0 ? html : null,
    screenshotSimilarity: shot,
    brandWords: page.brandWords,
    logo: logo !== null,
    shop,
    login,
    parked: f.parked,
    forSale: f.forSale,
    empty: f.empty,
  };
  return { score: Math.min(100, score), reasons, category, signals };
}

/**
 * A page nobody could see (the fetch failed): category "not displayed", no points, no reason shown (a connection
 * error says nothing about the brand); why it failed is kept in the signals for whoever looks into it.
 */
export function notDisplayed(detail: string): PageScore {
  return {
    score: 0,
    reasons: [],
    category: 7,
    signals: { htmlSimilarity: null, screenshotSimilarity: null, brandWords: [], logo: false, shop: false, login: false, parked: false, forSale: false, empty: false, failure: detail.slice(0, 300) },
  };
}

/**
 * What tells a changed page from an unchanged one: where it ended, its status and title, its category and signals,
 * its HTML similarity to a tenth. A date or a counter on the page changes its hashes a little, not these.
 */
export function pageFingerprint(input: { url: string | null; status: number | null; title: string | null; result: PageScore }): string {
  const s = input.result.signals;
  // The failure's wording (a port, a timeout's figure) is left out: a page that stays down is unchanged.
  const parts = [input.url, input.status, input.title, input.result.category, s.brandWords, s.logo, s.shop, s.login, s.parked, s.forSale, s.empty, s.htmlSimilarity === null ? null : Math.round(s.htmlSimilarity / 10)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}
