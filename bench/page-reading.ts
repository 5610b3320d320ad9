import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scorePrices } from './reading/prices.js';
import { scoreAnnotated, scoreBenchmark } from './reading/products.js';
import { scoreSearch } from './reading/search.js';

/**
 * Benchmark (issue 29): the crawler's page reader on a folder of real pages in the layout of ../shared/pages
 * (spec README "Reading real pages"): PAGES_DIR, by default ../shared/pages beside the repository. One JSON line per
 * set: the benchmark's product pages (precision, recall and F1 per field beside the published figures), the
 * annotated product pages (share right per field), the annotated search pages (listing URLs) and the price strings.
 * The pages are read where they are, never copied into the repository; without the folder the run says so.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pagesDir = process.env.PAGES_DIR ?? path.resolve(root, '../shared/pages');

if (!existsSync(pagesDir)) {
  console.log(JSON.stringify({ set: 'pages', skipped: `no folder of pages at ${pagesDir} (PAGES_DIR)` }));
} else {
  const sets: [string, (dir: string) => unknown][] = [
    ['benchmark', scoreBenchmark],
    ['annotated', scoreAnnotated],
    ['search', scoreSearch],
    ['prices', scorePrices],
  ];
  for (const [name, score] of sets) {
    // A set whose files the folder lacks is named as missing; the others are still scored.
    try {
      console.log(JSON.stringify(await score(pagesDir)));
    } catch (err) {
      console.log(JSON.stringify({ set: name, skipped: err instanceof Error ? err.message : String(err) }));
    }
  }
}
