import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, Role, translate } from '@portal/contract';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { readProduct } from '../crawler-tasks/extract.js';

/**
 * A small shop's product pages, one template with different values: no structured data, generated classes beside
 * named ones, a related item that repeats the price's shape. `/item/1` is marked, `/item/2` is where the learnt
 * recipe is tried; `/script` carries what the shown copy must not; `/img` is not a page.
 */
const item = (n: number, title: string, price: string, seller: string) => `<!doctype html><html><head><title>Shop</title>
<script>window.tracking = 1</script><meta http-equiv="refresh" content="5;url=/away"><link rel="stylesheet" href="/s.css"></head>
<body><header class="css-1q2w3e"><a href="/">Home</a></header>
<main class="sc-kHsGtQ"><div class="product-${n}8812 detail">
  <div class="gallery"><img class="css-7h6g5f" src="/img/${n}.jpg" alt=""></div>
  <div class="css-0a9s8d"><span class="css-4r5t6y">${title}</span></div>
  <div class="buy-box"><span class="css-p0o9i8">${price}</span><button onclick="buy()">Buy</button></div>
  <p class="css-l1k2j3">Sold by <a class="css-m4n5b6" href="/shop/${n}">${seller}</a></p>
  <iframe src="https://ads.example/"></iframe>
</div>
<aside class="related"><span class="css-p0o9i8">¥99</span></aside>
<form action="https://evil.example/post"><input name="q"></form></main></body></html>`;

let server: http.Server;
let origin: string;
let tp: TestPortal;
let analyst: TestUser;
let siteId: number;
/** An allowed origin nothing listens on: a site that cannot be reached. */
let closedOrigin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/robots.txt') return res.end('User-agent: *\nDisallow: /private/\n');
    const send = (body: string, type = 'text/html; charset=utf-8') => res.writeHead(200, { 'content-type': type }).end(body);
    if (path === '/item/1') return send(item(1, 'Leather bag Tokyo', '¥8,500', 'Sakura Store'));
    if (path === '/item/2') return send(item(2, 'Canvas tote Osaka', '¥3,200', 'Umi Goods'));
    if (path === '/img') return send('\u0089PNG\r\n\u001a\n\u0000\u0000', 'image/png');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((r) => closed.close(r));
  tp = await startTestPortal({ crawlerAllowOrigins: [origin, closedOrigin] });
  analyst = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
  const { id } = await tp.portal.services.db.insertInto('ec_site').values({ name: 'Template Shop', url: origin, region: 'JP', category_id: null, has_crawler: true, crawl_recipe: JSON.stringify({ resultLink: 'a.hit' }), max_concurrency: 2 }).returning('id').executeTakeFirstOrThrow();
  siteId = id;
});
afterAll(async () => {
  await tp?.close();
  server?.closeAllConnections();
  server?.close();
});

const post = async (path: string, body: unknown, token = analyst.token) => (await tp.post(path, body, { token })).body;

describe('teaching a recipe by example', () => {
  it('the recipe learnt from one marked example applied to a second page', async () => {
    const opened = await post('/api/analyst/ec-site/fetch-page', { siteId, url: `${origin}/item/1` });
    expect(opened.code, opened.message).toBe(0);
    const { html } = (opened.data as { page: { url: string; html: string } }).page;
    // The shown copy is inert, with absolute addresses, and numbers every element.
    expect(html).not.toMatch(/<script|onclick|<iframe|http-equiv|evil\.example|<link/i);
    expect(html).toContain(`src="${origin}/img/1.jpg"`);
    const $ = cheerio.load(html);
    const node = (selector: string) => Number($(selector).attr('data-bpp-node'));

    // The analyst clicks the title, the price, the seller's link and the gallery, and types the seller's name.
    const marks = { title: { node: node('span.css-4r5t6y') }, price: { node: node('.buy-box span') }, seller: { text: 'Sakura Store' }, sellerUrl: { node: node('a.css-m4n5b6') }, imageUrl: { node: node('.gallery') } };
    const learnt = await post('/api/analyst/ec-site/get-learnt-recipe', { siteId, url: `${origin}/item/1`, marks });
    expect(learnt.code, learnt.message).toBe(0);
    const { recipe, extracted, problems } = learnt.data as { recipe: { fields: Record<string, string> }; extracted: Record<string, string>; problems: Record<string, string> };
    expect(problems).toEqual({});
    expect(extracted).toEqual({ title: 'Leather bag Tokyo', price: '¥8,500', seller: 'Sakura Store', sellerUrl: `${origin}/shop/1`, imageUrl: `${origin}/img/1.jpg` });
    // No generated class and no digit run (the item's number in `product-18812`) in what was learnt.
    for (const s of Object.values(recipe.fields)) expect(s).not.toMatch(/css-|sc-|\d{3,}/);
    expect(recipe.fields.imageUrl).toMatch(/@src$/);
    expect(recipe.fields.sellerUrl).toMatch(/@href$/);

    const tried = await post('/api/analyst/ec-site/get-recipe-reading', { siteId, url: `${origin}/item/2`, recipe });
    expect(tried.code, tried.message).toBe(0);
    expect(tried.data).toEqual({ url: `${origin}/item/2`, extracted: { title: 'Canvas tote Osaka', price: '¥3,200', seller: 'Umi Goods', sellerUrl: `${origin}/shop/2`, imageUrl: `${origin}/img/2.jpg` }, empty: [] });

    // Saved as the site's recipe (the existing result link kept), a crawl reads the second page the same way.
    const saved = await post('/api/analyst/update-ec-site', { siteId, crawlRecipe: { resultLink: 'a.hit', fields: recipe.fields } });
    expect(saved.code, saved.message).toBe(0);
    const row = await tp.portal.services.db.selectFrom('ec_site').select('crawl_recipe').where('id', '=', siteId).executeTakeFirstOrThrow();
    const crawl = readProduct(item(2, 'Canvas tote Osaka', '¥3,200', 'Umi Goods'), `${origin}/item/2`, row.crawl_recipe);
    for (const [f, v] of Object.entries((tried.data as { extracted: Record<string, string> }).extracted)) {
      expect(crawl.listing[f as keyof typeof crawl.listing]).toBe(v);
      expect(crawl.sources[f as keyof typeof crawl.sources]).toBe('recipe');
    }
  });

  it('a mark that names nothing comes back with its reason, and a recipe field that reads nothing is listed empty', async () => {
    const learnt = await post('/api/analyst/ec-site/get-learnt-recipe', { siteId, url: `${origin}/item/1`, marks: { title: { node: 999_999 }, brand: { text: 'No such words' }, imageUrl: { text: 'Sold by Sakura Store' } } });
    expect(learnt.data).toMatchObject({ recipe: { fields: {} }, problems: { title: 'recipe.markNotFound', brand: 'recipe.textNotFound', imageUrl: 'recipe.noImage' } });
    // A click on a page that changed since (the number names another element): found again by the text it showed.
    const moved = await post('/api/analyst/ec-site/get-learnt-recipe', { siteId, url: `${origin}/item/1`, marks: { title: { node: 0, shows: 'Leather bag Tokyo' }, seller: { node: 0, shows: 'Gone Shop' } } });
    expect(moved.data).toMatchObject({ extracted: { title: 'Leather bag Tokyo' }, problems: { seller: 'recipe.markNotFound' } });
    const tried = await post('/api/analyst/ec-site/get-recipe-reading', { siteId, url: `${origin}/item/2`, recipe: { fields: { title: 'h1.nothing', price: '.buy-box span' } } });
    expect(tried.data).toMatchObject({ extracted: { price: '¥3,200' }, empty: ['title'] });
  });

  it('refuses pages off the site, pages it cannot read, and anyone but an analyst, in the user\'s language', async () => {
    const foreign = await tp.post('/api/analyst/ec-site/fetch-page', { siteId, url: 'https://shop.example.org/item/1' }, { token: analyst.token });
    expect(foreign.body).toMatchObject({ code: ErrorCode.PAGE_NOT_OF_SITE, message: translate('ja', 'error.pageNotOfSite', { url: 'https://shop.example.org/item/1', host: new URL(origin).host }) });
    const en = await tp.post('/api/analyst/ec-site/fetch-page', { siteId, url: 'https://shop.example.org/' }, { token: analyst.token, locale: 'en' });
    expect(en.body.code).toBe(ErrorCode.PAGE_NOT_OF_SITE);

    const missing = await post('/api/analyst/ec-site/fetch-page', { siteId, url: `${origin}/gone` });
    expect(missing).toMatchObject({ code: ErrorCode.PAGE_UNREADABLE });
    expect(missing.message).toContain('サイトがページの取得を拒否しました');
    const robots = await post('/api/analyst/ec-site/fetch-page', { siteId, url: `${origin}/private/x` });
    expect(robots.code).toBe(ErrorCode.PAGE_UNREADABLE);
    const image = await post('/api/analyst/ec-site/fetch-page', { siteId, url: `${origin}/img` });
    expect(image).toMatchObject({ code: ErrorCode.PAGE_UNREADABLE, message: translate('ja', 'error.pageNotHtml') });

    // A site on another private address than the allowed fixture: the crawler's private-address rule.
    const { id: privateSite } = await tp.portal.services.db.insertInto('ec_site').values({ name: 'Intranet', url: 'http://10.0.0.1', region: 'JP', category_id: null, has_crawler: true }).returning('id').executeTakeFirstOrThrow();
    const privateAnswer = await post('/api/analyst/ec-site/fetch-page', { siteId: privateSite, url: 'http://10.0.0.1/item' });
    expect(privateAnswer).toMatchObject({ code: ErrorCode.PAGE_UNREADABLE, message: translate('ja', 'error.pagePrivate') });
    // Another port of the fixture's host is not the site's page, refused before any request.
    const otherPort = await post('/api/analyst/ec-site/fetch-page', { siteId, url: 'http://127.0.0.1:1/item' });
    expect(otherPort.code).toBe(ErrorCode.PAGE_NOT_OF_SITE);
    const { id: downSite } = await tp.portal.services.db.insertInto('ec_site').values({ name: 'Down Shop', url: closedOrigin, region: 'JP', category_id: null, has_crawler: true }).returning('id').executeTakeFirstOrThrow();
    const down = await post('/api/analyst/ec-site/fetch-page', { siteId: downSite, url: `${closedOrigin}/item` });
    expect(down.code).toBe(ErrorCode.PAGE_UNREADABLE);
    expect(down.message).toContain('ページを読めませんでした');

    const noMarks = await post('/api/analyst/ec-site/get-learnt-recipe', { siteId, url: `${origin}/item/1`, marks: {} });
    expect(noMarks.code).toBe(ErrorCode.BAD_REQUEST);
    const unknownSite = await post('/api/analyst/ec-site/get-recipe-reading', { siteId: 987_654, url: `${origin}/item/2`, recipe: {} });
    expect(unknownSite.code).toBe(ErrorCode.OBJECT_NOT_FOUND);

    const client = await createUser(tp, { role: Role.CLIENT });
    const refused = await tp.post('/api/analyst/ec-site/fetch-page', { siteId, url: `${origin}/item/1` }, { token: client.token });
    expect(refused.status).toBe(403);
  });
});
