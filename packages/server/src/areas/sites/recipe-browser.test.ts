import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { startScriptMarket, type ScriptMarket } from '../crawler-tasks/fixture-script-market.js';

/** Teaching a site read in a browser: the analyst marks the page as its scripts leave it, as the crawler reads it. */

let market: ScriptMarket;
let tp: TestPortal;
let analyst: TestUser;
let siteId: number;

beforeAll(async () => {
  market = await startScriptMarket();
  tp = await startTestPortal({ crawlerAllowOrigins: [market.origin] });
  analyst = await createUser(tp, { role: Role.ANALYST });
  const { id } = await tp.portal.services.db
    .insertInto('ec_site')
    .values({ name: 'Script Shop', url: market.origin, region: 'JP', category_id: null, has_crawler: true, crawl_recipe: null, max_concurrency: 2, fetch_with_browser: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  siteId = id;
}, 60_000);
afterAll(async () => {
  await tp?.close();
  await market?.close();
});

const post = async (path: string, body: unknown) => (await tp.post(path, body, { token: analyst.token })).body;

describe('teaching a site whose listings are built by script', () => {
  it('shows the rendered page, learns from it, and reads a second rendered page the same way', async () => {
    const opened = await post('/api/analyst/ec-site/fetch-page', { siteId, url: `${market.origin}/shop/item/1-1` });
    expect(opened.code, opened.message).toBe(0);
    const { html } = (opened.data as { page: { html: string } }).page;
    // What the script wrote is there; the script itself is not.
    expect(html).toContain('Scripted bag 1-1');
    expect(html).not.toMatch(/<script/i);
    const learnt = await post('/api/analyst/ec-site/get-learnt-recipe', {
      siteId,
      url: `${market.origin}/shop/item/1-1`,
      marks: { title: { text: 'Scripted bag 1-1' }, price: { text: '¥12,800' }, seller: { text: 'Script shop 1-1' } },
    });
    expect(learnt.code, learnt.message).toBe(0);
    const { recipe, extracted } = learnt.data as { recipe: { fields: Record<string, string> }; extracted: Record<string, string> };
    expect(extracted).toMatchObject({ title: 'Scripted bag 1-1', seller: 'Script shop 1-1' });
    const tried = await post('/api/analyst/ec-site/get-recipe-reading', { siteId, url: `${market.origin}/shop/item/2-3`, recipe });
    expect(tried.code, tried.message).toBe(0);
    expect(JSON.stringify(tried.data)).toContain('Scripted bag 2-3');
    expect(JSON.stringify(tried.data)).toContain('Script shop 2-3');
  }, 90_000);
});
