import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role } from '@portal/contract';
import { createUser } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startJourney, toast, type Journey } from './harness.js';

/** A shop's product pages of one template, with classes a build tool made up and no structured data. */
const item = (n: number, title: string, price: string, seller: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>
<script>document.title = 'scripted'</script><style>.buy-box { color: #c00 }</style></head>
<body><header class="css-1q2w3e"><a href="/">ホーム</a></header><main class="sc-kHsGtQ"><div class="detail">
<div class="css-0a9s8d"><span class="css-4r5t6y">${title}</span></div>
<div class="buy-box"><span class="css-p0o9i8">${price}</span><button onclick="buy()">カートに入れる</button></div>
<p class="css-l1k2j3">販売元 <a class="css-m4n5b6" href="/shop/${n}">${seller}</a></p></div>
<aside class="related"><span class="css-p0o9i8">¥99</span></aside></main></body></html>`;

let j: Journey;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/item/1') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(item(1, '本革トートバッグ 東京', '¥8,500', 'さくら商店'));
    if (req.url === '/item/2') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(item(2, '帆布リュック 大阪', '¥3,200', 'うみ雑貨'));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  j = await startJourney({ crawlerAllowOrigins: [origin] });
});
afterAll(async () => {
  await j?.close();
  server?.closeAllConnections();
  server?.close();
});

/** Chooses the field to mark, then clicks its element in the shown page. */
async function mark(page: Page, field: string, inPage: string): Promise<void> {
  await page.getByTestId('recipe-card').locator('.ant-radio-button-wrapper').filter({ hasText: new RegExp(`^${field}$`) }).click();
  await page.frameLocator('[data-testid="recipe-frame"]').locator(inPage).click();
}

describe('teaching the crawler a site by example, in Japanese', () => {
  it('an analyst marks title, price and seller on one page, tries the selectors on a second and saves them', async () => {
    const analyst = await createUser(j.tp, { role: Role.ANALYST, locale: 'ja', name: '例 教子' });
    const { id } = await j.tp.portal.services.db.insertInto('ec_site').values({ name: 'テンプレ商店', url: origin, region: 'JP', category_id: null, has_crawler: true, crawl_recipe: JSON.stringify({ resultLink: 'a.hit' }), max_concurrency: 2 }).returning('id').executeTakeFirstOrThrow();
    const page = await j.newPage('ja-JP');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/analyst/ec-site/detail/${id}`);
    await eventually(() => page.getByTestId('recipe-card').innerText()).toContain('例から読み方を教える');

    // A page off the site is refused in Japanese.
    await page.getByTestId('recipe-url').fill('https://shop.example.org/item/1');
    await page.getByTestId('recipe-open').click();
    await eventually(() => page.getByTestId('recipe-error').innerText()).toContain('このサイト');

    await page.getByTestId('recipe-url').fill(`${origin}/item/1`);
    await page.getByTestId('recipe-open').click();
    const frame = page.frameLocator('[data-testid="recipe-frame"]');
    await eventually(() => frame.locator('body').innerText()).toContain('本革トートバッグ 東京');
    await mark(page, 'タイトル', 'span.css-4r5t6y');
    await mark(page, '価格', '.buy-box span');
    await mark(page, '販売者', 'a.css-m4n5b6');
    await eventually(() => page.getByTestId('recipe-mark-title').innerText()).toBe('本革トートバッグ 東京');
    await eventually(() => page.getByTestId('recipe-mark-seller').innerText()).toBe('さくら商店');
    // Clicking the seller's link marked it and went nowhere.
    await eventually(() => frame.locator('body').innerText()).toContain('本革トートバッグ 東京');

    await page.getByTestId('recipe-propose').click();
    await eventually(() => page.getByTestId('recipe-result-title').innerText()).toContain('本革トートバッグ 東京');
    await eventually(() => page.getByTestId('recipe-result-price').innerText()).toContain('¥8,500');
    await eventually(() => page.getByTestId('recipe-result-seller').innerText()).toContain('さくら商店');
    expect(await page.getByTestId('recipe-result').innerText()).not.toMatch(/css-|sc-/);

    await page.getByTestId('recipe-try-url').fill(`${origin}/item/2`);
    await page.getByTestId('recipe-try').click();
    await eventually(() => page.getByTestId('recipe-tried-title').innerText()).toContain('帆布リュック 大阪');
    await eventually(() => page.getByTestId('recipe-tried-price').innerText()).toContain('¥3,200');
    await eventually(() => page.getByTestId('recipe-tried-seller').innerText()).toContain('うみ雑貨');
    await j.screenshot(page, 'recipe-teaching-tried');

    await page.getByTestId('recipe-save').click();
    await eventually(() => toast(page)).toContain('サイトのレシピとして保存しました。');
    await eventually(() => page.getByTestId('site-recipe').innerText()).toContain('タイトル');
    const saved = await j.tp.portal.services.db.selectFrom('ec_site').select('crawl_recipe').where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved.crawl_recipe).toMatchObject({ resultLink: 'a.hit', fields: { title: expect.any(String), price: expect.any(String), seller: expect.any(String) } });
    const shown = await page.getByTestId('site-recipe').innerText();
    for (const selector of Object.values(saved.crawl_recipe!.fields!)) expect(shown).toContain(selector);
  });
});
