import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startJourney, type Journey } from './harness.js';

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
});
