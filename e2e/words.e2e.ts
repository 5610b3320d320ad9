import { Role } from '@portal/contract';
import { createClient, createUser, seedDemo } from '@portal/server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

/** Issue 35, point 4: words of the interface in the reader's language, and old exchange rates said to be old. */
describe('words on Japanese screens', () => {
  it('an administrator in Japanese is warned of old exchange rates, and the number steppers are named in Japanese', async () => {
    const admin = await createUser(j.tp, { role: Role.ADMIN, locale: 'ja' });
    const page = await j.newPage('ja-JP');
    await signIn(j, page, admin.mail, admin.password);
    await page.goto(`${j.baseUrl}/manage/exchange-rate`);
    // The seeded rates are older than the 30 days of EXCHANGE_RATE_MAX_AGE_DAYS' default.
    await expect.poll(() => page.getByTestId('rates-stale').innerText()).toContain('30日より古いもの');
    expect(await page.locator('.ant-tag', { hasText: '古いレート' }).count()).toBeGreaterThan(0);
    await page.getByTestId('rate-value').hover();
    expect(await page.locator('.ant-input-number-handler-up').getAttribute('aria-label')).toBe('値を増やす');
    expect(await page.locator('.ant-input-number-handler-down').getAttribute('aria-label')).toBe('値を減らす');
    await j.screenshot(page, 'exchange-rates-stale-ja');
    // A dialog's close button (rc-dialog names it "Close" whatever the locale).
    await page.goto(`${j.baseUrl}/news`);
    await page.getByTestId('news-add').click();
    await expect.poll(() => page.locator('.ant-modal-close').getAttribute('aria-label')).toBe('閉じる');
    await page.locator('.ant-modal-close').click();
    await page.goto(`${j.baseUrl}/manage/exchange-rate`);
    await page.getByTestId('rates-stale').waitFor();
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.getByTestId('rates-stale').innerText()).toContain('older than 30 days');
    await expect.poll(() => page.locator('.ant-input-number-handler-up').getAttribute('aria-label')).toBe('Increase value');
    await page.context().close();
  });

  it('a client user\'s online dashboard warns that the impact revenue was converted with old rates', async () => {
    const clientId = await createClient(j.tp, 'Words Co');
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, locale: 'ja' });
    const page = await j.newPage('ja-JP');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/online-dashboard`);
    await expect.poll(() => page.getByTestId('summary-stale-rates').innerText()).toContain('為替レートが古くなっています');
    await j.screenshot(page, 'dashboard-stale-rates-ja');
    await page.context().close();
  });

  it('a Japanese analyst reads the demo\'s list reasons in Japanese: the SNS detail, its triage trace, the filter values and the export', async () => {
    const accounts = await seedDemo(j.tp.portal.services);
    const analyst = accounts.find((a) => a.mail === 'analyst2@example.com')!;
    const db = j.tp.portal.services.db;
    const listed = await db.selectFrom('sns_record').select(['sns_id', 'client_id', 'blacklist']).where('blacklist', '!=', '').executeTakeFirstOrThrow();
    // Stored in English (what triage rules and filters compare), read in Japanese.
    expect(listed.blacklist).toBe('account: Sakura Outlet 88; account id: so88');
    const japanese = 'アカウント：Sakura Outlet 88; アカウントID：so88';
    const page = await j.newPage('ja-JP');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/sns-data/${listed.client_id}/${listed.sns_id}`);
    await eventually(() => page.getByTestId('sns-matching-blacklist').innerText()).toContain(japanese);
    await eventually(() => page.getByTestId('triage-trace').innerText()).toContain(japanese);
    await j.screenshot(page, 'sns-detail-reasons-ja');

    // The list's filter offers the reason in Japanese and filters by the stored text.
    await page.goto(`${j.baseUrl}/sns-list?clientId=${listed.client_id}`);
    await page.locator('[data-testid^="sns-row-"]').first().waitFor();
    await page.getByTestId('sns-columns').click();
    await page.locator('[data-testid="sns-columns-option"][data-column="blacklist"] input').check();
    await page.keyboard.press('Escape');
    await page.getByTestId('sns-filter-blacklist').click();
    const option = page.getByTestId('record-filter-option').filter({ hasText: japanese });
    await option.locator('input').check();
    await j.screenshot(page, 'sns-list-reason-filter-ja');
    await page.getByTestId('record-filter-apply').click();
    await eventually(() => page.locator('.rec-row').count()).toBe(await db.selectFrom('sns_record').select('sns_id').where('blacklist', '=', listed.blacklist).execute().then((r) => r.length));
    // The row's own cell, once scrolled into view (the table renders only the cells in view).
    await page.locator('.rec-row').first().hover();
    await eventually(async () => {
      await page.mouse.wheel(400, 0);
      return page.locator('.rec-row .rec-cell').filter({ hasText: japanese }).count();
    }).toBeGreaterThan(0);
    await j.screenshot(page, 'sns-list-reasons-ja');

    // The export writes the reasons as the list shows them.
    const sheet = await page.request.get(`${j.baseUrl}/api/sns-data/export-search-result?clientId=${listed.client_id}`);
    expect(sheet.status()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await sheet.body()) as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const column = (ws.getRow(1).values as string[]).indexOf('ブラックリスト');
    const cells = ws.getColumn(column).values.slice(2);
    expect(cells).toContain(japanese);
    expect(cells).not.toContain(listed.blacklist);
    await page.context().close();
  });
});
