import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInAs, startJourney, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

/** The labels of the side menu as a person sees them. */
async function menuLabels(page: Page): Promise<string[]> {
  return page.locator('.ant-menu-title-content').allInnerTexts();
}

const signIn = (page: Page, mail: string, password: string) => signInAs(j, page, mail, password);

describe('signing in and out in the browser', () => {
  it('an analyst requests a code, signs in, switches to Japanese, sees the analyst menu, and logs out', async () => {
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Erika Analyst' });
    const page = await j.newPage('en-US');
    await page.goto(`${j.baseUrl}/manage/client`);
    await page.waitForURL(/\/login$/); // no token: every page leads to sign-in

    await signIn(page, analyst.mail, analyst.password);
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.getByTestId('user-name').innerText()).toContain('Erika Analyst');
    await page.getByText('Settings', { exact: true }).click();
    await page.getByText('Online Protection', { exact: true }).click();
    const english = await menuLabels(page);
    expect(english).toEqual(expect.arrayContaining(['Home', 'EC Monitoring', 'Test Purchase', 'Notices', 'Clients', 'Marketplace Sites']));
    expect(english).not.toContain('Client Users'); // administrators only
    expect(english).not.toContain('Analysts');
    expect(english).not.toContain('Data Settings'); // client users only
    await j.screenshot(page, 'analyst-home-en');

    await page.getByTestId('lang-ja').click();
    await expect.poll(() => menuLabels(page)).toEqual(expect.arrayContaining(['ホーム', 'ECモニタリング', 'お知らせ', 'クライアント管理']));
    await expect
      .poll(async () => (await j.tp.portal.services.db.selectFrom('users').select('user_locale').where('user_id', '=', analyst.userId).executeTakeFirstOrThrow()).user_locale)
      .toBe('ja');
    expect(await page.getByTestId('lang-ja').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('lang-en').getAttribute('aria-pressed')).toBe('false');
    await j.screenshot(page, 'analyst-home-ja');

    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    const after = await j.tp.post('/api/user/userinfo', {}, { token: token! });
    expect(after.status).toBe(401); // the server ended the session, not just the browser
    await page.context().close();
  });

  it('a client user in a Japanese browser gets the client menu and the profile of their company', async () => {
    const clientId = await createClient(j.tp, 'Journey Co');
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, name: '山田 花子' });
    const page = await j.newPage('ja-JP');
    await signIn(page, user.mail, user.password);
    await page.waitForURL(/\/home$/);
    await page.getByText('設定', { exact: true }).click();
    const labels = await menuLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['ホーム', 'お知らせ', 'データ設定', 'プロフィール']));
    expect(labels).not.toContain('クライアント管理');
    expect(labels).not.toContain('テスト購入');
    await page.goto(`${j.baseUrl}/profile`);
    await expect.poll(() => page.locator('body').innerText()).toContain('Journey Co');
    await j.screenshot(page, 'client-profile-ja');
    await page.goto(`${j.baseUrl}/manage/analyst`);
    await expect.poll(() => page.getByTestId('members-only').count()).toBe(1); // a page this role may not reach
    expect(await page.getByTestId('not-found').count()).toBe(0);

    await page.goto(`${j.baseUrl}/trademarx`); // a mistyped address: the 404 page in the shell, not the members-only one
    await expect.poll(() => page.getByTestId('not-found').innerText()).toContain('ページが見つかりません');
    expect(await page.getByTestId('members-only').count()).toBe(0);
    expect(await page.getByTestId('user-name').count()).toBe(1);
    await j.screenshot(page, 'not-found-client-ja');
    await page.getByTestId('not-found').getByRole('button', { name: 'ホームへ' }).click();
    await page.waitForURL(/\/home$/);
    await page.context().close();
  });

  it('a visitor on a mistyped address gets "page not found" in their language, and a known page still asks to sign in', async () => {
    const page = await j.newPage('en-US');
    await page.goto(`${j.baseUrl}/ec-lists`);
    await expect.poll(() => page.getByTestId('not-found').innerText()).toContain('Page not found');
    expect(page.url()).toMatch(/\/ec-lists$/);
    await j.screenshot(page, 'not-found-visitor-en');
    await page.getByTestId('lang-ja').click();
    await expect.poll(() => page.getByTestId('not-found').innerText()).toContain('ページが見つかりません');
    expect(await page.getByTestId('lang-ja').getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(300); // the switch's colour transition
    await j.screenshot(page, 'not-found-visitor-ja');
    await page.getByTestId('not-found').getByRole('button', { name: 'ホームへ' }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${j.baseUrl}/ec-list`);
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });
});
