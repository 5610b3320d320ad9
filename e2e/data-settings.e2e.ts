import { Role, type Brand } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startJourney, eventually, pick, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

const text = (locator: Locator) => locator.innerText();

/** Opens a table's add modal, fills text fields by dataIndex and confirms. */
async function addRow(page: Page, table: Locator, fields: Record<string, string>): Promise<void> {
  await table.getByTestId('editable-add').click();
  await page.getByTestId('editable-confirm').waitFor();
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`field-${name}`).fill(value);
  await page.getByTestId('editable-confirm').click();
}


/** The modal closed (destroyed on close), so the call succeeded. */
async function modalClosed(page: Page): Promise<void> {
  await eventually(() => page.getByTestId('editable-confirm').count()).toBe(0);
}

describe("a client's data settings in the browser", () => {
  it('an analyst in charge keeps brands, keywords, models, the blacklist and custom columns through the editable tables', async () => {
    const clientId = await createClient(j.tp, 'Kaede Trading');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Kaede Analyst' });
    const db = j.tp.portal.services.db;
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();

    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/manage/client/${clientId}`);
    await page.getByRole('tab', { name: 'Data settings' }).click();
    // EC master info opens first, on its brand tab.
    const brands = page.getByTestId('table-brands');
    await brands.waitFor();

    // 1. A brand. Without a name the contract's message shows in the modal and nothing is sent.
    await brands.getByTestId('editable-add').click();
    await page.getByTestId('field-brand_name').waitFor();
    await page.getByTestId('editable-confirm').click();
    await eventually(() => text(page.locator('.ant-modal'))).toContain('Please input the brand name.');
    await page.getByTestId('field-brand_name').fill('Kaede');
    await page.getByTestId('editable-confirm').click();
    await modalClosed(page);
    await eventually(() => text(brands)).toContain('Kaede');
    const brand = await db.selectFrom('brand').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();

    // 2. A keyword and a model of it (the only brand is the chosen one).
    const detail = page.getByTestId('brand-detail');
    await eventually(() => text(detail)).toContain('Brand: Kaede');
    const keywords = page.getByTestId('table-keywords');
    await addRow(page, keywords, { keyword_name: 'kaede leaf' });
    await modalClosed(page);
    await eventually(() => text(keywords)).toContain('kaede leaf');
    await detail.getByRole('tab', { name: /Models/ }).click();
    const models = page.getByTestId('table-models');
    await addRow(page, models, { model_name: 'KD-200', model_price: '49.5' });
    await modalClosed(page);
    await eventually(() => text(models)).toContain('$49.50');

    // 3. The brand renamed in place.
    await brands.getByTestId(`row-edit-${brand.brand_id}`).click();
    await brands.getByTestId('field-brand_name').fill('Kaede Premium');
    await brands.getByTestId(`row-save-${brand.brand_id}`).click();
    await eventually(() => text(brands)).toContain('Kaede Premium');
    await eventually(() => brands.getByTestId(`row-save-${brand.brand_id}`).count()).toBe(0);

    // 4. The keyword deleted, after the confirmation.
    const keyword = await db.selectFrom('brand_keyword').selectAll().where('brand_id', '=', brand.brand_id).executeTakeFirstOrThrow();
    await detail.getByRole('tab', { name: /Keywords/ }).click();
    await keywords.getByTestId(`row-delete-${keyword.keyword_id}`).click();
    await page.locator('.ant-popover:visible').getByTestId('editable-delete-ok').click();
    await eventually(() => keywords.getByTestId(`row-delete-${keyword.keyword_id}`).count()).toBe(0);
    await j.screenshot(page, 'data-settings-brands-en');

    // 5. A blacklist URL: a malformed one is refused with the contract's message first.
    await page.getByRole('tab', { name: 'Blacklist' }).click();
    const blacklist = page.getByTestId('table-blacklist');
    await addRow(page, blacklist, { url: 'not a url', seller: 'Fake Kaede Store' });
    await eventually(() => text(page.locator('.ant-modal'))).toContain('Please enter a URL starting with http:// or https://.');
    await page.getByTestId('field-url').fill('https://shop.example/fake-kaede');
    await page.getByTestId('editable-confirm').click();
    await modalClosed(page);
    await eventually(() => text(blacklist)).toContain('https://shop.example/fake-kaede');

    // 6. A custom column after the seller URL.
    await page.getByRole('tab', { name: 'Additional items' }).click();
    const columns = page.getByTestId('table-columns');
    await columns.getByTestId('editable-add').click();
    await page.getByTestId('field-column_name').fill('Risk level');
    await pick(page, 'field-column_category', 'Categorize info');
    await pick(page, 'field-column_position', 'Seller URL', 'Seller URL');
    await page.getByTestId('field-column_order').fill('2');
    await page.getByTestId('editable-confirm').click();
    await modalClosed(page);
    await eventually(() => text(columns)).toContain('Risk level');
    expect(await text(columns)).toContain('Seller URL');
    await j.screenshot(page, 'data-settings-columns-en');

    // What the server now holds.
    const answer = await j.tp.post('/api/analyst/fetch-brands', { clientId }, { token: analyst.token });
    const held = (answer.body.data as { brands: Brand[] }).brands;
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ brand_id: brand.brand_id, brand_name: 'Kaede Premium', keywords: [], models: [{ model_name: 'KD-200', model_price: 49.5 }] });
    const urls = await db.selectFrom('special_url').selectAll().where('client_id', '=', clientId).execute();
    expect(urls).toEqual([expect.objectContaining({ type: 2, url: 'https://shop.example/fake-kaede', seller: 'Fake Kaede Store' })]);
    const custom = await db.selectFrom('custom_column').selectAll().where('client_id', '=', clientId).execute();
    expect(custom).toEqual([
      expect.objectContaining({ column_name: 'Risk level', column_category: 2, column_position: 'ec_product_seller_url', column_order: 2 }),
    ]);

    // 7. In Japanese: the trademark country grid and the impact settings.
    await page.getByTestId('lang-ja').click();
    await page.getByRole('tab', { name: '商標登録国・地域' }).click();
    const grid = page.getByTestId('trademark-countries');
    await eventually(() => text(grid)).toContain('ヨーロッパ');
    await grid.getByTestId('country-JP').check();
    await grid.getByTestId('country-FR').check();
    await page.getByTestId('trademark-save').click();
    await eventually(() => text(page.locator('.ant-message'))).toContain('商標登録国・地域を更新しました。');
    const regions = await j.tp.post('/api/analyst/get-trademark-countries', { clientId }, { token: analyst.token });
    expect(regions.body.data).toEqual({ regions: { regions: expect.any(String) } });
    expect(((regions.body.data as { regions: { regions: string } }).regions.regions.split(',')).sort()).toEqual(['FR', 'JP']);
    await j.screenshot(page, 'data-settings-trademark-ja');

    await page.getByRole('tab', { name: 'その他' }).click();
    await page.getByTestId('impact-price-type-2').check();
    await page.getByTestId('impact-price').fill('30');
    await page.getByTestId('impact-percent').fill('40');
    await page.getByTestId('impact-save').click();
    await eventually(() => text(page.locator('.ant-message'))).toContain('更新しました');
    expect(await text(page.getByTestId('impact-formula'))).toContain('A × B');
    await j.screenshot(page, 'data-settings-impact-ja');
    const impact = await j.tp.post('/api/analyst/get-impact-settings', { clientId }, { token: analyst.token });
    expect(impact.body.data).toMatchObject({ settings: { priceType: 2, price: 30, radio: 40 } });
    await page.context().close();
  });
});
