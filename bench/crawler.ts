import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { Agent, request } from 'undici';
import { Role, TaskStatus } from '@portal/contract';
import { createClient, createUser, manage, startCrawlerForTest, startTestPortal, type TestPortal, type TestUser } from '@portal/server/testing';

/**
 * Benchmark (issue 15): the crawler against a plain undici + cheerio loop over the same fixture marketplace, in one
 * process and one run. The marketplace is served here: search pages of 20 listings with a rel="next" link, listing
 * pages (about 9 kB) with schema.org Product/Offer JSON-LD, every response after 20 ms.
 * (a) the plain loop: 8 fetches at once, search pages and listings, the same fields read with cheerio;
 * (b) the portal's crawler: a task created and started through the real calls, pg-boss workers on the database
 *     TEST_DB selects, 8 at once (CRAWLER_WORKERS 2 × CRAWLER_BATCH 4, the site's max_concurrency 8);
 * (c) the crawler's memory over BENCH_CRAWL_MEMORY listings (default 10,000): RSS and heap used (after a GC when
 *     node runs with --expose-gc) at 1k, 5k and 10k listings scraped, and the peak RSS sampled every 200 ms.
 * BENCH_CRAWL_LISTINGS (default 2,000) sets the size of (a) and (b). Evidence capture: bench/captures.ts.
 */
const LISTINGS = Number(process.env.BENCH_CRAWL_LISTINGS ?? 2_000);
const MEMORY_LISTINGS = Number(process.env.BENCH_CRAWL_MEMORY ?? 10_000);
const PER_PAGE = 20;
const LATENCY_MS = 20;
const CONCURRENCY = 8;

const description = '<p>Genuine leather shoulder bag with adjustable strap, gold-tone hardware and a zipped inner pocket. Ships in 2 days from our warehouse. </p>'.repeat(50);

function listingPage(id: string): string {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `Leather bag ${id}`,
    image: [`/img/${id}.jpg`],
    sku: `SKU-${id}`,
    brand: { '@type': 'Brand', name: 'ACME' },
    offers: { '@type': 'Offer', price: (100 + (id.length % 50)).toFixed(2), priceCurrency: 'USD', seller: { '@type': 'Organization', name: `Seller ${id}`, url: `/seller/${id}` } },
  };
  return `<!doctype html><html><head><meta charset="utf-8"><title>${product.name} | Bench Mart</title><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><nav><a href="/">home</a></nav><h1>${product.name}</h1>${description}</body></html>`;
}

function searchPage(run: string, n: number, pages: number): string {
  const links = Array.from({ length: PER_PAGE }, (_, i) => `<li><a href="/${run}/item/${n}-${i + 1}">Leather bag ${n}-${i + 1}</a> <span>USD 120.00</span></li>`).join('');
  const next = n < pages ? `<a rel="next" href="/${run}/search?q=bag&page=${n + 1}">next</a>` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>bag | Bench Mart</title></head><body><nav><a href="/">home</a></nav><ul>${links}</ul>${next}</body></html>`;
}

/** The marketplace: `/<run>/search?page=N` (pages of 20) and `/<run>/item/<id>`; a run is a prefix so runs never share a listing. */
async function startMarket(): Promise<{ origin: string; pagesOf: Map<string, number>; served: () => number; close(): Promise<void> }> {
  const pagesOf = new Map<string, number>();
  let served = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, run, kind, id] = url.pathname.split('/');
    let body: string | undefined;
    if (run && kind === 'search' && pagesOf.has(run)) body = searchPage(run, Number(url.searchParams.get('page') ?? 1), pagesOf.get(run)!);
    else if (run && kind === 'item' && id) body = listingPage(id);
    setTimeout(() => {
      served++;
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body ?? 'not found');
    }, LATENCY_MS);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pagesOf,
    served: () => served,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** (a) The plain loop: a queue of addresses, 8 fetching at once; a search page adds its listings and its next page. */
async function plainLoop(origin: string, run: string): Promise<{ pages: number; ms: number }> {
  const agent = new Agent({ connections: CONCURRENCY });
  const queue: { url: string; search: boolean }[] = [{ url: `${origin}/${run}/search?q=bag&page=1`, search: true }];
  const rows: Record<string, string | undefined>[] = [];
  let pages = 0;
  let active = 0;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const next = () => {
      if (queue.length === 0 && active === 0) return resolve();
      while (active < CONCURRENCY && queue.length > 0) {
        const job = queue.shift()!;
        active++;
        void (async () => {
          const res = await request(job.url, { dispatcher: agent, headers: { 'user-agent': 'bench' } });
          const $ = cheerio.load(await res.body.text());
          pages++;
          if (job.search) {
            $('ul a[href]').each((_i, el) => void queue.push({ url: new URL($(el).attr('href')!, job.url).href, search: false }));
            const more = $('a[rel~="next"]').attr('href');
            if (more) queue.push({ url: new URL(more, job.url).href, search: true });
          } else {
            const p = JSON.parse($('script[type="application/ld+json"]').first().text()) as { name: string; sku: string; image: string[]; brand: { name: string }; offers: { price: string; priceCurrency: string; seller: { name: string; url: string } } };
            rows.push({ title: p.name, url: job.url, price: p.offers.price, currency: p.offers.priceCurrency, seller: p.offers.seller.name, sellerUrl: new URL(p.offers.seller.url, job.url).href, imageUrl: new URL(p.image[0]!, job.url).href, brand: p.brand.name, listingNo: p.sku });
          }
        })().then(
          () => {
            active--;
            next();
          },
          reject,
        );
      }
    };
    next();
  });
  const ms = performance.now() - started;
  await agent.close();
  if (rows.length !== LISTINGS) throw new Error(`plain loop read ${rows.length} listings, not ${LISTINGS}`);
  return { pages, ms };
}

interface Portal {
  tp: TestPortal;
  analyst: TestUser;
  clientId: number;
  stop(): Promise<void>;
}

async function startPortal(origin: string): Promise<Portal> {
  const tp = await startTestPortal({ checkAnswers: false });
  const clientId = await createClient(tp, 'Bench Co');
  const analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  await tp.portal.services.db.insertInto('ec_site').values({ name: 'Bench Mart', url: origin, region: 'JP', category_id: null, has_crawler: true, max_concurrency: CONCURRENCY }).execute();
  const stopCrawler = await startCrawlerForTest(tp, { CRAWLER_WORKERS: '2', CRAWLER_BATCH: '4', CRAWLER_ALLOW_ORIGINS: origin });
  return {
    tp,
    analyst,
    clientId,
    async stop() {
      await stopCrawler();
      await tp.close();
    },
  };
}

/** Creates and starts a task over `run`; answers its id and the start time. */
async function startTask(p: Portal, origin: string, run: string, count: number): Promise<{ taskId: number; subtaskId: number; started: number }> {
  const subtask = { site: 'Bench Mart', keyword: 'bag', startUrl: `${origin}/${run}/search?q=bag&page=1`, targetCount: count };
  const created = await p.tp.post('/api/ec-crawler-task/create', { clientId: p.clientId, planStartDate: '2026-12-01', title: `Bench ${run}`, type: 0, subtasksInfo: [subtask] }, { token: p.analyst.token });
  if (created.body.code !== 0) throw new Error(created.body.message);
  const task = created.body.data!.task as { id: number; subtasks: { id: number }[] };
  const started = performance.now();
  const res = await p.tp.post('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [] }, { token: p.analyst.token });
  if (res.body.code !== 0) throw new Error(res.body.message);
  return { taskId: task.id, subtaskId: task.subtasks[0]!.id, started };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the subtask (a cheap read) until it is no longer running; `each` sees the listings scraped so far. */
async function whileRunning(p: Portal, subtaskId: number, each: (scraped: number) => void = () => undefined): Promise<{ status: number; scraped: number; error: string | null }> {
  for (;;) {
    const s = await p.tp.portal.services.db.selectFrom('crawler_subtask').select(['status', 'record_count', 'error']).where('id', '=', subtaskId).executeTakeFirstOrThrow();
    each(s.record_count);
    if (s.status !== TaskStatus.PENDING && s.status !== TaskStatus.SCRAPING) return { status: s.status, scraped: s.record_count, error: s.error };
    await sleep(50);
  }
}

/** Waits for the report the finished task turns into, so the next measurement does not share the process with it. */
async function reportOf(p: Portal, taskId: number): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const t = await p.tp.portal.services.db.selectFrom('crawler_task').select('report_id').where('id', '=', taskId).executeTakeFirstOrThrow();
    if (t.report_id !== null) return;
    await sleep(250);
  }
  throw new Error(`task ${taskId} made no report`);
}

/** (b) The crawler over the same pages: start to the subtask finished. */
async function crawler(p: Portal, origin: string, run: string): Promise<{ pages: number; ms: number }> {
  const { taskId, subtaskId, started } = await startTask(p, origin, run, LISTINGS);
  const end = await whileRunning(p, subtaskId);
  const ms = performance.now() - started;
  if (end.status !== TaskStatus.FINISHED || end.scraped !== LISTINGS) throw new Error(`crawler ended in status ${end.status} with ${end.scraped} listings: ${end.error}`);
  const { n } = await p.tp.portal.services.db.selectFrom('crawler_page').select((eb) => eb.fn.countAll<string>().as('n')).where('subtask_id', '=', subtaskId).executeTakeFirstOrThrow();
  await reportOf(p, taskId);
  return { pages: Number(n) + LISTINGS, ms };
}

/** (c) Memory while the crawler reads MEMORY_LISTINGS listings. */
async function memory(p: Portal, origin: string, run: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  const mb = (n: number) => Math.round(n / 1048576);
  const marks = [1_000, 5_000, 10_000].filter((m) => m <= MEMORY_LISTINGS);
  const at: Record<string, { listings: number; rssMb: number; heapUsedMb: number }> = {};
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 200);
  const { taskId, subtaskId, started } = await startTask(p, origin, run, MEMORY_LISTINGS);
  const end = await whileRunning(p, subtaskId, (scraped) => {
    const mark = marks.find((m) => scraped >= m && !at[m]);
    if (mark === undefined) return;
    gc?.();
    const u = process.memoryUsage();
    at[mark] = { listings: scraped, rssMb: mb(u.rss), heapUsedMb: mb(u.heapUsed) };
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (end.status !== TaskStatus.FINISHED) throw new Error(`crawler ended in status ${end.status}: ${end.error}`);
  await reportOf(p, taskId);
  return { listings: end.scraped, listingsPerSecond: Math.round((end.scraped * 1000) / ms), at: Object.values(at), peakRssMb: mb(peakRss), gcBeforeSample: Boolean(gc) };
}

const market = await startMarket();
const portal = await startPortal(market.origin);
try {
  const pages = Math.ceil(LISTINGS / PER_PAGE);
  for (const run of ['warm-a', 'warm-b', 'plain', 'crawl']) market.pagesOf.set(run, pages);
  market.pagesOf.set('memory', Math.ceil(MEMORY_LISTINGS / PER_PAGE));
  // Warm-up of both (JIT, connections, robots.txt), then the measurements in the same run.
  await plainLoop(market.origin, 'warm-a');
  await crawler(portal, market.origin, 'warm-b');
  const plain = await plainLoop(market.origin, 'plain');
  const crawled = await crawler(portal, market.origin, 'crawl');
  const plainRate = (plain.pages * 1000) / plain.ms;
  const crawlRate = (crawled.pages * 1000) / crawled.ms;
  const mem = MEMORY_LISTINGS > 0 ? await memory(portal, market.origin, 'memory') : undefined;
  console.log(
    JSON.stringify({
      benchmark: 'crawler vs plain undici + cheerio loop, fixture marketplace (20 per search page, JSON-LD listings, 20 ms latency), concurrency 8',
      database: process.env.TEST_DB ?? 'pglite',
      listings: LISTINGS,
      pages: plain.pages,
      plainPagesPerSecond: Math.round(plainRate),
      crawlerPagesPerSecond: Math.round(crawlRate),
      ratio: Number((crawlRate / plainRate).toFixed(2)),
      memory: mem,
      loadAverage: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(1))),
    }),
  );
} finally {
  await portal.stop();
  await market.close();
}
