import { Role, type Site } from '@portal/contract';
import { createUser } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startJourney, eventually, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});


/** What the server holds for the site, through the API. */
async function held(siteId: number, token: string): Promise<Site> {
  const answer = await j.tp.post('/api/analyst/get-ec-site', { siteId }, { token });
  return (answer.body.data as { site: Site }).site;
}

/** What the crawler will read: an account's password, opened on the server (no answer carries it). */
async function passwordOf(accountId: number): Promise<string> {
  const row = await j.tp.portal.services.db.selectFrom('ec_site_account').select('password_sealed').where('id', '=', accountId).executeTakeFirstOrThrow();
  return j.tp.portal.services.secrets.open(row.password_sealed);
}

/** Picks an option of a searchable antd Select by typing part of its label (the option list is virtual). */
async function search(page: Page, testId: string, typed: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

describe('the marketplace site master in the browser', () => {
  it('an analyst creates a site with two accounts, then edits one account inline; passwords stay sealed', async () => {
    const db = j.tp.portal.services.db;
    await db.insertInto('infringement_category').values({ name: '商標', name_en: 'Trademark' }).execute();
    const analyst = await createUser(j.tp, { role: Role.ANALYST });
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);

    await page.goto(`${j.baseUrl}/analyst/ec-site`);
    await page.getByTestId('site-new').click();
    await eventually(async () => page.url()).toMatch(/\/analyst\/ec-site\/new$/);

    await page.getByTestId('site-name').fill('Rakuten');
    await page.getByTestId('site-url').fill('https://www.rakuten.co.jp');
    await search(page, 'site-region', 'Japan', 'Japan');
    await search(page, 'site-category', 'Trade', 'Trademark');
    await page.getByTestId('site-crawler').getByText('Possible', { exact: true }).click();
    await page.getByTestId('site-remarks').fill('Main Japanese marketplace');

    // Account and password are required in every row: an empty row is refused.
    await page.getByTestId('site-account-add').click();
    await page.getByTestId('site-submit').click();
    await eventually(() => page.locator('.ant-alert-error').innerText()).toContain('Please input the account.');

    await page.getByTestId('site-account-0-account').fill('crawler-one');
    await page.getByTestId('site-account-0-password').fill('Secret-One-42');
    await page.getByTestId('site-account-0-phone').fill('090-1111-2222');
    await page.getByTestId('site-account-add').click();
    await page.getByTestId('site-account-1-account').fill('crawler-two');
    await page.getByTestId('site-account-1-password').fill('Secret-Two-42');
    await page.getByTestId('site-account-1-freeze').fill('120');
    await j.screenshot(page, 'sites-new-en');
    await page.getByTestId('site-submit').click();

    await eventually(async () => page.url()).toMatch(/\/analyst\/ec-site\/detail\/\d+$/);
    const siteId = Number(/detail\/(\d+)$/.exec(page.url())![1]);
    const site = await held(siteId, analyst.token);
    expect(site).toMatchObject({ name: 'Rakuten', url: 'https://www.rakuten.co.jp', region: 'JP', hasCrawler: true, remarks: 'Main Japanese marketplace' });
    const category = await db.selectFrom('infringement_category').select('id').executeTakeFirstOrThrow();
    expect(site.infrigementCategoryId).toBe(category.id);
    expect(site.accounts.map((a) => [a.account, a.passwordSet, a.phone, a.freeze_seconds])).toEqual([
      ['crawler-one', true, '090-1111-2222', null],
      ['crawler-two', true, '', 120],
    ]);
    expect(await Promise.all(site.accounts.map((a) => passwordOf(a.id)))).toEqual(['Secret-One-42', 'Secret-Two-42']);

    // The table masks passwords.
    const table = page.getByTestId('table-site-accounts');
    await eventually(() => table.innerText()).toContain('crawler-two');
    expect(await table.innerText()).toContain('••••••');
    expect(await table.innerText()).not.toContain('Secret-One-42');

    // Inline edit: secrets are write-only, so the password field starts blank and a blank one keeps the saved
    // password; only the changed fields go to the server.
    const second = site.accounts.find((a) => a.account === 'crawler-two')!;
    await table.getByTestId(`row-edit-${second.id}`).click();
    expect(await table.getByTestId('field-password').inputValue()).toBe('');
    await table.getByTestId('field-phone').fill('080-3333-4444');
    await table.getByTestId(`row-save-${second.id}`).click();
    await eventually(async () => (await held(siteId, analyst.token)).accounts.find((a) => a.id === second.id)?.phone).toBe('080-3333-4444');
    expect(await passwordOf(second.id)).toBe('Secret-Two-42');
    await table.getByTestId(`row-edit-${second.id}`).click();
    await table.getByTestId('field-password').fill('Changed-Two-99');
    await table.getByTestId(`row-save-${second.id}`).click();
    await eventually(() => passwordOf(second.id)).toBe('Changed-Two-99');
    expect((await held(siteId, analyst.token)).accounts.find((a) => a.id === second.id)).toMatchObject({ phone: '080-3333-4444', passwordSet: true, freeze_seconds: 120 });
    await eventually(() => table.innerText()).toContain('080-3333-4444');
    expect(await table.innerText()).not.toContain('Changed-Two-99');

    // The site's own fields: nothing changed sends nothing; a changed name is saved, the rest kept.
    await page.getByTestId('site-update').click();
    await eventually(() => page.locator('.ant-message').innerText()).toContain('Nothing has changed.');
    await page.getByTestId('site-name').fill('Rakuten Ichiba');
    await page.getByTestId('site-update').click();
    await eventually(async () => (await held(siteId, analyst.token)).name).toBe('Rakuten Ichiba');
    expect(await held(siteId, analyst.token)).toMatchObject({ url: 'https://www.rakuten.co.jp', region: 'JP', hasCrawler: true, remarks: 'Main Japanese marketplace' });
    await eventually(() => page.getByTestId('site-remarks').inputValue()).toBe('Main Japanese marketplace');
    // A site whose listings are built by script: read in a browser, off until ticked.
    expect(await page.getByTestId('site-fetch-with-browser').isChecked()).toBe(false);
    await page.getByTestId('site-fetch-with-browser').check();
    await page.getByTestId('site-update').click();
    await eventually(async () => (await held(siteId, analyst.token)).fetchWithBrowser).toBe(true);
    await j.screenshot(page, 'sites-detail-en');

    // No plain password in the raw table.
    const raw = await db.selectFrom('ec_site_account').select(['account', 'password_sealed']).where('site_id', '=', siteId).execute();
    expect(raw).toHaveLength(2);
    for (const row of raw) {
      for (const typed of ['Secret-One-42', 'Secret-Two-42', 'Changed-Two-99']) expect(row.password_sealed).not.toContain(typed);
    }

    await page.getByTestId('lang-ja').click();
    await eventually(() => page.locator('body').innerText()).toContain('ECサイト詳細');
    await eventually(() => page.locator('body').innerText()).toContain('ブラウザでページを読む');
    await j.screenshot(page, 'sites-detail-ja');

    await page.goto(`${j.baseUrl}/analyst/ec-site`);
    const row = page.locator('.ant-table-row').filter({ hasText: 'Rakuten Ichiba' });
    await eventually(() => row.innerText()).toContain('日本');
    const text = await row.innerText();
    expect(text).toContain('商標');
    expect(text).toContain('はい');
    await j.screenshot(page, 'sites-list-ja');
    await page.context().close();
  });
});
