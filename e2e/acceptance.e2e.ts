import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, screenshotWidths, signIn, startJourney, type Journey } from './harness.js';

/**
 * Issue 18 in the browser: a client user opens the takedown acceptance page of their company, follows a rejected
 * count to exactly those listings, then finds the listing a re-check found still live from the list's toolbar and
 * sees the verdict on its detail, in Japanese.
 */
let j: Journey;
let clientId: number;
let stillLive: number;

beforeAll(async () => {
  j = await startJourney();
  const db = j.tp.portal.services.db;
  const now = j.tp.clock.now;
  const sent = new Date(now.getTime() - 10 * 24 * 3600_000).toISOString().slice(0, 10);
  clientId = await createClient(j.tp, 'Journey Sakura');
  const report = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'Scan', upload_date: now, send_date: now }).returning('report_id').executeTakeFirstOrThrow();
  const rows = [2, 2, 2, 3, 1].map((result, i) => ({
    client_id: clientId, report_id: report.report_id, ec_site: 'Amazon', ec_scan_date: sent, ec_product_title: `Sakura serum ${i}`, ec_product_url: `https://shop.example/item/${i}`,
    url_key: `shop.example/item/${i}`, ec_categorize_date: sent, ec_process1_result: result, ec_process1_date: sent, published: true, updated_at: now,
  }));
  // Ten more marketplaces, long names among them, so the chart has every label to fit: one no action each, and one
  // to four taken down (50 % to 80 %).
  const others = ['Rakuten Ichiba', 'Yahoo! Shopping', 'Mercari', 'Rakuma', 'AliExpress', 'Alibaba.com', 'eBay', 'Qoo10', 'Coupang', 'PayPay Flea Market'].flatMap((site, m) =>
    [3, ...Array<number>((m % 4) + 1).fill(2)].map((result, i) => ({
      ...rows[0]!, ec_site: site, ec_product_title: `Sakura serum ${site} ${i}`, ec_product_url: `https://shop.example/m${m}/${i}`, url_key: `shop.example/m${m}/${i}`, ec_process1_result: result,
    })),
  );
  await db.insertInto('ec_record').values(others).execute();
  const ids = (await db.insertInto('ec_record').values(rows).returning('ec_id').execute()).map((r) => Number(r.ec_id));
  stillLive = ids[0]!;
  // The re-check found the first takedown still online (the capture itself is the API tests' business).
  await db.updateTable('takedown_recheck').set({ verdict: 'live', verdict_reason: 'page answers 200', checked_at: now }).where('ec_id', '=', stillLive).execute();
});
afterAll(async () => {
  await j?.close();
});

describe('takedown acceptance and re-checks in the browser', () => {
  it('a client user reads the acceptance rate, opens the rejected listings and the still-live one', async () => {
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko', locale: 'ja' });
    const page = await j.newPage('ja-JP');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/takedown-acceptance`);
    // Amazon, round 1: 3 taken down, 1 no action, 1 in review: 75 % against the 90 % bar.
    await eventually(() => page.getByTestId('acceptance-table').innerText()).toMatch(/Amazon[\s\S]*1回目[\s\S]*5[\s\S]*3[\s\S]*1[\s\S]*1[\s\S]*75\.0 %/);
    await page.getByTestId('acceptance-chart').waitFor();
    expect(await page.getByTestId('acceptance-help').innerText()).toContain('90');
    await j.screenshot(page, 'takedown-acceptance-client-ja');
    await screenshotWidths(j, page, 'takedown-acceptance-ja');
    await page.getByTestId('lang-en').click();
    await eventually(() => page.getByTestId('acceptance-table').innerText()).toContain('Round 1');
    await screenshotWidths(j, page, 'takedown-acceptance-en');
    await page.getByTestId('lang-ja').click();
    await eventually(() => page.getByTestId('acceptance-table').innerText()).toContain('1回目');

    await page.getByTestId('acceptance-rejected').first().click();
    await eventually(async () => page.url()).toContain('/ec-list');
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('合計：1件');

    // The toolbar counts the still-live listing of the company; ticking shows only it.
    await page.goto(`${j.baseUrl}/ec-list`);
    await eventually(() => page.getByTestId('ec-list-still-live').innerText()).toBe('削除後も掲載中：1件');
    await page.getByTestId('ec-list-still-live').click();
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('合計：1件');
    expect(page.url()).toContain('stillLive=1');
    await page.getByTestId(`ec-detail-${stillLive}`).click();
    await eventually(() => page.getByTestId('recheck-verdict').getAttribute('data-verdict')).toBe('live');
    expect(await page.getByTestId('ec-recheck').innerText()).toContain('出品ページがまだ開きます（HTTP 200）');
    await j.screenshot(page, 'takedown-recheck-detail-ja');
  });
});
