import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startJourney, eventually, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

const closed = (page: Page) => eventually(() => page.getByTestId('editable-confirm').count()).toBe(0);

async function add(page: Page, table: Locator, fields: Record<string, string>): Promise<void> {
  await table.getByTestId('editable-add').click();
  await page.getByTestId('editable-confirm').waitFor();
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`field-${name}`).fill(value);
}

describe('the shared masters in the browser', () => {
  it('an analyst adds a main category with a subcategory, edits it inline, in Japanese too', async () => {
    const analyst = await createUser(j.tp, { role: Role.ANALYST });
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/analyst/infringement-category`);
    const mains = page.getByTestId('table-categories');
    await mains.waitFor();

    await add(page, mains, { name: '商標権', name_en: 'Trademark', code: 'TM' });
    await page.getByTestId('editable-confirm').click();
    await closed(page);
    await eventually(() => mains.innerText()).toContain('Trademark');

    const subs = page.getByTestId('table-subcategories');
    await add(page, subs, { name: '模倣品', name_en: 'Counterfeit', code: 'TM-01' });
    await page.getByTestId('field-commonCategory').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'counterfeit' }).first().click();
    await page.getByTestId('editable-confirm').click();
    await closed(page);
    await eventually(() => subs.innerText()).toContain('Counterfeit');

    const db = j.tp.portal.services.db;
    const sub = await db.selectFrom('infringement_subcategory').selectAll().where('code', '=', 'TM-01').executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ name: '模倣品', name_en: 'Counterfeit', common_category: 3 });

    await subs.getByTestId(`row-edit-${sub.id}`).click();
    await subs.getByTestId('field-name_en').fill('Counterfeit goods');
    await subs.getByTestId(`row-save-${sub.id}`).click();
    await eventually(async () => (await db.selectFrom('infringement_subcategory').select('name_en').where('id', '=', sub.id).executeTakeFirstOrThrow()).name_en).toBe('Counterfeit goods');
    await j.screenshot(page, 'categories-en');

    await page.getByTestId('lang-ja').click();
    await eventually(() => page.locator('body').innerText()).toContain('大分類');
    expect(await subs.innerText()).toContain('商標権侵害（模倣品）');
    await j.screenshot(page, 'categories-ja');
    await page.context().close();
  });

  it('an administrator adds a test purchase for a client, then changes its count inline', async () => {
    await createClient(j.tp, 'Yuzu Drinks');
    const admin = await createUser(j.tp, { role: Role.ADMIN });
    const page = await j.newPage('ja-JP');
    await signIn(j, page, admin.mail, admin.password);
    await page.goto(`${j.baseUrl}/test-purchase`);
    const table = page.getByTestId('table-test-purchases');
    await table.waitFor();
    await add(page, table, { site: 'Tmall', count: '4' });
    for (const [field, option] of [['client', 'Yuzu Drinks'], ['region', '中華人民共和国']] as const) {
      await page.getByTestId(`field-${field}`).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
    }
    await page.getByTestId('editable-confirm').click();
    await closed(page);
    const db = j.tp.portal.services.db;
    const row = await db.selectFrom('test_purchase').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ region: 'CN', site: 'Tmall', count: 4 });
    await eventually(() => table.innerText()).toContain('Yuzu Drinks');

    await table.getByTestId(`row-edit-${row.id}`).click();
    await table.getByTestId('field-count').fill('6');
    await table.getByTestId(`row-save-${row.id}`).click();
    await eventually(async () => (await db.selectFrom('test_purchase').select('count').where('id', '=', row.id).executeTakeFirstOrThrow()).count).toBe(6);
    await j.screenshot(page, 'test-purchases-ja');
    await page.context().close();
  });
});
