import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readSearchPage } from '../../packages/server/src/areas/crawler-tasks/extract.js';

/**
 * Benchmark (issue 29): the search-page reader without a recipe against the annotated search pages of the shared
 * development set (`<PAGES_DIR>/annotated/*.json` with kind "search"; the pages stay outside the repository).
 * A listing read counts right when its URL is one of the page's listingUrls or its id, by listingIdPattern, is one
 * of listingIds; recall counts the page's listings (by id where the page gives ids) that were read. Precision,
 * recall and F1 over all links of all pages; perPage gives each page's counts.
 * Run directly, it prints one JSON line. PAGES_DIR defaults to ../shared/pages from the repository's root.
 */
interface Annotation {
  kind: string;
  url: string;
  listingUrls?: string[];
  listingIds?: string[];
  listingIdPattern?: string;
}

export interface PageScore {
  page: string;
  read: number;
  right: number;
  listings: number;
  found: number;
  precision: number;
  recall: number;
  next: string | null;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : Math.round((a / b) * 1000) / 1000);

function scorePage(dir: string, name: string, a: Annotation): PageScore {
  const html = readFileSync(join(dir, `${name}.html`), 'utf8');
  const { links, next } = readSearchPage(html, a.url, null);
  const pattern = a.listingIdPattern ? new RegExp(a.listingIdPattern) : undefined;
  const idOf = (url: string) => (pattern ? pattern.exec(url)?.[1] : undefined);
  const ids = new Set(a.listingIds ?? []);
  const urls = new Set(a.listingUrls ?? []);
  // the page's listings: its ids where it gives them, else its URLs
  const truth = ids.size > 0 ? ids : urls;
  const found = new Set<string>();
  let right = 0;
  for (const link of links) {
    const id = idOf(link);
    const ok = urls.has(link) || (id !== undefined && ids.has(id));
    if (!ok) continue;
    right++;
    const unit = ids.size > 0 ? (id ?? idOf(link)) : link;
    if (unit !== undefined && truth.has(unit)) found.add(unit);
  }
  return { page: name, read: links.length, right, listings: truth.size, found: found.size, precision: ratio(right, links.length), recall: ratio(found.size, truth.size), next: next ?? null };
}

export function scoreSearch(pagesDir: string) {
  const dir = join(pagesDir, 'annotated');
  const perPage: PageScore[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const a = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Annotation;
    if (a.kind === 'search') perPage.push(scorePage(dir, file.slice(0, -'.json'.length), a));
  }
  const sum = (f: (p: PageScore) => number) => perPage.reduce((s, p) => s + f(p), 0);
  const precision = ratio(sum((p) => p.right), sum((p) => p.read));
  const recall = ratio(sum((p) => p.found), sum((p) => p.listings));
  const f1 = precision + recall === 0 ? 0 : Math.round(((2 * precision * recall) / (precision + recall)) * 1000) / 1000;
  return { set: 'search' as const, pages: perPage.length, precision, recall, f1, perPage };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(fileURLToPath(import.meta.url), '../../..');
  console.log(JSON.stringify(scoreSearch(process.env.PAGES_DIR ?? resolve(root, '../shared/pages'))));
}
