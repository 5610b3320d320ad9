import { Role } from '@portal/contract';
import { createClient, createUser, manage } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSignals } from '../packages/server/src/areas/triage-signals/queue.js';
import { eventually, pick, screenshotWidths, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
let clientId: number;
let bigClientId: number;
let bigAnalyst: Awaited<ReturnType<typeof createUser>>;
let analyst: { mail: string; password: string };
let client: { mail: string; password: string };

/**
 * Issue 19, point 5: a network of three sellers (a name written two ways, a shared phone), three takedowns among them,
 * drawn on the Seller Networks page with the reasons on its links and flagged in the EC list, in both languages.
 */
beforeAll(async () => {
  j = await startJourney();
  const db = j.tp.portal.services.db;
  const now = j.tp.clock.now;
  clientId = await createClient(j.tp, 'Journey Networks');
  const manager = await createUser(j.tp, { role: Role.ANALYST });
  await manage(j.tp, manager, clientId);
  analyst = manager;
  client = await createUser(j.tp, { role: Role.CLIENT, clientId, locale: 'ja' });
  const { report_id } = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'scan', upload_date: now, send_date: now }).returning('report_id').executeTakeFirstOrThrow();
  let n = 0;
  const row = (site: string, seller: string, extra: Record<string, unknown> = {}) => {
    n += 1;
    return {
      client_id: clientId, report_id, ec_site: site, ec_scan_date: '2026-01-10', ec_product_title: `Sakura serum ${n}`, ec_product_url: `https://shop.example/${n}`,
      url_key: `shop.example/${n}`, ec_product_seller: seller, ec_process1_result: 2, ec_process1_date: '2026-01-20', published: true, updated_at: now, ...extra,
    };
  };
  await db
    .insertInto('ec_record')
    .values([row('Amazon', 'Sakura Beauty Co., Ltd.'), row('Rakuten', 'ＳＡＫＵＲＡ　ＢＥＡＵＴＹ（株）', { ec_seller_phone: '+81 3-1234-5678' }), row('Qoo10', 'Osaka Bargains', { ec_seller_phone: '03-1234-5678' }), row('eBay', 'Lonely Shop')])
    .execute();
  await computeSignals(db, clientId, now);

  // A larger network of another client: ten sellers on ten marketplaces sharing one phone number.
  bigClientId = await createClient(j.tp, 'Journey Big Network');
  bigAnalyst = await createUser(j.tp, { role: Role.ANALYST });
  await manage(j.tp, bigAnalyst, bigClientId);
  const big = await db.insertInto('ec_report').values({ client_id: bigClientId, report_name: 'scan', upload_date: now, send_date: now }).returning('report_id').executeTakeFirstOrThrow();
  const sites = ['Amazon', 'Rakuten', 'Qoo10', 'eBay', 'Mercari', 'Yahoo! Shopping', 'AliExpress', 'Shopee', 'Lazada', 'Coupang'];
  await db
    .insertInto('ec_record')
    .values(
      sites.flatMap((site, i) =>
        Array.from({ length: 1 + (i % 4) * 3 }, () => ({
          ...row(site, `Sakura Outlet Store Number ${i + 1}`, { ec_seller_phone: '+81 6-5555-0000' }),
          client_id: bigClientId,
          report_id: big.report_id,
        })),
      ),
    )
    .execute();
  await computeSignals(db, bigClientId, now);
});
afterAll(async () => {
  await j?.close();
});

describe('seller networks', () => {
  it('draws the network with its reasons and flags its sellers in the EC list', async () => {
    const page = await j.newPage();
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/seller-networks`);
    await pick(page, 'network-client', 'Journey Networks');
    const card = page.getByTestId('network-1');
    await eventually(() => card.innerText()).toContain('Repeat offender');
    const text = await card.innerText();
    expect(text).toContain('same name');
    expect(text).toContain('same phone');
    expect(text).not.toContain('Lonely Shop');
    expect(await card.locator('canvas').count()).toBeGreaterThan(0);
    await j.screenshot(page, 'seller-networks-en');
    // The same network is drawn the same way on every load.
    const drawing = () => card.locator('canvas').first().evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await page.waitForTimeout(1500);
    const first = await drawing();
    await page.reload();
    await pick(page, 'network-client', 'Journey Networks');
    await eventually(() => card.innerText()).toContain('Repeat offender');
    await page.waitForTimeout(1500);
    expect(await drawing()).toBe(first);
    await screenshotWidths(j, page, 'seller-networks-en');


    await page.goto(`${j.baseUrl}/ec-list?clientId=${clientId}`);
    await eventually(() => page.getByTestId('repeat-offender-badge').count()).toBe(3);
  });

  it('draws a network of ten sellers on a circle, the larger ones named', async () => {
    const page = await j.newPage();
    await signIn(j, page, bigAnalyst.mail, bigAnalyst.password);
    await page.goto(`${j.baseUrl}/seller-networks`);
    await pick(page, 'network-client', 'Journey Big Network');
    await eventually(() => page.locator('[data-testid^="network-"] canvas').count()).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    await screenshotWidths(j, page, 'seller-networks-big-en');
  });

  it("shows the client's own networks in Japanese", async () => {
    const page = await j.newPage('ja-JP');
    await signIn(j, page, client.mail, client.password);
    await page.goto(`${j.baseUrl}/seller-networks`);
    await eventually(() => page.getByTestId('network-1').innerText()).toContain('常習違反者');
    expect(await page.getByTestId('network-1').innerText()).toContain('電話番号が同じ');
    await j.screenshot(page, 'seller-networks-ja');
    await screenshotWidths(j, page, 'seller-networks-ja');
  });
});
