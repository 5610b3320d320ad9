import { API_KEY_PREFIX, Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

/** A program's call with a key, from outside the browser. */
const callWithKey = async (key: string) => {
  const res = await fetch(`${j.baseUrl}/api/user/userinfo`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });
  return { status: res.status, body: (await res.json()) as { code: number } };
};

describe('personal API keys in the browser', () => {
  it('a client user creates a key on the profile (Japanese), a program uses it, the administrator revokes it', async () => {
    const clientId = await createClient(j.tp);
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, locale: 'ja', name: '鍵 太郎' });
    const page = await j.newPage('ja-JP');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/profile`);
    await eventually(() => page.locator('body').innerText()).toContain('APIキー');

    await page.getByTestId('api-key-name').fill('夜間エクスポート');
    await page.getByTestId('api-key-create').click();
    const secretBox = page.getByTestId('api-key-secret');
    await eventually(() => secretBox.innerText()).toContain(API_KEY_PREFIX);
    const key = (await secretBox.innerText()).trim();
    expect(await page.locator('body').innerText()).toContain('表示されるのはこの一度だけです');
    await j.screenshot(page, 'api-key-created-ja');
    await page.getByRole('button', { name: 'コピーしました' }).click();
    await eventually(() => page.getByTestId('api-keys').innerText()).toContain('夜間エクスポート');
    await eventually(() => page.locator('body').innerText()).not.toContain(key);

    expect((await callWithKey(key)).body.code).toBe(0);
    await page.reload();
    await eventually(() => page.getByTestId('api-keys').innerText()).not.toContain('未使用');
    await page.context().close();

    // The administrator finds the key on the account's page and revokes it.
    const admin = await createUser(j.tp, { role: Role.ADMIN });
    const adminPage = await j.newPage('en-US');
    await signIn(j, adminPage, admin.mail, admin.password);
    await adminPage.goto(`${j.baseUrl}/manage/user/${user.userId}`);
    const table = adminPage.getByTestId('account-api-keys');
    await eventually(() => table.innerText()).toContain('夜間エクスポート');
    await j.screenshot(adminPage, 'api-keys-admin-en');
    await table.getByRole('button', { name: 'Revoke' }).click();
    await adminPage.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
    await eventually(() => table.innerText()).toContain('No API keys.');
    expect((await callWithKey(key)).status).toBe(401);
    await adminPage.context().close();
  });

  it('GET /api/docs renders the API reference with the key instructions, within its content security policy', async () => {
    // Calls are POSTs, downloads GETs (each path has one operation).
    type Item = Record<'post' | 'get', { tags: string[] } | undefined>;
    const doc = (await (await fetch(`${j.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Item> };
    const tagOf = (item: Item) => (item.post ?? item.get)!.tags[0]!;
    const [lastPath, last] = Object.entries(doc.paths).at(-1)!;
    const lastTag = tagOf(last);
    const inLastTag = Object.keys(doc.paths).filter((p) => tagOf(doc.paths[p]!) === lastTag);
    const page = await j.newPage('en-US');
    await page.goto(`${j.baseUrl}/api/docs`);
    await eventually(() => page.locator('.swagger-ui .info').innerText()).toContain('Brand Protection Portal API');
    expect(await page.locator('.swagger-ui').innerText()).toContain('Authorization: Bearer <key>');
    // The operations are grouped by area, collapsed; the last group, opened, renders every operation of it, down to
    // the document's last one (a single list of every operation would be virtualised: only the first few rendered).
    await page.locator(`.opblock-tag[data-tag="${lastTag}"]`).click();
    await eventually(() => page.locator('.opblock-summary-path').allInnerTexts()).toEqual(inLastTag);
    expect(inLastTag.at(-1)).toBe(lastPath);
    await expect.poll(() => page.locator('.opblock-summary-path').last().isVisible()).toBe(true);
    await j.screenshot(page, 'api-docs');
    await page.context().close();
    // Any style or script the policy refused would fail the journey in close().
  });
});
