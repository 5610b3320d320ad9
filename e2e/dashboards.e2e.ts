import { Role } from '@portal/contract';
import { createClient, createUser, manage } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, screenshotWidths, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
let clientId: number;
/** The records "alpha" sold from China this year, infringing: what its Top Infringers row counts and links to. */
let alphaChina: number[];
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

/**
 * Posted marketplace records of this year (and one of last year), written straight to the database: sellers in
 * China (as a code and as a name) and the United States, one non-infringing record, every price 10 USD x 1.
 */
async function seed(): Promise<void> {
  const db = j.tp.portal.services.db;
  const now = j.tp.clock.now;
  const year = now.getUTCFullYear();
  clientId = await createClient(j.tp, 'Journey Sakura');
  const report = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'Spring scan', upload_date: now, send_date: now }).returning('report_id').executeTakeFirstOrThrow();
  let n = 0;
  const row = (seller: string, region: string, site: string, category: number, scan = `${year}-01-15`) => {
    n += 1;
    return {
      client_id: clientId, report_id: report.report_id, ec_site: site, ec_scan_date: scan, ec_product_title: `Sakura serum ${n}`, ec_product_url: `https://shop.example/item/${n}`,
      url_key: `shop.example/item/${n}`, ec_product_seller: seller, ec_product_region: region, ec_product_price: '10.00', ec_product_currency: 'USD', ec_product_onsell_count: 1,
      ec_category_common_type_id: category, ec_categorize_date: scan, published: true, updated_at: now,
    };
  };
  const ids = async (rows: ReturnType<typeof row>[]) => (await db.insertInto('ec_record').values(rows).returning('ec_id').execute()).map((r) => r.ec_id);
  alphaChina = await ids([row('alpha', 'CN', 'Amazon', 3), row('alpha', 'China', 'Amazon', 3), row('alpha', 'CN', 'Taobao', 2)]);
  await ids([
    row('alpha', 'US', 'Amazon', 3),
    row('beta', 'CN', 'Taobao', 3),
    row('gamma', 'United States', 'eBay', 3),
    row('gamma', 'US', 'eBay', 3),
    row('alpha', 'CN', 'Amazon', 1), // not infringing
    row('alpha', 'CN', 'Amazon', 3, `${year - 1}-12-15`), // last year: outside the default period
  ]);
}

const count = (page: Page, key: string) => page.getByTestId(`home-count-${key}`).locator('.home-counter-value').innerText();

describe('the online dashboard and home in the browser', () => {
  it('a client user sees the figures, filters charts by country, and follows the top infringer to exactly its records', async () => {
    await seed();
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko Client' });
    const page = await j.newPage('en-US');
    await signIn(j, page, user.mail, user.password);

    // Home: the client's own company loads by itself (infringing records of all time: 8).
    await eventually(() => count(page, 'online')).toBe('8');
    expect(await count(page, 'offline')).toBe('0');
    await page.getByTestId('home-actions').waitFor();
    await j.screenshot(page, 'dashboards-home-client-en');

    await page.goto(`${j.baseUrl}/online-dashboard`);
    // This year's seven infringing listings at 10 USD x 1 in stock (the default impact settings: 100 %).
    await eventually(() => page.getByTestId('summary-usd').innerText()).toContain('70.00');
    await page.getByTestId('chart-status').waitFor();
    await page.getByTestId('chart-map').waitFor();
    const firstRow = () => page.getByTestId('top-infringers').locator('.ant-list-item').first().innerText();
    await eventually(firstRow).toMatch(/alpha[\s\S]*China[\s\S]*3 listings/);
    await j.screenshot(page, 'dashboards-online-client-en');

    // The stacked bar follows its own country filter: none checked is an empty state, China alone a chart.
    await page.getByTestId('filter-site-all').click();
    await page.getByTestId('chart-site-stack-empty').waitFor();
    await page.getByTestId('filter-site-CN').click();
    await page.getByTestId('chart-site-stack').waitFor();
    // Top Infringers by country: the United States alone puts gamma first.
    await page.getByTestId('filter-sellers-all').click();
    await page.getByTestId('filter-sellers-US').click();
    await eventually(firstRow).toMatch(/gamma[\s\S]*United States[\s\S]*2 listings/);
    await page.getByTestId('filter-sellers-all').click();
    await eventually(firstRow).toMatch(/alpha[\s\S]*China/);

    // The top infringer opens the list on exactly its three records (not alpha's US, uninfringing or older ones).
    await page.getByTestId('top-infringer-0').click();
    await page.waitForURL(/\/ec-list\?/);
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 3');
    const shown = await page.locator('[data-testid^="ec-row-"][role="row"]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key'))));
    expect(shown.sort((a, b) => a - b)).toEqual([...alphaChina].sort((a, b) => a - b));
    await j.screenshot(page, 'dashboards-top-infringer-list');

    // Japanese: the dashboard's texts and country names follow the language.
    await page.goto(`${j.baseUrl}/online-dashboard`);
    await page.getByTestId('lang-ja').click();
    await eventually(firstRow).toMatch(/alpha[\s\S]*中国[\s\S]*3件/);
    await j.screenshot(page, 'dashboards-online-client-ja');
    await page.goto(`${j.baseUrl}/home`);
    await eventually(() => page.getByTestId('home').innerText()).toContain('オンライン保護件数');
    await j.screenshot(page, 'dashboards-home-client-ja');
    await page.context().close();
  });

  it('an analyst chooses the brand on home; an administrator sees every client\'s figures', async () => {
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ren Analyst' });
    await manage(j.tp, analyst, clientId);
    const page = await j.newPage('ja-JP');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.getByTestId('home').waitFor();
    await eventually(() => page.getByTestId('home-find').isEnabled()).toBe(false);
    // A native select: Playwright waits for the option to be there and the select enabled.
    await page.getByTestId('home-client').selectOption({ label: 'Journey Sakura' });
    await page.getByTestId('home-find').click();
    await eventually(() => count(page, 'online')).toBe('8');
    await j.screenshot(page, 'dashboards-home-analyst-ja');
    await page.context().close();

    const admin = await createUser(j.tp, { role: Role.ADMIN });
    await createClient(j.tp, 'Empty Co');
    const adminPage = await j.newPage('en-US');
    await signIn(j, adminPage, admin.mail, admin.password);
    await eventually(() => count(adminPage, 'online')).toBe('8');
    await j.screenshot(adminPage, 'dashboards-home-admin-en');
    await adminPage.context().close();
  });

  it('a busy client\'s charts are legible at 1280 and 1440 px in both languages', async () => {
    // 87 infringing listings from China, 15 from the United States, 5 from Japan, over eleven marketplaces and
    // every infringing category, in the months of this year that have begun.
    const db = j.tp.portal.services.db;
    const now = j.tp.clock.now;
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    const busy = await createClient(j.tp, 'Journey Busy');
    const report = await db.insertInto('ec_report').values({ client_id: busy, report_name: 'Busy scan', upload_date: now, send_date: now }).returning('report_id').executeTakeFirstOrThrow();
    const sites = ['Amazon', 'eBay', 'Rakuten Ichiba', 'Yahoo! Shopping', 'Mercari', 'AliExpress', 'Taobao', 'Shopee', 'Lazada', 'Coupang', 'Qoo10'];
    const categories = [2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 16, 17];
    const rows = [...Array<string>(87).fill('CN'), ...Array<string>(15).fill('US'), ...Array<string>(5).fill('JP')].map((region, i) => {
      const scan = `${year}-${String((i % month) + 1).padStart(2, '0')}-10`;
      return {
        client_id: busy, report_id: report.report_id, ec_site: sites[i % sites.length]!, ec_scan_date: scan, ec_product_title: `Busy serum ${i}`, ec_product_url: `https://busy.example/item/${i}`,
        url_key: `busy.example/item/${i}`, ec_product_seller: `seller ${i % 9}`, ec_product_region: region, ec_product_price: '10.00', ec_product_currency: 'USD', ec_product_onsell_count: 1,
        ec_category_common_type_id: categories[i % categories.length]!, ec_categorize_date: scan, published: true, updated_at: now,
      };
    });
    await db.insertInto('ec_record').values(rows).execute();
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId: busy, name: 'Busy Client' });
    const page = await j.newPage('en-US');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/online-dashboard`);
    await page.getByTestId('chart-status').waitFor();
    await page.getByTestId('chart-map').waitFor();
    // The map's size legend: the largest count is a step of it.
    await eventually(() => page.getByTestId('chart-map-scale').innerText()).toContain('87');
    await screenshotWidths(j, page, 'dashboards-busy-en');
    await page.getByTestId('lang-ja').click();
    await eventually(() => page.getByTestId('chart-map-scale').innerText()).toContain('円の面積');
    await screenshotWidths(j, page, 'dashboards-busy-ja');
    // Home's online actions map: the same scale and legend.
    await page.goto(`${j.baseUrl}/home`);
    await eventually(() => page.getByTestId('home-actions-scale').innerText()).toContain('87');
    await screenshotWidths(j, page, 'dashboards-busy-home-ja');
    await page.context().close();
  });
});
