import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProduct, type ProductReading } from '../../packages/server/src/areas/crawler-tasks/reading/product.js';

/**
 * Benchmark (issue 29): the product-page reader against the development pages in PAGES_DIR (default
 * ../shared/pages from the repository root; see its README — the pages are read there, never copied here).
 * - benchmark/: 40 product pages with ground truth (price, sku, availability, brand); the benchmark's metric per
 *   attribute (a page is a true positive when the value read is acceptable, a false positive when a value read is
 *   not, a false negative when an acceptable value exists and was not read), beside the published F1 figures.
 * - annotated/: product pages with title, price, currency, seller, image; the share of pages read right per field
 *   (a field the page does not have is right when nothing is read).
 * Run directly it prints one JSON line per set, with pages read per second.
 */

type Scores = Record<string, { precision: number; recall: number; f1: number; tp: number; fp: number; fn: number }>;
const PUBLISHED = { zyte: { price: 0.918, sku: 0.841, availability: 0.957 }, diffbot: { price: 0.824, sku: 0.765, availability: 0.943 } };

/** HTML bytes as text, by the charset the page declares (some are ISO-8859-1). */
function readHtml(file: string): string {
  const bytes = readFileSync(file);
  const head = bytes.subarray(0, 4096).toString('latin1');
  const charset = /charset=["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

const decimalEq = (a: string, b: string) => Number(a) === Number(String(b).replace(/,/g, ''));
const textEq = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

function timed<T>(pages: T[], read: (page: T) => void): number {
  const start = performance.now();
  for (const p of pages) read(p);
  return Math.round((pages.length / ((performance.now() - start) / 1000)) * 10) / 10;
}

export function scoreBenchmark(pagesDir: string): { set: 'benchmark'; pages: number; pagesPerSecond: number; fields: Scores; published: typeof PUBLISHED; priceTruthContradicted: Contradiction[]; priceF1IfTruthFollowedPage: number } {
  const dir = path.join(pagesDir, 'benchmark');
  const truth = JSON.parse(readFileSync(path.join(dir, 'ground-truth.json'), 'utf8')) as Record<string, Record<string, unknown>>;
  const keys = Object.keys(truth).filter((k) => existsSync(path.join(dir, `${k}.html`)));
  const fields = ['price', 'sku', 'availability', 'brand'] as const;
  const counts = Object.fromEntries(fields.map((f) => [f, { tp: 0, fp: 0, fn: 0 }]));
  const contradicted: Contradiction[] = [];
  const pages = keys.map((k) => ({ key: k, html: readHtml(path.join(dir, `${k}.html`)), url: String(truth[k]!.url) }));
  const results = new Map<string, ProductReading>();
  const pagesPerSecond = timed(pages, (p) => results.set(p.key, readProduct(p.html, p.url, null)));
  for (const { key } of pages) {
    const r = results.get(key)!;
    const got: Record<(typeof fields)[number], string | undefined> = { price: r.listing.price, sku: r.listing.listingNo, availability: r.availability, brand: r.listing.brand };
    for (const f of fields) {
      const ok = ((truth[key]![f] as string[] | undefined) ?? []).filter((v) => v !== null && v !== '');
      const value = got[f];
      const eq = f === 'price' ? decimalEq : textEq;
      if (value !== undefined && ok.some((v) => eq(value, v))) counts[f]!.tp++;
      else {
        const html = pages.find((p) => p.key === key)!.html;
        if (f === 'price' && value !== undefined) contradicted.push(...contradictions(key, ok, value, html));
        if (value !== undefined) counts[f]!.fp++;
        if (ok.length > 0) counts[f]!.fn++;
      }
    }
  }
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const scores: Scores = {};
  for (const f of fields) {
    const { tp, fp, fn } = counts[f]!;
    const precision = tp + fp ? tp / (tp + fp) : 0;
    const recall = tp + fn ? tp / (tp + fn) : 0;
    scores[f] = { precision: round(precision), recall: round(recall), f1: round(precision + recall ? (2 * precision * recall) / (precision + recall) : 0), tp, fp, fn };
  }
  const { tp, fp, fn } = counts.price!;
  const fixed = contradicted.length;
  const priceF1IfTruthFollowedPage = round((2 * (tp + fixed)) / (2 * (tp + fixed) + (fp - fixed) + (fn - fixed)));
  return { set: 'benchmark', pages: pages.length, pagesPerSecond, fields: scores, published: PUBLISHED, priceTruthContradicted: contradicted, priceF1IfTruthFollowedPage };
}

interface Contradiction {
  key: string;
  truth: string;
  read: string;
  shown: string;
}

/**
 * A price truth the page itself contradicts: the truth is the amount read divided by a thousand (a grouping
 * separator taken for a decimal point, "2.449" for 2449) and the page shows the amount read with its grouping
 * ("$2.449", "Rs 23,450"). The benchmark's metric compares decimals, so such a truth scores the right reading as
 * wrong; the headline F1 stays strict and this list says which pages, with what the page shows.
 */
function contradictions(key: string, truths: string[], read: string, html: string): Contradiction[] {
  const amount = Number(read);
  if (!Number.isInteger(amount) || amount < 1000) return [];
  const out: Contradiction[] = [];
  for (const truth of truths) {
    if (Math.abs(Number(truth) * 1000 - amount) > 1e-6) continue;
    const grouped = `${Math.floor(amount / 1000)}[.,\u00a0 ]${String(amount % 1000).padStart(3, '0')}(?![0-9])`;
    const shown = new RegExp(`[^<>]{0,6}${grouped}`).exec(html.replace(/<script[\s\S]*?<\/script>/gi, ''))?.[0];
    if (shown) out.push({ key: key.slice(0, 12), truth, read, shown: shown.trim() });
  }
  return out;
}

interface Annotation {
  kind: 'product' | 'search';
  url: string;
  title: string | null;
  titleAlt?: string[] | null;
  price: string | null;
  priceAlt?: { price: string; currency: string }[] | null;
  currency: string | null;
  seller: string | null;
  images?: string[];
  imageKey?: string | null;
}

export function scoreAnnotated(pagesDir: string): { set: 'annotated'; pages: number; pagesPerSecond: number; shareRight: Record<string, number>; wrong: Record<string, string[]> } {
  const dir = path.join(pagesDir, 'annotated');
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .filter((n) => existsSync(path.join(dir, `${n}.html`)));
  const pages = names
    .map((name) => ({ name, a: JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Annotation }))
    .filter((p) => p.a.kind === 'product')
    .map((p) => ({ ...p, html: readHtml(path.join(dir, `${p.name}.html`)) }));
  const results = new Map<string, ProductReading>();
  const pagesPerSecond = timed(pages, (p) => results.set(p.name, readProduct(p.html, p.a.url, null)));
  const fields = ['title', 'price', 'currency', 'seller', 'image'] as const;
  const right = Object.fromEntries(fields.map((f) => [f, 0])) as Record<(typeof fields)[number], number>;
  const wrong = Object.fromEntries(fields.map((f) => [f, [] as string[]]));
  for (const { name, a } of pages) {
    const l = results.get(name)!.listing;
    const prices = [...(a.price ? [{ price: a.price, currency: a.currency }] : []), ...(a.priceAlt ?? [])];
    const priceOk = a.price === null ? l.price === undefined : l.price !== undefined && prices.some((p) => decimalEq(l.price!, p.price));
    const currencyOk = a.currency === null ? l.currency === undefined : prices.some((p) => p.currency === l.currency && (l.price === undefined || decimalEq(l.price, p.price))) || l.currency === a.currency;
    const ok: Record<(typeof fields)[number], boolean> = {
      title: a.title === null ? l.title === undefined : l.title !== undefined && [a.title, ...(a.titleAlt ?? [])].some((t) => textEq(t, l.title!)),
      price: priceOk,
      currency: currencyOk,
      seller: a.seller === null ? l.seller === undefined : l.seller !== undefined && textEq(l.seller, a.seller),
      image: !a.imageKey ? l.imageUrl === undefined : l.imageUrl !== undefined && (l.imageUrl.includes(a.imageKey) || (a.images ?? []).includes(l.imageUrl)),
    };
    for (const f of fields) {
      if (ok[f]) right[f]++;
      else wrong[f]!.push(`${name}: ${f === 'image' ? l.imageUrl : f === 'price' ? `${l.price} ${l.currency}` : l[f]}`);
    }
  }
  const shareRight = Object.fromEntries(fields.map((f) => [f, Math.round((right[f] / pages.length) * 1000) / 1000]));
  return { set: 'annotated', pages: pages.length, pagesPerSecond, shareRight, wrong };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const pagesDir = process.env.PAGES_DIR ?? path.resolve(root, '../shared/pages');
  console.log(JSON.stringify(scoreBenchmark(pagesDir)));
  console.log(JSON.stringify(scoreAnnotated(pagesDir)));
}
