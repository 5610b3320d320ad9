import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, WatchRunStatus, type RunCounts } from '@portal/contract';
import { DEFAULT_POOL_SIZE, createClient, createUser, manage, startChangingMarket, startCrawlerForTest, startTestPortal, startWebhookReceiver, type ChangingMarket, type MarketItem } from '@portal/server/testing';
import { deliveryQueue } from '../packages/server/src/areas/webhooks/queue.js';
import { startDueWatches } from '../packages/server/src/areas/watches/runs.js';

/**
 * Benchmark (issue 30): a watch over a fixture marketplace of BENCH_WATCH_LISTINGS listings (default 10,000; search
 * pages of 50, item pages with an ETag, every answer after BENCH_WATCH_LATENCY_MS, default 5 ms), on the database
 * TEST_DB selects, one crawler worker (2 × 4 at once).
 * (a) the first run (every listing new, made records by the upload) against a run with nothing changed (every item
 *     asked with its ETag, answered 304): the ratio of their times;
 * (b) 1 % changed between runs (new, price, seller, gone, back after takedown): what each run found against what was
 *     changed, missed and false counted;
 * (c) how long after a run's end its webhook (`watch.run`) reaches a receiver;
 * (d) BENCH_WATCHES watches (default 100, 20 listings each) due in the same minute, worked by one worker process (what
 *     `npm run worker` runs, on the same database; this process serves the calls, as a server with CRAWLER_WORKER=0):
 *     how long the tick takes to start them all, how long until all have finished, and the p95 of the record list
 *     call during those runs against idle.
 * One JSON line per part.
 */
const LISTINGS = Number(process.env.BENCH_WATCH_LISTINGS ?? 10_000);
const WATCHES = Number(process.env.BENCH_WATCHES ?? 100);
const LATENCY_MS = Number(process.env.BENCH_WATCH_LATENCY_MS ?? 5);

const item = (id: number): MarketItem => ({ title: `Leather bag ${id}`, price: 1000 + (id % 500), seller: `Seller ${id % 97}` });
const catalogue = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => [offset + i + 1, item(offset + i + 1)] as [number, MarketItem]);

/**
 * `packages/server/src/worker.ts` in a process of its own on the test portal's database and secrets key: the crawler
 * and the jobs, no HTTP. Answers the function that stops it (SIGTERM, then its exit).
 */
async function startWorkerProcess(tp: Awaited<ReturnType<typeof startTestPortal>>, env: Record<string, string>): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: tp.portal.database.pool.options.connectionString,
      SECRETS_KEY: tp.portal.services.config.secretsKey,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-worker-')),
      DEMO: '0',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (b: Buffer) => (output = (output + b.toString()).slice(-8000));
  child.stderr.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start: ${output.slice(-2000)}`)), 120_000);
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${output.slice(-2000)}`)));
    child.stdout.on('data', (b: Buffer) => {
      keep(b);
      if (output.includes('worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}

async function main() {
  const market = await startChangingMarket(catalogue(LISTINGS), { perPage: 50 });
  market.delayMs = LATENCY_MS;
  const receiver = await startWebhookReceiver();
  // The servers' pool (a test portal's is smaller): the list call's wait for a connection is part of what (d) measures.
  const tp = await startTestPortal({ checkAnswers: false, crawlerAllowOrigins: [receiver.origin], poolSize: DEFAULT_POOL_SIZE });
  const clientId = await createClient(tp, 'Bench Co');
  const analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  const { db } = tp.portal.services;
  await db.insertInto('ec_site').values({ name: 'Bench Mart', url: market.origin, region: 'JP', category_id: null, has_crawler: true, max_concurrency: 8 }).execute();
  const stopWorker = await startCrawlerForTest(tp, { CRAWLER_WORKERS: '2', CRAWLER_BATCH: '4', CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '2000', CRAWLER_ALLOW_ORIGINS: market.origin }, [deliveryQueue(tp.portal.services)]);
  const post = async <T>(path: string, body: object): Promise<T> => {
    const res = await tp.post(path, body, { token: analyst.token });
    if (res.body.code !== 0) throw new Error(`${path}: ${res.body.message}`);
    return res.body.data as T;
  };
  const watchOf = async (name: string, targetCount: number, path = '/search') =>
    (await post<{ watch: { id: number } }>('/api/watch/create', { clientId, name, sources: [{ site: 'Bench Mart', keyword: 'bag', startUrl: `${market.origin}${path}` }], schedule: { every: 'day', at: '03:00' }, targetCount })).watch.id;
  const lastRun = async (watchId: number) => (await post<{ runs: { id: number; status: number; counts: RunCounts; finishedAt: string | null }[] }>('/api/watch/fetch-runs', { watchId, offset: 0, limit: 1 })).runs[0]!;
  // The end of a run as this process sees it (its row polled every 50 ms): the test portal's own clock stands still.
  const runToEnd = async (watchId: number) => {
    const started = performance.now();
    const { runId } = await post<{ runId: number }>('/api/watch/run-now', { watchId });
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      const row = await db.selectFrom('watch_run').select('status').where('id', '=', runId).executeTakeFirstOrThrow();
      if (row.status === WatchRunStatus.RUNNING) continue;
      const endedAt = Date.now();
      const run = await lastRun(watchId);
      return { ...run, ms: Math.round(performance.now() - started), endedAt };
    }
  };

  try {
    // (a) and (c)
    const endpoint = await post<{ endpoint: { id: number } }>('/api/webhook/create', { clientId, url: receiver.url('/bench'), events: ['watch.run'] });
    void endpoint;
    const watchId = await watchOf('Bench watch', LISTINGS + 1000);
    const arrival = receiver.waitFor(1).then((got) => ({ got, at: Date.now() }));
    const first = await runToEnd(watchId);
    const { got: firstDelivered, at: arrived } = await arrival;
    const quiet = await runToEnd(watchId);
    await receiver.waitFor(2);
    console.log(JSON.stringify({ part: 'unchanged run', listings: LISTINGS, firstRunMs: first.ms, firstCounts: first.counts, unchangedRunMs: quiet.ms, unchangedCounts: quiet.counts, ratio: Math.round((quiet.ms / first.ms) * 100) / 100 }));
    console.log(JSON.stringify({ part: 'webhook after run end', msAfterRunEnd: Math.max(0, arrived - first.endedAt), received: firstDelivered.length }));

    // (b): 1 % of the listings change between runs.
    const share = Math.max(4, Math.round(LISTINGS / 100));
    const quarter = Math.floor(share / 4);
    const ids = [...market.items.keys()];
    const added = Array.from({ length: quarter }, (_, i) => LISTINGS + 100_000 + i);
    for (const id of added) market.items.set(id, item(id));
    const repriced = ids.slice(0, quarter);
    for (const id of repriced) market.items.set(id, { ...market.items.get(id)!, price: market.items.get(id)!.price - 100 });
    const resold = ids.slice(quarter, 2 * quarter);
    for (const id of resold) market.items.set(id, { ...market.items.get(id)!, seller: `New seller ${id}` });
    const removed = ids.slice(2 * quarter, 3 * quarter);
    const kept = new Map(removed.map((id) => [id, market.items.get(id)!]));
    for (const id of removed) market.items.delete(id);
    const changedRun = await runToEnd(watchId);
    const goneRun = await runToEnd(watchId);
    // The removed listings' records taken down; half of them come back.
    const urls = removed.map((id) => `${market.origin}/item/${id}`);
    await db.updateTable('ec_record').set({ ec_process_result: 2 }).where('client_id', '=', clientId).where('ec_product_url', 'in', urls).execute();
    const returning = removed.slice(0, Math.ceil(removed.length / 2));
    for (const id of returning) market.items.set(id, kept.get(id)!);
    const backRun = await runToEnd(watchId);
    const expected = { new: added.length, changed: repriced.length + resold.length, gone: removed.length, back: returning.length };
    const found = { new: changedRun.counts.new, changed: changedRun.counts.changed, gone: goneRun.counts.gone, back: backRun.counts.back };
    const missed = Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, Math.max(0, v - found[k as keyof typeof found])]));
    const falses = { ...Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, Math.max(0, found[k as keyof typeof found] - v)])), changedInGoneRun: goneRun.counts.changed + goneRun.counts.new, changedInBackRun: backRun.counts.changed + backRun.counts.new };
    console.log(JSON.stringify({ part: 'changes detected', changedShare: '1%', expected, found, missed, false: falses, runMs: { changes: changedRun.ms, gone: goneRun.ms, back: backRun.ms } }));

    // (d)
    const listCall = async () => {
      const t = performance.now();
      await post('/api/ec-data/search-records', { clientId, limit: 50, offset: 0 });
      return performance.now() - t;
    };
    const p95 = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) times.push(await listCall());
      times.sort((a, b) => a - b);
      return Math.round(times[Math.floor(n * 0.95)]! * 10) / 10;
    };
    const idle = await p95(60);
    const small = await startChangingMarket(catalogue(20), { perPage: 20 });
    small.delayMs = LATENCY_MS;
    await db.updateTable('ec_site').set({ url: small.origin }).where('name', '=', 'Bench Mart').execute();
    const many: number[] = [];
    for (let i = 0; i < WATCHES; i++) many.push(await watchOfOrigin(post, clientId, small, `Due ${i}`));
    await stopWorker();
    await db.deleteFrom('webhook_endpoint').where('client_id', '=', clientId).execute();
    const stopSmallWorker = await startWorkerProcess(tp, { CRAWLER_WORKERS: '2', CRAWLER_BATCH: '4', CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '2000', CRAWLER_ALLOW_ORIGINS: small.origin });
    const due = new Date();
    await db.updateTable('watch').set({ next_run_at: due }).where('id', 'in', many).execute();
    const tickStarted = performance.now();
    await startDueWatches(tp.portal.services, new Date(due.getTime() + 1000));
    const tickMs = Math.round(performance.now() - tickStarted);
    // Counted from the runs: the worker's own tick may have started some of them first.
    const startedCount = Number((await db.selectFrom('watch_run').select((eb) => eb.fn.countAll<number>().as('n')).where('watch_id', 'in', many).where('status', '!=', WatchRunStatus.SKIPPED).executeTakeFirstOrThrow()).n);
    const busy = await p95(60);
    for (;;) {
      const running = await db.selectFrom('watch_run').select((eb) => eb.fn.countAll<number>().as('n')).where('watch_id', 'in', many).where('status', '=', WatchRunStatus.RUNNING).executeTakeFirstOrThrow();
      if (Number(running.n) === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const allMs = Math.round(performance.now() - tickStarted);
    await stopSmallWorker();
    await small.close();
    console.log(JSON.stringify({ part: 'watches due in one minute', watches: WATCHES, started: startedCount, tickMs, allFinishedMs: allMs, listP95IdleMs: idle, listP95DuringRunsMs: busy, ratio: Math.round((busy / idle) * 100) / 100 }));
  } finally {
    await tp.close();
    await market.close();
    await receiver.close();
  }
}

async function watchOfOrigin(post: <T>(path: string, body: object) => Promise<T>, clientId: number, market: ChangingMarket, name: string): Promise<number> {
  const res = await post<{ watch: { id: number } }>('/api/watch/create', { clientId, name, sources: [{ site: 'Bench Mart', keyword: 'bag', startUrl: `${market.origin}/search` }], schedule: { every: 'day', at: '03:00' }, targetCount: 20 });
  return res.watch.id;
}

await main();
