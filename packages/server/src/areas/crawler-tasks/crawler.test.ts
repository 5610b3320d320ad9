import { Role, TaskStatus } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jobs } from '../../platform/jobs.js';
import { createClient, createUser, manage, startCrawlerForTest, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { startFixtureMarket, type FixtureMarket } from './fixture-market.js';

let tp: TestPortal;
let market: FixtureMarket;
let analyst: TestUser;
let clientId: number;
let jobs: Jobs | undefined;

/** The crawler's settings for the tests: the fixture's origin allowed (nothing else private), short waits. */
const env = { CRAWLER_RETRIES: '2', CRAWLER_RETRY_BASE_MS: '20', CRAWLER_TIMEOUT_MS: '700', CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '1000', CRAWLER_WORKERS: '2', CRAWLER_BATCH: '3' };

/** Starts a crawler worker process-alike on the test portal's database (stopping it is what a killed worker leaves). */
async function startWorker(): Promise<Jobs> {
  return { stop: await startCrawlerForTest(tp, { ...env, CRAWLER_ALLOW_ORIGINS: market.origin }) };
}

beforeAll(async () => {
  market = await startFixtureMarket({ slowMs: 400 });
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Crawled Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  // A brand keyword, so the report's matching has something to find.
  const brand = await tp.post('/api/analyst/create-brand', { clientId, brand: 'ACME' }, { token: analyst.token });
  const brandId = (brand.body.data?.brands as { brand_id: number }[])[0]!.brand_id;
  await tp.post('/api/analyst/create-brand-keyword', { clientId, brandId, keywordName: 'leather' }, { token: analyst.token });
  const { db, secrets } = tp.portal.services;
  const recipe = { resultLink: 'div.result a.hit', nextPage: '.pager a.more', fields: { title: 'h1.name', price: '.cost', currency: '.ccy', seller: 'a.shop', sellerUrl: 'a.shop@href', imageUrl: 'img.main@src' } };
  for (const name of ['JSON Mart', 'Recipe Mart', 'Members Mart', 'Open Mart']) {
    const { id } = await db
      .insertInto('ec_site')
      .values({ name, url: market.origin, region: 'JP', category_id: null, has_crawler: true, crawl_recipe: name === 'Recipe Mart' ? JSON.stringify(recipe) : null, max_concurrency: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (name === 'Members Mart') {
      await db.insertInto('ec_site_account').values({ site_id: id, account: 'member-1', password_sealed: secrets.seal('pw'), freeze_seconds: 0, cookies_sealed: secrets.seal('session=member') }).execute();
    }
  }
  jobs = await startWorker();
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await tp?.close();
  await market?.close();
});

const sub = (site: string, path: string, targetCount?: number) => ({ site, keyword: 'bag', startUrl: `${market.origin}${path}`, ...(targetCount && { targetCount }) });
type Task = { id: number; status: number; total: number; reportId: number | null; subtasks: { id: number; status: number; site: string; recordCount: number; error: string | null }[] };

async function createTask(subtasksInfo: ReturnType<typeof sub>[], type = 0): Promise<Task> {
  const res = await tp.post('/api/ec-crawler-task/create', { clientId, planStartDate: '2026-12-01', title: 'Fixture sweep', type, subtasksInfo }, { token: analyst.token });
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data!.task as Task;
}
const command = async (verb: 'start' | 'stop', taskId: number) => {
  const res = await tp.post(`/api/ec-crawler-command/${verb}`, { taskId, subtaskIds: [] }, { token: analyst.token });
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data!.task as Task;
};
const detail = async (taskId: number) => (await tp.post('/api/ec-crawler-task/detail', { taskId }, { token: analyst.token })).body.data!.task as Task;

/** Polls the task until `done` holds (the workers run on their own; no timing is asserted, only the outcome). */
async function until(taskId: number, done: (t: Task) => boolean, limitMs = 25_000): Promise<Task> {
  const end = Date.now() + limitMs;
  for (;;) {
    const t = await detail(taskId);
    if (done(t)) return t;
    if (Date.now() > end) throw new Error(`task ${taskId} never got there: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const settled = (t: Task) => t.status !== TaskStatus.PENDING && t.status !== TaskStatus.SCRAPING;

async function listings(taskId: number) {
  return tp.portal.services.db.selectFrom('crawler_listing').select(['url', 'state', 'fields', 'field_sources', 'subtask_id']).where('task_id', '=', taskId).orderBy('id').execute();
}

describe('the crawler', () => {
  it('follows pagination, reads JSON-LD, reads a recipe site, retries a 429, and uses the account cookie a site needs', async () => {
    const task = await createTask([sub('JSON Mart', '/json/search?q=bag&page=1'), sub('Recipe Mart', '/recipe/search'), sub('Open Mart', '/flaky/search'), sub('Members Mart', '/members/search')]);
    await command('start', task.id);
    const done = await until(task.id, settled);
    expect(done.status).toBe(TaskStatus.FINISHED);
    expect(done.subtasks.map((s) => [s.site, s.status, s.recordCount, s.error])).toEqual([
      ['JSON Mart', 3, 12, null],
      ['Recipe Mart', 3, 6, null],
      ['Open Mart', 3, 2, null],
      ['Members Mart', 3, 2, null],
    ]);
    expect(done.total).toBe(22);
    const rows = await listings(task.id);
    expect(new Set(rows.map((r) => r.url)).size).toBe(rows.length);
    expect(rows.find((r) => r.url.endsWith('/json/item/2-3'))?.fields).toEqual({
      title: 'Leather bag 2-3', url: `${market.origin}/json/item/2-3`, price: '199.00', currency: 'USD', seller: 'Seller 2-3', sellerUrl: `${market.origin}/seller/2-3`, imageUrl: `${market.origin}/img/2-3.jpg`, brand: 'ACME', listingNo: 'SKU-2-3',
      // Kept beside the fields for watches (issue 30): a price shown is an item in stock.
      availability: 'InStock',
    });
    expect(rows.find((r) => r.url.endsWith('/recipe/item/2-1'))?.fields).toEqual({
      title: 'Recipe wallet 2-1', url: `${market.origin}/recipe/item/2-1`, price: '¥12,800', currency: 'JPY', seller: 'Shop 2-1', sellerUrl: `${market.origin}/shop/2-1`, imageUrl: `${market.origin}/img/w2-1.jpg`, availability: 'InStock',
    });
    expect(market.hits.get('/flaky/item/f1')).toBe(2);
    // Each listing keeps where its fields came from: the JSON-LD, or the site's recipe.
    expect(rows.find((r) => r.url.endsWith('/json/item/2-3'))?.field_sources).toMatchObject({ title: 'json-ld', price: 'json-ld', currency: 'json-ld', seller: 'json-ld', listingNo: 'json-ld' });
    expect(rows.find((r) => r.url.endsWith('/recipe/item/2-1'))?.field_sources).toMatchObject({ title: 'recipe', price: 'recipe', currency: 'recipe', seller: 'recipe', imageUrl: 'recipe' });

    // The finished task became an EC report of the client, through the upload's checks and matching.
    const { reportId } = await until(task.id, (t) => t.reportId !== null);
    const db = tp.portal.services.db;
    const report = await db.selectFrom('ec_report').selectAll().where('report_id', '=', reportId!).executeTakeFirstOrThrow();
    expect(report.client_id).toBe(clientId);
    const records = await db.selectFrom('ec_record').selectAll().where('report_id', '=', reportId!).orderBy('ec_id').execute();
    expect(records).toHaveLength(22);
    const bag = records.find((r) => r.ec_product_url === `${market.origin}/json/item/1-2`)!;
    expect(bag).toMatchObject({ ec_site: 'JSON Mart', ec_search_keyword: 'bag', ec_product_title: 'Leather bag 1-2', ec_product_seller: 'Seller 1-2', ec_product_currency: 'USD', ec_product_no: 'SKU-1-2', ec_is_need_to_check: true });
    expect(String(bag.ec_brand_hint_word)).toMatch(/leather/);
    const wallet = records.find((r) => r.ec_product_url === `${market.origin}/recipe/item/1-1`)!;
    expect([Number(wallet.ec_product_price), wallet.ec_product_currency]).toEqual([12800, 'JPY']);
    // get-record answers where each field of a crawled record came from, by record field.
    const getRecord = async (recordId: number) => {
      const res = await tp.post('/api/ec-data/get-record', { clientId, recordId }, { token: analyst.token });
      expect(res.body.code, res.body.message).toBe(0);
      return (res.body.data as { record: { ec_field_sources: Record<string, string> | null } }).record;
    };
    expect((await getRecord(bag.ec_id)).ec_field_sources).toMatchObject({ ec_product_title: 'json-ld', ec_product_price: 'json-ld', ec_product_currency: 'json-ld', ec_product_seller: 'json-ld', ec_product_no: 'json-ld' });
    expect((await getRecord(wallet.ec_id)).ec_field_sources).toMatchObject({ ec_product_title: 'recipe', ec_product_price: 'recipe', ec_product_seller_url: 'recipe' });
    expect(records.every((r) => r.ec_field_sources !== null)).toBe(true);
    // Started again, a finished task goes on where it left off: nothing is scraped twice.
    const before = market.hits.get('/json/item/1-1');
    await command('start', task.id);
    expect((await until(task.id, settled)).total).toBe(22);
    expect(market.hits.get('/json/item/1-1')).toBe(before);
  });

  it('stops at the desired count', async () => {
    const task = await createTask([sub('JSON Mart', '/json/search?q=bag&page=1', 6)]);
    await command('start', task.id);
    const done = await until(task.id, settled);
    expect([done.status, done.subtasks[0]!.recordCount]).toEqual([TaskStatus.FINISHED, 6]);
    expect(await listings(task.id)).toHaveLength(6);

    // The downloads of a finished task: the template sheet (uploadable as it is) and every field as CSV.
    const get = (query: string) => tp.get(`/api/ec-crawler-command/download?taskId=${task.id}&${query}`, { token: analyst.token });
    const xlsx = await get('exportType=1');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(7);
    expect(rows[0]!.slice(1, 6)).toEqual(['Site', 'Scan date', 'Search keyword', 'Listing number', 'Listing title']);
    await until(task.id, (t) => t.reportId !== null); // the task's own report is an upload of the analyst's too
    const again = await tp.upload('/api/ec-report/upload-report', { clientId: String(clientId) }, { name: 'again.xlsx', bytes: xlsx.bytes }, { token: analyst.token });
    expect([again.body.code, again.body.data?.count], JSON.stringify(again.body)).toEqual([0, 6]);
    // The same listings uploaded by an analyst are not crawled records: no sources.
    const uploaded = await tp.portal.services.db.selectFrom('ec_record').select('ec_id').where('report_id', '=', again.body.data!.reportId as number).executeTakeFirstOrThrow();
    const uploadedRecord = await tp.post('/api/ec-data/get-record', { clientId, recordId: uploaded.ec_id }, { token: analyst.token });
    expect(uploadedRecord.body.data?.record).toMatchObject({ ec_field_sources: null });
    const csvBytes = (await get(`exportType=2&subtaskIds=${done.subtasks[0]!.id}`)).bytes;
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM, so spreadsheet programs read it as UTF-8
    const csv = csvBytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(csv).toHaveLength(7);
    expect(csv[0]).toBe('site,keyword,title,url,price,currency,seller,sellerUrl,imageUrl,salesCount,stockCount,reviewCount,region,brand,listingNo,scrapedAt');
    expect(csv[1]).toMatch(/^JSON Mart,bag,Leather bag 1-1,http:\/\/127\.0\.0\.1:\d+\/json\/item\/1-1,199\.00,USD,/);
    expect(JSON.parse((await get('exportType=3')).bytes.toString()).code).toBe(1041);
    expect((await get('exportType=9')).status).toBe(400);
  });

  it('price monitoring keeps each listing\'s price per run', async () => {
    const task = await createTask([sub('JSON Mart', '/json/search?q=bag&page=1', 4)], 2);
    await command('start', task.id);
    expect((await until(task.id, settled)).total).toBe(4);
    await command('start', task.id);
    const done = await until(task.id, settled);
    expect([done.status, done.total, done.reportId]).toEqual([TaskStatus.FINISHED, 4, null]);
    const prices = await tp.portal.services.db
      .selectFrom('crawler_price as p')
      .innerJoin('crawler_listing as l', 'l.id', 'p.listing_id')
      .select(['l.url', 'p.run_no', 'p.price', 'p.currency'])
      .where('l.task_id', '=', task.id)
      .orderBy('l.id')
      .orderBy('p.run_no')
      .execute();
    expect(prices).toHaveLength(8);
    expect(prices.slice(0, 2)).toEqual([
      { url: `${market.origin}/json/item/1-1`, run_no: 1, price: '199.00', currency: 'USD' },
      { url: `${market.origin}/json/item/1-1`, run_no: 2, price: '199.00', currency: 'USD' },
    ]);
  });

  it('ends a subtask with an error in words: a hanging page, a redirect to 127.0.0.1, a site that needs an account, robots.txt', async () => {
    const task = await createTask([sub('Open Mart', '/hang/search'), sub('Open Mart', '/away/search'), sub('Open Mart', '/members/search'), sub('Open Mart', '/private/search')]);
    await command('start', task.id);
    const done = await until(task.id, settled);
    expect(done.status).toBe(TaskStatus.ERROR);
    expect(done.subtasks.map((s) => s.status)).toEqual([99, 99, 99, 99]);
    expect(done.subtasks[0]!.error).toMatch(/did not answer in time \(gave up after 3 tries\)/);
    expect(done.subtasks[1]!.error).toMatch(/private or local network/);
    expect(done.subtasks[2]!.error).toMatch(/refused the request \(HTTP 403\); the site may need an account/);
    expect(done.subtasks[3]!.error).toMatch(/robots\.txt .* does not allow \/private\/search/);
  });

  it('stops within seconds, resumes where it stopped, and a worker stopped mid-task and started again finishes without duplicates', async () => {
    const task = await createTask([sub('JSON Mart', '/slow/search')]);
    await command('start', task.id);
    await until(task.id, (t) => t.total >= 1);
    const stopped = await command('stop', task.id);
    expect(stopped.status).toBe(TaskStatus.STOPPED);
    // Requests in flight are dropped; after a moment the count no longer moves.
    await new Promise((r) => setTimeout(r, 1500));
    const frozen = (await detail(task.id)).total;
    await new Promise((r) => setTimeout(r, 1000));
    expect((await detail(task.id)).total).toBe(frozen);
    expect(frozen).toBeLessThan(10);

    await command('start', task.id);
    await until(task.id, (t) => t.total > frozen);
    // The worker goes away mid-task; a new one picks the rest up from the work tables.
    await jobs!.stop();
    jobs = await startWorker();
    const done = await until(task.id, settled);
    expect([done.status, done.total]).toEqual([TaskStatus.FINISHED, 10]);
    const rows = await listings(task.id);
    expect([rows.length, new Set(rows.map((r) => r.url)).size, rows.every((r) => r.state === 1)]).toEqual([10, 10, true]);
    const scraped = await sql<{ n: number }>`SELECT count(*)::int AS n FROM crawler_listing WHERE task_id = ${task.id} AND fields IS NOT NULL`.execute(tp.portal.services.db);
    expect(scraped.rows[0]!.n).toBe(10);
  });
});
