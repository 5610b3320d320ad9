import { Role, type NoticeType } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyClientUsers } from '../packages/server/src/areas/notices/service.js';
import { signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

/** What the record and report areas do: tell every user of the client, in the same transaction as their change. */
async function notify(clientId: number, type: NoticeType, params: Record<string, string | number>, target: string): Promise<void> {
  const { services } = j.tp.portal;
  await services.db.transaction().execute((trx) => notifyClientUsers(services, trx, clientId, { type, records: 'ec', params, target, now: new Date() }));
}

/** The count on the menu badge of /notice (antd puts it in the title of its number). */
async function badgeCount(page: Page): Promise<string> {
  const sup = page.getByTestId('notice-badge').locator('sup');
  return (await sup.count()) ? ((await sup.first().getAttribute('title')) ?? '') : '0';
}

/** A page's first load fetches its chunk and its data: more than expect.poll's default second on a busy machine. */
const WAIT = { timeout: 15_000 };

const isUnviewed = (page: Page, id: number) => page.getByTestId(`notice-row-${id}`).getAttribute('data-unviewed');

describe('notices and news in the browser', () => {
  it('a client user sees the badge, finds a notice, opens it (viewed, badge down) and reads the list in Japanese', async () => {
    const clientId = await createClient(j.tp, 'Sakura Tea');
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Sakura User' });
    await notify(clientId, 1, { client: 'Sakura Tea', record: 42 }, '/profile');
    await notify(clientId, 3, { client: 'Sakura Tea', report: 'October' }, '/profile');
    const rows = await j.tp.portal.services.db
      .selectFrom('notice')
      .select(['id', 'type'])
      .where('user_id', '=', user.userId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.type)).toEqual([1, 3]);
    const [record, report] = rows.map((r) => r.id) as [number, number];

    const page = await j.newPage('en-US');
    await signIn(j, page, user.mail, user.password);
    await expect.poll(() => badgeCount(page), WAIT).toBe('2');

    await page.goto(`${j.baseUrl}/notice`);
    await expect.poll(() => page.getByTestId('notice-total').innerText(), WAIT).toBe('2');
    expect(await page.getByTestId('notice-unviewed').innerText()).toBe('2');
    expect(await isUnviewed(page, record)).toBe('true');
    expect(await isUnviewed(page, report)).toBe('true');
    const table = await page.locator('.ant-table').innerText();
    expect(table).toContain('Report posted');
    expect(table).toContain('Record updated');
    await j.screenshot(page, 'notices-en');

    // A keyword in the title or content of one notice only.
    await page.getByTestId('notice-keyword').fill('October');
    await page.getByTestId('notice-find').click();
    await expect.poll(() => page.getByTestId('notice-total').innerText(), WAIT).toBe('1');
    await expect.poll(() => page.getByTestId(`notice-row-${record}`).count(), WAIT).toBe(0);
    expect(await page.getByTestId(`notice-row-${report}`).innerText()).toContain('A new EC report is ready: Sakura Tea');

    // Detail: marked viewed, the target opens in a new window, the row and the badge follow.
    const [opened] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId(`notice-detail-${report}`).click()]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe('/profile');
    await opened.close();
    await expect.poll(() => isUnviewed(page, report), WAIT).toBe('false');
    await expect.poll(() => page.getByTestId('notice-unviewed').innerText(), WAIT).toBe('1');
    await expect.poll(() => badgeCount(page), WAIT).toBe('1');
    const stored = await j.tp.portal.services.db.selectFrom('notice').select(['id', 'viewed']).where('user_id', '=', user.userId).orderBy('id').execute();
    expect(stored).toEqual([
      { id: record, viewed: false },
      { id: report, viewed: true },
    ]);

    // Reset shows both again; the other one is still highlighted.
    await page.getByTestId('notice-reset').click();
    await expect.poll(() => page.getByTestId('notice-total').innerText(), WAIT).toBe('2');
    expect(await isUnviewed(page, record)).toBe('true');

    // Japanese.
    await page.getByTestId('lang-ja').click();
    const header = page.locator('.ant-table-thead');
    await expect.poll(() => header.innerText(), WAIT).toContain('タイトル');
    const headerText = await header.innerText();
    for (const title of ['内容', '種類', '送信日時', '既読', '操作']) expect(headerText).toContain(title);
    expect(await page.locator('.ant-table-tbody').innerText()).toContain('レポート公開');
    await j.screenshot(page, 'notices-ja');
    await page.context().close();
  });

  it('an administrator adds a news item; a client user sees it as a link opening a new tab', async () => {
    const admin = await createUser(j.tp, { role: Role.ADMIN, name: 'News Admin' });
    const adminPage = await j.newPage('en-US');
    await signIn(j, adminPage, admin.mail, admin.password);
    await adminPage.goto(`${j.baseUrl}/news`);

    // A URL that is not http(s) is refused by the contract's schema, in the form.
    await adminPage.getByTestId('news-add').click();
    await adminPage.getByTestId('news-title').fill('Spring campaign against counterfeits');
    await adminPage.getByTestId('news-url').fill('ftp://news.example/spring');
    await adminPage.getByTestId('news-submit').click();
    await expect.poll(() => adminPage.locator('.ant-modal').innerText(), WAIT).toContain('Please enter a URL starting with http:// or https://.');
    await adminPage.getByTestId('news-url').fill('https://news.example/spring');
    await adminPage.getByTestId('news-submit').click();
    await expect.poll(() => adminPage.locator('body').innerText(), WAIT).toContain('The news item was added.');
    await adminPage.getByTestId('news-title').waitFor({ state: 'detached' }); // the modal has closed

    const item = await j.tp.portal.services.db.selectFrom('news').selectAll().where('title', '=', 'Spring campaign against counterfeits').executeTakeFirstOrThrow();
    expect(item.url).toBe('https://news.example/spring');
    await expect.poll(() => adminPage.getByTestId(`news-item-${item.id}`).count(), WAIT).toBe(1);
    await j.screenshot(adminPage, 'news-admin');
    await adminPage.context().close();

    const clientId = await createClient(j.tp);
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId });
    const page = await j.newPage('en-US');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/news`);
    const link = page.getByTestId(`news-item-${item.id}`).locator('a', { hasText: 'Spring campaign against counterfeits' });
    await expect.poll(() => link.count(), WAIT).toBe(1);
    expect(await link.getAttribute('href')).toBe('https://news.example/spring');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.getByTestId('news-add').count()).toBe(0); // administrators only
    expect(await page.getByTestId(`news-edit-${item.id}`).count()).toBe(0);
    await page.context().close();
  });
});
