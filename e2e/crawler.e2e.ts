import { Role, TaskStatus } from '@portal/contract';
import { createClient, createUser, manage, startCrawlerForTest, startFixtureMarket, type FixtureMarket, type TestUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, pick, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
let market: FixtureMarket;
let stopCrawler: (() => Promise<void>) | undefined;
/** The first journey's client and analyst, whose report the second reads. */
let clientId = 0;
let analyst: TestUser;

beforeAll(async () => {
  market = await startFixtureMarket();
  j = await startJourney();
  // The crawler's worker on the journey's portal: the fixture marketplace's origin is the only private one allowed.
  stopCrawler = await startCrawlerForTest(j.tp, { CRAWLER_ALLOW_ORIGINS: market.origin, CRAWLER_WORKERS: '1', CRAWLER_BATCH: '2', CRAWLER_RETRIES: '1', CRAWLER_RETRY_BASE_MS: '20', CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '1000' });
});
afterAll(async () => {
  await stopCrawler?.();
  await j?.close();
  await market?.close();
});

describe('crawler tasks in the browser', () => {
  it('an analyst creates a task for the fixture marketplace, starts it, watches it finish and opens the report it produced', async () => {
    const db = j.tp.portal.services.db;
    clientId = await createClient(j.tp, 'Crawled Co');
    analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ana Crawl' });
    await manage(j.tp, analyst, clientId);
    await db.insertInto('ec_site').values({ name: 'Fixture Mart', url: market.origin, region: 'JP', category_id: null, has_crawler: true, max_concurrency: 3 }).execute();

    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/task/ec-crawler-task`);
    await page.getByTestId('task-new').click();
    await eventually(async () => page.url()).toMatch(/\/task\/new-ec-scraping-task$/);

    // The new-task form with one subtask added through the add-URL modal (only sites with a crawler are offered).
    await pick(page, 'task-client', 'Crawled Co', 'Crawled');
    await page.getByTestId('task-title').fill('Fixture sweep');
    await page.getByTestId('subtask-add').click();
    await pick(page, 'subtask-site', 'Fixture Mart', 'Fixture');
    await page.getByTestId('subtask-keyword').fill('bag');
    await page.getByTestId('subtask-url').fill(`${market.origin}/json/search?q=bag&page=1`);
    await page.getByTestId('subtask-ok').click();
    await eventually(() => page.getByTestId('task-new-subtasks').innerText()).toContain('Fixture Mart');
    await page.getByTestId('task-submit').click();
    await eventually(async () => page.url()).toMatch(/\/task\/ec-crawler-task/);

    const task = await db.selectFrom('crawler_task').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow();
    const row = page.getByTestId(`task-row-${task.id}`);
    await eventually(() => row.innerText()).toContain('Fixture sweep');
    await page.getByTestId(`task-start-${task.id}`).click();
    await eventually(() => page.locator('.ant-message').innerText()).toContain('Scraping started.');

    // Live progress on the list: the fixture's three pages of four listings, then finished.
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('Finished');
    await eventually(() => row.innerText()).toContain('12');
    await j.screenshot(page, 'crawler-list-finished');

    // The finished task became the client's EC report (made right after the last listing; report_id is 0 while it
    // is made, and the detail page, opened once the task is finished, no longer polls).
    await expect.poll(async () => (await db.selectFrom('crawler_task').select('report_id').where('id', '=', task.id).executeTakeFirstOrThrow()).report_id ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.getByTestId(`task-detail-${task.id}`).click();
    await eventually(async () => page.url()).toMatch(new RegExp(`/task/ec-scraping-task-detail/${task.id}$`));
    await eventually(() => page.getByTestId('task-detail-progress').innerText()).toContain('12');
    await page.getByTestId('task-detail-report').click();
    await eventually(async () => page.url()).toMatch(/\/ec-list/);
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 12');
    await eventually(() => page.locator('body').innerText()).toContain('Leather bag 1-1');
    await j.screenshot(page, 'crawler-report-records');
  });

  it('a price-monitoring task run twice shows the listing\'s price history on the record detail, in Japanese', async () => {
    const post = async (path: string, body: unknown) => {
      const res = await j.tp.post(path, body, { token: analyst.token });
      expect(res.body.code, res.body.message).toBe(0);
      return res.body.data as { task: { id: number; status: number } };
    };
    const subtask = { site: 'Fixture Mart', keyword: 'bag', startUrl: `${market.origin}/json/search?q=bag&page=1`, targetCount: 4 };
    const { task } = await post('/api/ec-crawler-task/create', { clientId, planStartDate: '2026-12-01', title: 'Price watch', type: 2, subtasksInfo: [subtask] });
    for (let run = 0; run < 2; run++) {
      await post('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [] });
      await expect.poll(async () => (await post('/api/ec-crawler-task/detail', { taskId: task.id })).task.status, { timeout: 60_000 }).toBe(TaskStatus.FINISHED);
    }
    const record = await j.tp.portal.services.db.selectFrom('ec_record').select('ec_id').where('client_id', '=', clientId).where('ec_product_url', '=', `${market.origin}/json/item/1-1`).executeTakeFirstOrThrow();

    // A Japanese-speaking colleague among the client's managers reads it (a second sign-in of the same user would wait out its code's resend delay).
    const colleague = await createUser(j.tp, { role: Role.ANALYST, locale: 'ja' });
    await manage(j.tp, colleague, clientId);
    const page = await j.newPage('ja-JP');
    await signIn(j, page, colleague.mail, colleague.password);
    await page.goto(`${j.baseUrl}/ec-data/${clientId}/${record.ec_id}`);
    const section = page.getByTestId('ec-price-history');
    await eventually(() => section.innerText()).toContain('価格履歴（2件）');
    expect(await section.innerText()).toContain('Price watch（2回目）');
    expect(await section.innerText()).toContain('199.00 USD');
    await eventually(() => page.getByTestId('ec-price-chart').locator('svg circle').count()).toBe(2);
    // The record was made by the first task's report: each crawled field says where it was read from, in words.
    expect(await page.getByTestId('ec-source-ec_product_price').innerText()).toBe('取得元: JSON-LD');
    expect(await page.getByTestId('ec-source-ec_product_title').innerText()).toBe('取得元: JSON-LD');
    await j.screenshot(page, 'crawler-price-history-ja');
  });
});
