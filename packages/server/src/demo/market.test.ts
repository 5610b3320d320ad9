import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, TaskStatus, WatchRunStatus, type EcRecord } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../platform/config.js';
import type { Jobs } from '../platform/jobs.js';
import { createUser, manage, startCrawlerForTest, startTestPortal, type TestPortal } from '../testing/index.js';
import { DEMO_MARKET_SITE, DEMO_SCRIPT_SITE, prepareDemoMarket, seedDemoMarket, type DemoMarket } from './market.js';
import { seedDemo } from './seed.js';
import { DEMO_WATCH_NAME } from './watch.js';
import { startDueWatches } from '../areas/watches/runs.js';
import { deliveryQueue } from '../areas/webhooks/queue.js';
import { lookAtPictures } from '../records/pictures/look.js';

/**
 * The demo's fixture marketplace: with demo data on, main starts it and allows exactly its origin to the crawler
 * and the capture browsers; the demo gets a site and a new task for it, and that task, started, finishes with an
 * EC report of the demo client.
 */
let tp: TestPortal;
let market: DemoMarket | undefined;
let jobs: Jobs | undefined;
let dataDir: string;
let analystToken = '';

type Detail = { status: number; total: number; reportId: number | null; subtasks: { error: string | null }[] };
/** Starts the task and polls it until its report is made (or the limit passes): only the outcome is asserted. */
async function runToReport(taskId: number, limitMs: number): Promise<Detail> {
  const started = await tp.post('/api/ec-crawler-command/start', { taskId, subtaskIds: [] }, { token: analystToken, locale: 'ja' });
  expect(started.body.code, started.body.message).toBe(0);
  const end = Date.now() + limitMs;
  for (;;) {
    const detail = (await tp.post('/api/ec-crawler-task/detail', { taskId }, { token: analystToken })).body.data!.task as Detail;
    if (detail.reportId !== null || Date.now() > end) return detail;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  tp = await startTestPortal();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-market-'));
});
afterAll(async () => {
  await jobs?.stop();
  await tp?.close();
  await market?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo marketplace', () => {
  it('is allowed alone, seeded with a site and a ready task, and a task against it ends in a report', async () => {
    // Demo data off: no market, nothing allowed.
    const off = await prepareDemoMarket(readConfig({ DEMO: '0' }));
    expect([off.market, off.config.crawler.allowOrigins, off.config.capture.allowOrigins]).toEqual([undefined, [], []]);
    const on = await prepareDemoMarket(readConfig({}));
    market = on.market!;
    expect(market.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(on.config.crawler.allowOrigins).toEqual([market.origin]);
    expect(on.config.capture).toMatchObject({ allowOrigins: [market.origin], allowPrivate: false });

    const services = { ...tp.portal.services, config: { ...tp.portal.services.config, dataDir } };
    await seedDemo(services);
    // A start on another port moves the demo's addresses; starting twice seeds once.
    await seedDemoMarket(services, 'http://127.0.0.1:9');
    await seedDemoMarket(services, market.origin);
    const db = services.db;
    const site = await db.selectFrom('ec_site').selectAll().where('name', '=', DEMO_MARKET_SITE).executeTakeFirstOrThrow();
    expect([site.url, site.has_crawler]).toEqual([market.origin, true]);
    const tasks = await db.selectFrom('crawler_task as t').innerJoin('crawler_subtask as s', 's.task_id', 't.id').select(['t.id', 't.client_id', 't.status', 's.start_url']).where('s.site_id', '=', site.id).execute();
    expect(tasks).toHaveLength(1);
    const task = tasks[0]!;
    expect([task.status, task.start_url]).toEqual([TaskStatus.NEW, `${market.origin}/search?q=sakura&page=1`]);

    // A newcomer starts it: the crawler, allowed the configuration's origins only, reads the market into a report.
    const env = { CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '1000', CRAWLER_ALLOW_ORIGINS: on.config.crawler.allowOrigins.join(',') };
    // As main does: the market's origin allowed (the demo's webhook receiver is on it), deliveries worked here too.
    tp.portal.services.config.crawler.allowOrigins = on.config.crawler.allowOrigins;
    jobs = { stop: await startCrawlerForTest(tp, env, [deliveryQueue(tp.portal.services)]) };
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, analyst, task.client_id);
    analystToken = analyst.token;
    const detail = await runToReport(task.id, 30_000);
    expect([detail.status, detail.total, detail.subtasks[0]!.error]).toEqual([TaskStatus.FINISHED, 8, null]);
    const records = await db.selectFrom('ec_record').select(['ec_product_title', 'ec_site', 'ec_brand_hint_word', 'client_id']).where('report_id', '=', detail.reportId!).orderBy('ec_id').execute();
    expect(records).toHaveLength(8);
    expect(records.every((r) => r.client_id === task.client_id && r.ec_site === DEMO_MARKET_SITE)).toBe(true);
    expect(records.map((r) => r.ec_product_title)).toContain('さくらビューティー 美容液 30ml 箱なし 激安');
    // The demo client's brand keywords match in both languages.
    expect(records.filter((r) => r.ec_brand_hint_word).length).toBeGreaterThanOrEqual(4);
  }, 90_000);

  it("shows the brand's genuine photos in some of the demo client's listing pictures once they are looked at", async () => {
    const db = tp.portal.services.db;
    const photos = await db.selectFrom('genuine_photo').select(['photo_id', 'client_id', 'original_name']).orderBy('photo_id').execute();
    expect(photos.map((p) => p.original_name)).toEqual(['sakura-serum.jpg', 'sakura-cream.jpg']);
    const clientId = photos[0]!.client_id;
    // The pictures job, as the worker runs it (the market's origin is allowed as main allows it).
    expect(await lookAtPictures(tp.portal.services, clientId, 'ec')).toEqual({ done: 4, failed: 0 });
    const first = await db.selectFrom('ec_record').select(['ec_id', 'ec_product_image_url']).where('client_id', '=', clientId).orderBy('ec_id').limit(4).execute();
    expect(first.map((r) => r.ec_product_image_url)).toEqual([1, 2, 3, 4].map((n) => `${market!.origin}/img/${n}.jpg`));
    const same = [];
    const words = [];
    const logos = [];
    for (const r of first) {
      const got = await tp.post('/api/ec-data/get-record', { clientId, recordId: r.ec_id }, { token: analystToken, locale: 'ja' });
      const matches = (got.body.data!.record as EcRecord).imageMatches ?? [];
      same.push(matches.filter((m) => m.kind === 'same-photo').map((m) => m.refId));
      words.push(matches.filter((m) => m.kind === 'wordmark').map((m) => m.reason));
      logos.push(matches.filter((m) => m.kind === 'logo').map((m) => m.reason));
      for (const m of matches) expect(m.reason).not.toBe('');
    }
    expect(same).toEqual([[photos[0]!.photo_id], [photos[0]!.photo_id], [photos[1]!.photo_id], []]);
    // The seller's own photo shows the word mark on its label: the first trademark of that word (the Japanese one).
    expect(words).toEqual([[], [], [], ['文字商標「SAKURA GLOW」（商標 第6123456号、JP）が写っています：画像から「sakuraglow」と読み取りました。']]);
    // And Sakura's design mark in its top left corner, the first trademark's image (the others' plain discs are not it).
    expect(logos).toEqual([[], [], [], [expect.stringMatching(/^商標 第6123456号（JP）のロゴが画像の左上に写っています（スコア \d+／100：輪郭の一致度）。$/)]]);
  });

  it('has the same market built by script, read in a browser, with its own ready task that ends in a report', async () => {
    const db = tp.portal.services.db;
    const site = await db.selectFrom('ec_site').selectAll().where('name', '=', DEMO_SCRIPT_SITE).executeTakeFirstOrThrow();
    expect([site.url, site.fetch_with_browser]).toEqual([`${market!.origin}/app`, true]);
    // The served pages have no listing: only the browser finds them.
    expect(await (await fetch(`${market!.origin}/app/search?q=sakura&page=1`)).text()).not.toContain('/app/item/');
    const task = await db.selectFrom('crawler_task as t').innerJoin('crawler_subtask as s', 's.task_id', 't.id').select(['t.id', 't.status', 's.start_url']).where('s.site_id', '=', site.id).executeTakeFirstOrThrow();
    expect([task.status, task.start_url]).toEqual([TaskStatus.NEW, `${market!.origin}/app/search?q=sakura&page=1`]);
    const detail = await runToReport(task.id, 150_000);
    expect([detail.status, detail.total, detail.subtasks[0]!.error]).toEqual([TaskStatus.FINISHED, 8, null]);
    const titles = await db.selectFrom('ec_record').select('ec_product_title').where('report_id', '=', detail.reportId!).execute();
    expect(titles.map((r) => r.ec_product_title)).toContain('さくらビューティー 美容液 30ml 箱なし 激安');
  }, 180_000);

  it("has the demo client's watch of the market's live corner, made once, which runs on its own and finds its listings", async () => {
    const db = tp.portal.services.db;
    const watches = await db.selectFrom('watch').selectAll().where('name', '=', DEMO_WATCH_NAME).execute();
    expect(watches).toHaveLength(1);
    const watch = watches[0]!;
    expect([watch.schedule, watch.paused]).toEqual([{ every: 'minutes', minutes: 5 }, false]);
    const source = await db.selectFrom('crawler_subtask').select('start_url').where('task_id', '=', watch.task_id).executeTakeFirstOrThrow();
    expect(source.start_url).toBe(`${market!.origin}/live/search?page=1`);
    // Its time comes: the tick starts it, and the worker reads the live corner.
    expect(await startDueWatches(tp.portal.services, new Date(watch.next_run_at!.getTime() + 1000))).toBe(1);
    const end = Date.now() + 60_000;
    let run;
    do {
      await new Promise((r) => setTimeout(r, 250));
      run = await db.selectFrom('watch_run').selectAll().where('watch_id', '=', watch.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    } while (run.status === WatchRunStatus.RUNNING && Date.now() < end);
    expect([run.status, run.error]).toEqual([WatchRunStatus.FINISHED, null]);
    // Seven regular listings (one is away) and three newcomers, all new to a first run (a run across the corner's
    // five-minute change may see its pages shift by one: at least eight).
    expect(run.counts.new).toBeGreaterThanOrEqual(8);
    // The demo client's webhook, on the market's own receiver, gets the run and its new listings.
    const endpoint = await db.selectFrom('webhook_endpoint').select(['id', 'url']).where('client_id', '=', watch.client_id).executeTakeFirstOrThrow();
    expect(endpoint.url).toBe(`${market!.origin}/hooks/demo`);
    let delivered: string[] = [];
    for (const until = Date.now() + 30_000; Date.now() < until && delivered.length < 2; await new Promise((r) => setTimeout(r, 250))) {
      delivered = (await db.selectFrom('webhook_delivery').select('event').where('endpoint_id', '=', endpoint.id).where('status', '=', 2).execute()).map((d) => d.event);
    }
    expect(delivered.sort()).toEqual(['listings.new', 'watch.run']);
  }, 90_000);
});
