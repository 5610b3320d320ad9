import fs from 'node:fs';
import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, pick, signIn, startCaptureJourney, type Journey } from './harness.js';

/**
 * Takedown notices in the browser (issue 18): an analyst captures a listing this journey serves, composes an eBay
 * VeRO notice for three records from the list's selection, sees the one problem (a record names no trademark),
 * fixes it on the record, composes again, exports the notice and marks it sent, which fills the report date.
 */
const PAGE = Buffer.from('<!doctype html><html><body><h1>SAKURA GLOW serum 30ml</h1><p>US $19.99</p></body></html>');
let j: Journey;
let origin: string;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ j, origin, close } = await startCaptureJourney(PAGE));
});
afterAll(async () => {
  await close?.();
});

describe('takedown notices in the browser', () => {
  it('capture, compose a VeRO notice for three records, fix the one problem, export, mark sent', async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Sakura Cosmetics');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ren Analyst' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const { trademark_id } = await db.insertInto('trademark').values({ client_id: clientId, no: '6123456', region: 'US', type: '3', text: 'SAKURA GLOW', invalid_date: '2099-01-01', created_at: new Date(), updated_at: new Date() }).returning('trademark_id').executeTakeFirstOrThrow();
    const category = await db.insertInto('infringement_category').values({ name: '模倣品', name_en: 'Counterfeit' }).returning('id').executeTakeFirstOrThrow();
    const sub = await db.insertInto('infringement_subcategory').values({ category_id: category.id, name: '模倣品', name_en: 'Counterfeit goods', code: 'TK1', common_category: 1 }).returning('id').executeTakeFirstOrThrow();
    const report = (await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'November', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow()).report_id;
    const listing = (n: number, trademark: number | null) => ({
      client_id: clientId, report_id: report, ec_site: 'eBay', ec_product_title: `SAKURA GLOW serum ${n}`, ec_product_url: `${origin}/itm/12345678901${n}`, url_key: `127.0.0.1/itm/${n}`,
      ec_product_seller: `cheap-cosme-${n}`, ec_product_price: '19.99', ec_product_currency: 'USD', ec_product_region: 'US', ec_response_trademark: trademark,
      ec_categorize_date: '2026-11-01', ec_category_id: sub.id, published: true, updated_at: new Date(),
    });
    const ids = (await db.insertInto('ec_record').values([listing(1, trademark_id), listing(2, trademark_id), listing(3, null)]).returning('ec_id').execute()).map((r) => r.ec_id);
    // Neither captured nor naming a trademark: the Japanese analyst's selection below.
    const bare = (await db.insertInto('ec_record').values(listing(4, null)).returning('ec_id').executeTakeFirstOrThrow()).ec_id;
    const [captured, earlier, unmarked] = ids as [number, number, number];
    // The other two were captured before this journey.
    await db.insertInto('evidence_capture').values([earlier, unmarked].map((ec_id) => ({ client_id: clientId, kind: 'ec' as const, ec_id, url: origin, state: 'done' as const, final_url: origin, http_status: 200, sha256_png: 'a'.repeat(64), sha256_html: 'b'.repeat(64), requested_at: new Date(), captured_at: new Date() }))).execute();

    const page = await j.newPage();
    await signIn(j, page, analyst.mail, analyst.password);
    // 1. Capture the first listing from its record.
    await page.goto(`${j.baseUrl}/ec-data/${clientId}/${captured}`);
    await page.getByTestId('ec-capture-now').click();
    await eventually(() => page.getByTestId('capture-item').first().getAttribute('data-state')).toBe('done');

    // 2. The list: select the three, compose an eBay VeRO notice.
    await page.goto(`${j.baseUrl}/ec-list`);
    await pick(page, 'ec-list-client', 'Sakura Cosmetics', 'Sakura');
    for (const id of ids) await page.getByTestId(`ec-row-select-${id}`).locator('input[type=checkbox]').check();
    await page.getByTestId('ec-takedown').click();
    await page.getByTestId('takedown-drawer').waitFor();
    await eventually(() => page.getByTestId('takedown-summary').innerText()).toBe('1 notice(s), 1 problem(s)');
    const problem = page.getByTestId(`takedown-problem-${unmarked}`);
    expect(await problem.innerText()).toContain('No trademark is named in the response');
    expect(await page.getByTestId('takedown-body').innerText()).toContain('Notice of Claimed Infringement (NOII) - eBay VeRO Program');
    // eBay listings: eBay VeRO is proposed, nothing had to be chosen (issue 35).
    expect(await page.getByTestId('takedown-channel').innerText()).toContain('eBay VeRO');
    await page.getByTestId('takedown-proposed').waitFor();
    expect(await page.getByTestId('takedown-mark-sent').isDisabled()).toBe(true);
    await j.screenshot(page, 'takedown-problem-en');

    // 3. Fix it: the record opens in a tab of its own; name the trademark and save.
    const [fix] = await Promise.all([page.context().waitForEvent('page'), problem.getByRole('link').click()]);
    await fix.getByTestId('ec-detail-page').waitFor();
    await pick(fix, 'ec-field-trademarkId', '6123456');
    await fix.getByTestId('ec-detail-save').click();
    await eventually(async () => (await db.selectFrom('ec_record').select('ec_response_trademark').where('ec_id', '=', unmarked).executeTakeFirstOrThrow()).ec_response_trademark).toBe(trademark_id);
    await fix.close();

    // 4. Compose again: nothing left to fix. Export the notice and its listing table.
    await page.getByTestId('takedown-recompose').click();
    await eventually(() => page.getByTestId('takedown-summary').innerText()).toBe('1 notice(s), 0 problem(s)');
    const body = await page.getByTestId('takedown-body').innerText();
    for (const id of ['123456789011', '123456789012', '123456789013']) expect(body).toContain(`Item number: ${id}`);
    const [docx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('takedown-export-docx').click()]);
    expect(docx.suggestedFilename()).toMatch(/^takedown-ebay-vero-\d{4}-\d{2}-\d{2}\.docx$/);
    expect(fs.readFileSync((await docx.path())!).subarray(0, 2).toString()).toBe('PK');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('takedown-export-csv').click()]);
    expect(fs.readFileSync((await csv.path())!, 'utf8')).toContain('Item number,URL,Reason code');

    // 5. Mark sent: the confirmation names the count; the report date of round 1 is today on all three.
    await page.getByTestId('takedown-mark-sent').click();
    await eventually(() => page.locator('.ant-modal-confirm').innerText()).toContain('3 record(s)');
    await j.screenshot(page, 'takedown-mark-sent-en');
    await page.getByTestId('takedown-mark-sent-confirm').click();
    const today = new Date().toISOString().slice(0, 10);
    await eventually(async () => (await db.selectFrom('ec_record').select('ec_process1_date').where('ec_id', 'in', ids).execute()).map((r) => r.ec_process1_date)).toEqual([today, today, today]);
    await eventually(() => page.locator('.ant-message').innerText()).toContain('Marked sent: 3 record(s)');
    expect(await db.selectFrom('takedown_notice').select('channel').where('client_id', '=', clientId).execute()).toEqual([{ channel: 'ebay-vero' }]);
    // The record's detail shows the notice as it was sent.
    await page.goto(`${j.baseUrl}/ec-data/${clientId}/${captured}`);
    await eventually(() => page.getByTestId('ec-sent-notices').innerText()).toContain('eBay VeRO');

    // 6. In Japanese: a Mercari notice, and the problems in the analyst's language.
    const jaAnalyst = await createUser(j.tp, { role: Role.ANALYST, name: '佐藤 蓮', locale: 'ja' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: jaAnalyst.userId }).execute();
    const ja = await j.newPage('ja-JP');
    await signIn(j, ja, jaAnalyst.mail, jaAnalyst.password);
    await ja.goto(`${j.baseUrl}/ec-list`);
    await pick(ja, 'ec-list-client', 'Sakura Cosmetics', 'Sakura');
    await ja.getByTestId(`ec-row-select-${bare}`).locator('input[type=checkbox]').check();
    await ja.getByTestId('ec-takedown').click();
    await pick(ja, 'takedown-channel', 'メルカリ（日本語）');
    await eventually(() => ja.getByTestId('takedown-summary').innerText()).toBe('申請 1 通、問題 2 件');
    // Two problems of one record: the record is listed once, with both (issue 35).
    expect(await ja.getByTestId(`takedown-problem-${bare}`).count()).toBe(1);
    const problems = await ja.getByTestId('takedown-problems').innerText();
    expect(problems).toContain('対応欄に商標が指定されていません');
    expect(problems).toContain('証拠がありません');
    expect(await ja.getByTestId('takedown-body').innerText()).toContain('メルカリ ご担当者様');
    await j.screenshot(ja, 'takedown-problems-ja');
  });
});
