import type { StoredReason } from '../../platform/schema.js';
import { inBatches, inspectPage, type Inspection, type InspectOptions } from './inspect.js';
import { brandWordsIn } from './page-facts.js';
import { fileName, notDisplayed, pageFingerprint, scorePage, type PageScore, type ReferencePage } from './page-score.js';

/**
 * The pages of a run's live look-alikes (issue 32 point 3): the official site (the watch's first domain) is
 * inspected once as the reference, then each live look-alike (at most DOMAIN_WATCH_MAX_PAGES a run, a few at once),
 * each scored against it. Nothing here writes: the run writes what this answers in its transaction.
 */
export interface PageOutcome {
  inspection: Inspection;
  result: PageScore;
  fingerprint: string;
}

export interface PagesInput {
  /** The official domain and its addresses (by the watch's resolvers); no addresses: no reference. */
  official: { domain: string; addresses: string[] };
  /** Live look-alikes (A or AAAA answered), in the run's order. */
  live: { domain: string; addresses: string[] }[];
  brandWords: string[];
  maxPages: number;
  concurrency: number;
}

/** The reference: the official page's hashes and its logo (an image named or labelled "logo" or with a brand word, else the first). */
export function referenceOf(inspection: Inspection | null, brandWords: readonly string[]): ReferencePage {
  if (!inspection?.ok) return { markupTlsh: null, textTlsh: null, shotHash: null, logo: null };
  const words = brandWords.map((w) => w.toLowerCase());
  const images = inspection.images;
  const logo = images.find((i) => /logo/i.test(i.src) || /logo/i.test(i.alt)) ?? images.find((i) => words.some((w) => i.alt.toLowerCase().includes(w))) ?? images[0];
  return { ...inspection.hashes, logo: logo ? { hash: logo.hash, name: fileName(logo.src) } : null };
}

/** A look-alike's page scored against the reference (or its failure, not displayed). */
export function outcomeOf(domain: string, inspection: Inspection, reference: ReferencePage, brandWords: readonly string[]): PageOutcome {
  const result = inspection.ok
    ? scorePage(reference, { ...inspection.hashes, facts: inspection.facts, images: inspection.images, brandWords: brandWordsIn(inspection.facts, brandWords, domain) })
    : notDisplayed(inspection.detail);
  const fingerprint = inspection.ok
    ? pageFingerprint({ url: inspection.url, status: inspection.status, title: inspection.facts.title, result })
    : pageFingerprint({ url: null, status: null, title: null, result });
  return { inspection, result, fingerprint };
}

export async function inspectPages(input: PagesInput, opts: InspectOptions): Promise<{ pages: Map<string, PageOutcome>; capped: boolean }> {
  const official = input.official.addresses.length ? await inspectPage(input.official.domain, input.official.addresses, opts) : null;
  const reference = referenceOf(official, input.brandWords);
  const chosen = input.live.slice(0, input.maxPages);
  const inspections = await inBatches(chosen, input.concurrency, (c) => inspectPage(c.domain, c.addresses, opts));
  const pages = new Map(chosen.map((c, i) => [c.domain, outcomeOf(c.domain, inspections[i]!, reference, input.brandWords)]));
  return { pages, capped: input.live.length > chosen.length };
}

/** The reasons a run stores for a candidate: the DNS reasons, then the page's. */
export const withPageReasons = (dns: StoredReason[], page: PageOutcome | undefined): StoredReason[] => (page ? [...dns, ...page.result.reasons] : dns);
