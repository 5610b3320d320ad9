import { Role, TaskStatus } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureBrowsers } from '../../platform/capture.js';
import { createClient, createUser, manage, startCrawlerForTest, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { startScriptMarket, type ScriptMarket } from './fixture-script-market.js';

/**
 * Sites whose listings are built by script (issue 29 point 5): with `fetchWithBrowser` the crawler reads the page
 * as Debian's Chromium leaves it after its scripts ran; without it, the served HTML has no listing. The browser
 * fetch keeps the crawler's address rule (a page on an address not allowed is refused in the crawler's words, and a
 * page's own request to such an address is blocked) and the site account's cookies and headers.
 */
let tp: TestPortal;
let market: ScriptMarket;
/** Another local server, never allowed: what a page must not reach. */
let elsewhere: ScriptMarket;
let analyst: TestUser;
let clientId: number;
let stopJobs: (() => Promise<void>) | undefined;

const recipe = { resultLink: 'ul.results a.hit', nextPage: 'a.more', fields: { title: 'h1.name', price: '.cost', currency: '.ccy', seller: 'a.shop', sellerUrl: 'a.shop@href' } };
// The machine is shared: a page in the browser may take long, so the limit only has to outlast a loaded one.
const env = { CRAWLER_RETRIES: '1', CRAWLER_RETRY_BASE_MS: '20', CRAWLER_TIMEOUT_MS: '5000', CRAWLER_BROWSER_TIMEOUT_MS: '25000', CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '1000', CRAWLER_WORKERS: '1', CRAWLER_BATCH: '2' };

beforeAll(async () => {
  elsewhere = await startScriptMarket();
  market = await startScriptMarket({ probe: `${elsewhere.origin}/secret` });
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Scripted Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  const { db, secrets } = tp.portal.services;
  const sites: [string, string, boolean][] = [['Script Mart', market.origin, true], ['Script Mart Plain', market.origin, false], ['Members Script Mart', market.origin, true], ['Elsewhere Mart', elsewhere.origin, true]];
  for (const [name, url, browser] of sites) {
    const { id } = await db.insertInto('ec_site').values({ name, url, region: 'JP', category_id: null, has_crawler: true, crawl_recipe: JSON.stringify(recipe), max_concurrency: 2, fetch_with_browser: browser }).returning('id').executeTakeFirstOrThrow();
    if (name === 'Members Script Mart') {
      await db.insertInto('ec_site_account').values({ site_id: id, account: 'member-1', password_sealed: secrets.seal('pw'), freeze_seconds: 0, headers_sealed: secrets.seal('X-Member: yes'), cookies_sealed: secrets.seal('session=member') }).execute();
    }
  }
  stopJobs = await startCrawlerForTest(tp, { ...env, CRAWLER_ALLOW_ORIGINS: market.origin });
}, 60_000);
afterAll(async () => {
  await stopJobs?.();
  await tp?.close();
  await market?.close();
  await elsewhere?.close();
});

type Task = { id: number; status: number; subtasks: { site: string; status: number; recordCount: number; error: string | null }[] };
const detail = async (taskId: number) => (await tp.post('/api/ec-crawler-task/detail', { taskId }, { token: analyst.token })).body.data!.task as Task;

/** Creates and starts a task, and polls it until it has settled (only the outcome is asserted, never the time). */
async function crawl(site: string, startUrl: string): Promise<Task> {
  const created = await tp.post('/api/ec-crawler-task/create', { clientId, planStartDate: '2026-12-01', title: `${site} sweep`, type: 0, subtasksInfo: [{ site, keyword: 'bag', startUrl }] }, { token: analyst.token });
  expect(created.body.code, created.body.message).toBe(0);
  const { id } = created.body.data!.task as Task;
  const started = await tp.post('/api/ec-crawler-command/start', { taskId: id, subtaskIds: [] }, { token: analyst.token });
  expect(started.body.code, started.body.message).toBe(0);
  const end = Date.now() + 180_000;
  for (;;) {
    const t = await detail(id);
    if (t.status !== TaskStatus.PENDING && t.status !== TaskStatus.SCRAPING) return t;
    if (Date.now() > end) throw new Error(`task ${id} never settled: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
const listings = (taskId: number) => tp.portal.services.db.selectFrom('crawler_listing').select(['url', 'fields']).where('task_id', '=', taskId).orderBy('url').execute();

describe('the crawler with a browser', () => {
  it('reads listings built by script when the site fetches with a browser, and none without', async () => {
    const task = await crawl('Script Mart', `${market.origin}/shop/search`);
    expect(task.subtasks.map((s) => [s.status, s.recordCount, s.error])).toEqual([[3, 6, null]]);
    const rows = await listings(task.id);
    expect(rows.map((r) => r.url)).toEqual(['1-1', '1-2', '1-3', '2-1', '2-2', '2-3'].map((id) => `${market.origin}/shop/item/${id}`));
    expect(rows[4]!.fields).toMatchObject({ title: 'Scripted bag 2-2', price: '¥12,800', currency: 'JPY', seller: 'Script shop 2-2', sellerUrl: `${market.origin}/seller/2-2` });
    // Each listing page's script asked the address that is not allowed: not one request reached it.
    expect(elsewhere.hits.get('/secret') ?? 0).toBe(0);
    expect(elsewhere.hits.get('/secret.png') ?? 0).toBe(0);

    const plain = await crawl('Script Mart Plain', `${market.origin}/shop/search`);
    expect(plain.subtasks.map((s) => s.recordCount)).toEqual([0]);
    expect(await listings(plain.id)).toEqual([]);
  }, 240_000);

  it('sends the site account’s cookies and headers to the page and its scripts’ requests, and says when a site refuses without them', async () => {
    const task = await crawl('Members Script Mart', `${market.origin}/members/search`);
    expect(task.subtasks.map((s) => [s.status, s.recordCount, s.error])).toEqual([[3, 2, null]]);
    expect((await listings(task.id)).map((r) => (r.fields as { title: string }).title)).toEqual(['Scripted bag 1-1', 'Scripted bag 1-2']);
    // Without the account the page answers 403 in the browser too: the same words as a plain fetch.
    const refused = await crawl('Script Mart', `${market.origin}/members/search`);
    expect(refused.subtasks[0]!.error).toMatch(/refused the request \(HTTP 403\); the site may need an account/);
  }, 240_000);

  it('refuses a site on an address the crawler may not visit, in the crawler’s words', async () => {
    const before = elsewhere.hits.get('/shop/search') ?? 0;
    const task = await crawl('Elsewhere Mart', `${elsewhere.origin}/shop/search`);
    expect(task.subtasks[0]!.recordCount).toBe(0);
    expect(task.subtasks[0]!.error).toMatch(/leads to a private or local network address, which the crawler does not visit/);
    expect(elsewhere.hits.get('/shop/search') ?? 0).toBe(before);
  }, 240_000);
});

describe('the capture browsers’ render', () => {
  it('answers the DOM after the scripts ran, a private request of the page blocked, a private page refused', async () => {
    const browsers = new CaptureBrowsers({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', browsers: 1, timeoutMs: 25_000, maxBytes: 2 * 1024 * 1024, policy: { allowPrivate: false, allowOrigins: [market.origin] } });
    try {
      const page = await browsers.render(`${market.origin}/shop/item/9-9`);
      expect(page).toMatchObject({ ok: true, status: 200, finalUrl: `${market.origin}/shop/item/9-9` });
      const html = page.ok ? page.html : '';
      expect(html).toContain('<h1 class="name">Scripted bag 9-9</h1>');
      expect(html).toContain('<span class="probe">blocked</span>');
      expect(await browsers.render(`${elsewhere.origin}/shop/search`)).toMatchObject({ ok: false, reason: 'privateAddress' });
      expect(elsewhere.hits.get('/secret') ?? 0).toBe(0);
    } finally {
      await browsers.close();
    }
  }, 60_000);
});
