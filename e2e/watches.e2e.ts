import { Role, TaskStatus, WatchRunStatus } from '@portal/contract';
import { createClient, createUser, manage, startChangingMarket, startCrawlerForTest, type ChangingMarket, type TestUser } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, pick, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
let market: ChangingMarket;
let stopCrawler: (() => Promise<void>) | undefined;
let clientId = 0;

/** A run lasts as long as the crawler takes on a loaded machine. */
const RUN = { timeout: 90_000 };

beforeAll(async () => {
  market = await startChangingMarket([1, 2, 3].map((id) => [id, { title: `Leather bag ${id}`, price: 1000 * id, seller: `Shop ${id}` }]), { perPage: 2 });
  j = await startJourney();
  stopCrawler = await startCrawlerForTest(j.tp, { CRAWLER_ALLOW_ORIGINS: market.origin, CRAWLER_WORKERS: '1', CRAWLER_BATCH: '3', CRAWLER_RETRIES: '1', CRAWLER_RETRY_BASE_MS: '20', CRAWLER_TIMEOUT_MS: '5000', CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '1000' });
  clientId = await createClient(j.tp, 'Watched Co');
  await j.tp.portal.services.db.insertInto('ec_site').values({ name: 'Changing Mart', url: market.origin, region: 'JP', category_id: null, has_crawler: true, crawl_recipe: null, max_concurrency: 2 }).execute();
}, 120_000);
afterAll(async () => {
  await stopCrawler?.();
  await j?.close();
  await market?.close();
});

async function analystOf(locale: 'en' | 'ja'): Promise<TestUser> {
  const analyst = await createUser(j.tp, { role: Role.ANALYST, locale });
  await manage(j.tp, analyst, clientId);
  return analyst;
}

/** The run the watch page shows as chosen (the URL's ?run=), once it is no longer running. */
async function runEnds(page: Page): Promise<number> {
  await eventually(async () => page.url()).toMatch(/\?run=\d+$/);
  const runId = Number(new URL(page.url()).searchParams.get('run'));
  const db = j.tp.portal.services.db;
  await expect.poll(async () => (await db.selectFrom('watch_run').select('status').where('id', '=', runId).executeTakeFirstOrThrow()).status, RUN).not.toBe(WatchRunStatus.RUNNING);
  return runId;
}

describe('watches in the browser', () => {
  it('an analyst makes a watch on the New page, runs it, the market changes, runs it again and sees what changed and the notice', async () => {
    const analyst = await analystOf('en');
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/analyst/watches`);
    await page.getByTestId('watch-new').click();
    await eventually(async () => page.url()).toMatch(/\/analyst\/watches\/new$/);

    // The server's own checks, in the user's language: a source without its start URL.
    await pick(page, 'watch-client', 'Watched Co', 'Watched');
    await page.getByTestId('watch-name').fill('Bags on Changing Mart');
    await pick(page, 'watch-source-0-site', 'Changing Mart', 'Changing');
    await page.getByTestId('watch-source-0-keyword').fill('bag');
    await page.getByTestId('watch-submit').click();
    await eventually(() => page.locator('.ant-alert').first().innerText()).toMatch(/start URL/i);
    await page.getByTestId('watch-source-0-url').fill(`${market.origin}/search`);
    await page.getByTestId('watch-submit').click();
    await eventually(async () => page.url()).toMatch(/\/analyst\/watches\/\d+$/);
    const watchId = Number(/\/analyst\/watches\/(\d+)/.exec(page.url())?.[1]);
    await eventually(() => page.locator('body').innerText()).toContain('Daily at 09:00 (Asia/Tokyo)');

    // The first run: every listing is new.
    await page.getByTestId('watch-run').click();
    const first = await runEnds(page);
    await eventually(() => page.getByTestId(`run-counts-${first}`).innerText()).toContain('3 new');
    await eventually(() => page.getByTestId('run-changes').innerText()).toContain(`${market.origin}/item/3`);

    // The market changes: a new listing and a price drop.
    market.items.set(4, { title: 'Leather bag 4', price: 4000, seller: 'Shop 4' });
    market.items.set(2, { ...market.items.get(2)!, price: 1500 });
    await page.getByTestId('watch-run').click();
    await expect.poll(async () => Number(new URL(page.url()).searchParams.get('run')), RUN).toBeGreaterThan(first);
    const second = await runEnds(page);
    const counts = page.getByTestId(`run-counts-${second}`);
    await eventually(() => counts.innerText()).toContain('1 new');
    await eventually(() => counts.innerText()).toContain('1 changed');
    const changes = page.getByTestId('run-changes');
    await eventually(() => changes.innerText()).toContain(`${market.origin}/item/4`);
    expect(await changes.locator('a[target=_blank]').first().getAttribute('rel')).toContain('noopener');
    await page.getByTestId('run-change-filter').getByText('Changed').click();
    await eventually(() => changes.innerText()).toContain('Price: 2000 → 1500');
    expect(await changes.innerText()).toContain(`${market.origin}/item/2`);
    await j.screenshot(page, 'watch-run-changes');

    // The EC list says what watches saw: "new since the last run" is the new listing; the Changes column filtered to
    // changed shows the price drop.
    await page.goto(`${j.baseUrl}/ec-list?clientId=${clientId}`);
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 4');
    await page.getByTestId('ec-filter-watch_found_at').click();
    await page.getByTestId('record-filter-option').filter({ hasText: 'New in the last run' }).locator('input').check();
    await page.getByTestId('record-filter-apply').click();
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 1');
    await eventually(() => page.locator('body').innerText()).toContain('Leather bag 4');
    expect(page.url()).toContain('watch_found_at');
    await page.goto(`${j.baseUrl}/ec-list?clientId=${clientId}&filters=${encodeURIComponent(JSON.stringify([{ key: 'watch_change', values: ['changed'] }]))}`);
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 1');
    // The Changes column stands right of the seller's: the table is scrolled to it (its cells are drawn once in view).
    await page.locator('[data-testid^="ec-row-"]').first().hover();
    await page.mouse.wheel(900, 0);
    const changedRow = page.getByTestId('watch-change').first();
    await eventually(() => changedRow.innerText()).toContain('Changed');
    expect(await changedRow.innerText()).toContain('Price: 2000 → 1500');
    await j.screenshot(page, 'ec-list-watch-changes');
    await page.goto(`${j.baseUrl}/analyst/watches/${watchId}?run=${second}`);
    await page.getByTestId('watch-save').waitFor();

    // Its settings change on the same page: every 6 hours from now on.
    await pick(page, 'watch-every', 'Every N hours');
    await page.getByTestId('watch-hours').fill('6');
    await page.getByTestId('watch-save').click();
    await eventually(() => page.locator('body').innerText()).toContain('Every 6 hours');

    // The list says it in words; the notice bell has the run, and its link opens the watch on that run.
    await page.goto(`${j.baseUrl}/analyst/watches`);
    const row = page.getByTestId(`watch-row-${watchId}`);
    await eventually(() => row.innerText()).toContain('Every 6 hours');
    expect(await row.innerText()).toContain('1 changed');
    await j.screenshot(page, 'watch-list');
    await eventually(async () => (await page.getByTestId('notice-badge').locator('sup').count()) > 0).toBe(true);
    await page.goto(`${j.baseUrl}/notice`);
    await eventually(() => page.locator('body').innerText()).toContain('Bags on Changing Mart');
    const notice = await j.tp.portal.services.db.selectFrom('notice').select('id').where('user_id', '=', analyst.userId).where('type', '=', 7).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const [opened] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId(`notice-detail-${notice.id}`).click()]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname + new URL(opened.url()).search).toBe(`/analyst/watches/${watchId}?run=${second}`);
    await eventually(() => opened.getByTestId('run-changes').innerText()).toContain(`${market.origin}/item/4`);

    // A listing's record opens on the EC record page.
    await opened.getByTestId('run-changes').getByRole('link', { name: /^#\d+$/ }).first().click();
    await eventually(async () => new URL(opened.url()).pathname).toMatch(new RegExp(`^/ec-data/${clientId}/\\d+$`));
  });

  it('in Japanese, a finished crawler task becomes a watch ("keep watching this") that runs and lists its new listings', async () => {
    const analyst = await analystOf('ja');
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await j.tp.post(path, body, { token: analyst.token });
      expect(res.body.code, res.body.message).toBe(0);
      return res.body.data as T;
    };
    const subtask = { site: 'Changing Mart', keyword: 'bag', startUrl: `${market.origin}/search`, targetCount: 10 };
    const { task } = await post<{ task: { id: number } }>('/api/ec-crawler-task/create', { clientId, planStartDate: '2026-12-01', title: '鞄の巡回', type: 0, subtasksInfo: [subtask] });
    await post('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [] });
    await expect.poll(async () => (await post<{ task: { status: number } }>('/api/ec-crawler-task/detail', { taskId: task.id })).task.status, RUN).toBe(TaskStatus.FINISHED);

    const page = await j.newPage('ja-JP');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/task/ec-scraping-task-detail/${task.id}`);
    await page.getByTestId('task-keep-watching').click();
    const form = page.getByTestId('keep-watching-form');
    // The modal zooms in: a dropdown opened meanwhile is placed where the Select was before it moved.
    await eventually(() => page.locator('.ant-modal').first().getAttribute('class')).not.toMatch(/zoom/);
    expect(await form.getByTestId('watch-name').inputValue()).toBe('鞄の巡回');
    await pick(page, 'watch-every', '毎週');
    await pick(page, 'watch-weekday', '月曜日');
    await page.getByTestId('keep-watching-ok').click();
    await eventually(async () => page.url()).toMatch(/\/analyst\/watches\/\d+$/);
    await eventually(() => page.locator('body').innerText()).toContain('毎週月曜 09:00（Asia/Tokyo）');

    await page.getByTestId('watch-run').click();
    const run = await runEnds(page);
    await eventually(() => page.getByTestId(`run-counts-${run}`).innerText()).toContain(`新規 ${market.items.size}`);
    await eventually(() => page.getByTestId('run-changes').innerText()).toContain(`${market.origin}/item/1`);
    await j.screenshot(page, 'watch-from-task-ja');

    // The EC list in Japanese: the watch columns and the "new since" choices.
    await page.goto(`${j.baseUrl}/ec-list?clientId=${clientId}`);
    await page.getByTestId('ec-filter-watch_found_at').click();
    await eventually(() => page.getByTestId('record-filter-dropdown').innerText()).toContain('前回の実行で新規');
    expect(await page.getByTestId('record-filter-dropdown').innerText()).toContain('過去7日間の新規');
    await page.keyboard.press('Escape');
    expect(await page.locator('.ant-table-thead').innerText()).toMatch(/ウォッチで発見[\s\S]*変化/);
    await j.screenshot(page, 'ec-list-watch-columns-ja');
  });
});
