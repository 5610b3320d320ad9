import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BRAND_KEYWORDS, BRAND_SITE_DOMAINS, brandSitePage, CLONE_VARIANTS, OFFICIAL_DOMAIN, SHOP_VARIANTS, type BrandSiteVariant } from '../packages/server/src/demo/brand-sites.js';
import { inspectPage, type Inspection } from '../packages/server/src/areas/domain-watch/inspect.js';
import { brandWordsOf } from '../packages/server/src/areas/domain-watch/page-facts.js';
import { hashSimilarity, tlshSimilarity } from '../packages/server/src/areas/domain-watch/page-hash.js';
import { outcomeOf, referenceOf } from '../packages/server/src/areas/domain-watch/pages.js';
import { CaptureBrowsers } from '../packages/server/src/platform/capture.js';

/**
 * Issue 32 point 3, "which matter": the demo brand's official site (SAKURA BEAUTY) against its four clones
 * (identical, retemplated, translated, changed logo), four unrelated shops, and for information the phishing copy,
 * the parking, for-sale and empty pages. Each page goes the way a run's does: served by a local web server, fetched
 * with the host pinned to 127.0.0.1 (inspect.ts), its pictures hashed, its first screen shot by Debian's Chromium,
 * scored against the official page (page-score.ts). Reported: TLSH similarity of markup and text, screenshot
 * similarity (dHash), score and suggested category. PASS when every clone scores above every unrelated shop (the
 * lowest clone's margin over the highest shop is printed); exit 1 otherwise.
 */

// Each variant on its demo domain (BRAND_SITE_DOMAINS), as a run sees it: a parking page naming its own domain is not naming the brand.
const hosts = new Map<string, BrandSiteVariant>([[OFFICIAL_DOMAIN, 'official'], ...Object.entries(BRAND_SITE_DOMAINS).map(([v, d]) => [d, v as BrandSiteVariant] as const)]);
const domainOf = (v: BrandSiteVariant) => (v === 'official' ? OFFICIAL_DOMAIN : BRAND_SITE_DOMAINS[v]);

const server = http.createServer((req, res) => {
  const variant = hosts.get((req.headers.host ?? '').replace(/:\d+$/, ''));
  const page = variant && brandSitePage(variant, req.url ?? '/');
  if (!page) return void res.writeHead(404).end();
  res.writeHead(page.status, { 'content-type': page.contentType }).end(page.body);
});
await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
const port = (server.address() as AddressInfo).port;
const browsers = new CaptureBrowsers({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', browsers: 1, timeoutMs: 30_000, maxBytes: 25 * 1024 * 1024, policy: { allowPrivate: true } });
const opts = { httpPort: port, allowPrivate: true, maxBytes: 25 * 1024 * 1024, timeoutMs: 30_000, browsers };
// The pin sends every name to the local server: the system resolver is never asked.
const inspect = (v: BrandSiteVariant) => inspectPage(domainOf(v), ['127.0.0.1'], opts);

const words = brandWordsOf({ brands: ['SAKURA BEAUTY', ...BRAND_KEYWORDS], words: [], labels: [OFFICIAL_DOMAIN.split('.')[0]!] });
const started = performance.now();
const official = await inspect('official');
if (!official.ok) throw new Error(`the official page failed: ${official.detail}`);
const reference = referenceOf(official, words);
const others = [...hosts.values()].filter((v) => v !== 'official');
const rows: { variant: string; group: string; markup: number | null; text: number | null; shot: number | null; score: number; category: number; reasons: string }[] = [];
for (const variant of others) {
  const inspection: Inspection = await inspect(variant);
  const { result } = outcomeOf(domainOf(variant), inspection, reference, words);
  const group = (CLONE_VARIANTS as readonly string[]).includes(variant) ? 'clone' : (SHOP_VARIANTS as readonly string[]).includes(variant) ? 'unrelated' : 'information';
  const h = inspection.ok ? inspection.hashes : null;
  rows.push({
    variant, group, score: result.score, category: result.category,
    markup: h && tlshSimilarity(reference.markupTlsh, h.markupTlsh), text: h && tlshSimilarity(reference.textTlsh, h.textTlsh), shot: h && hashSimilarity(reference.shotHash, h.shotHash),
    reasons: result.reasons.map((r) => ('key' in r ? r.key.replace('domainWatch.reason', '') + (r.params?.points === undefined ? '' : `+${r.params.points}`) : r.text)).join(' '),
  });
}
const seconds = (performance.now() - started) / 1000;
await browsers.close();
server.close();

const pct = (n: number | null) => (n === null ? '–' : `${n} %`);
console.log(`page similarity: official ${OFFICIAL_DOMAIN} against ${rows.length} pages, ${(seconds / (rows.length + 1)).toFixed(2)} s a page (fetch, pictures, screenshot, score)`);
console.log('| page | group | markup (TLSH) | text (TLSH) | screenshot (dHash) | score | category | points |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.variant} | ${r.group} | ${pct(r.markup)} | ${pct(r.text)} | ${pct(r.shot)} | ${r.score} | ${r.category} | ${r.reasons} |`);
const clones = rows.filter((r) => r.group === 'clone');
const unrelated = rows.filter((r) => r.group === 'unrelated');
const lowestClone = Math.min(...clones.map((r) => r.score));
const highestUnrelated = Math.max(...unrelated.map((r) => r.score));
const pairs = clones.length * unrelated.length;
const ordered = clones.reduce((n, c) => n + unrelated.filter((u) => c.score > u.score).length, 0);
const pass = ordered === pairs;
console.log(`ranking: ${ordered}/${pairs} clone-unrelated pairs in order; lowest clone ${lowestClone}, highest unrelated ${highestUnrelated}, margin ${lowestClone - highestUnrelated}: ${pass ? 'PASS' : 'FAIL'}`);
if (!pass) process.exitCode = 1;
