import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import { HEADER_EN, listing, xlsxOf } from '../packages/server/src/kinds/ec/report-fixtures.js';
import { insertRecords, insertReport, insertSubcategory } from '../packages/server/src/kinds/ec/fixtures.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startJourney, typeDate, eventually, toast, pick, scrollRight, type Journey } from './harness.js';

let j: Journey;
let dir: string;
beforeAll(async () => {
  j = await startJourney();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-records-e2e-'));
});
afterAll(async () => {
  await j?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Ticks a row's selection checkbox (the test id is on the cell's wrapper). */
async function tick(page: Page, recordId: number): Promise<void> {
  await page.getByTestId(`ec-row-select-${recordId}`).locator('input[type=checkbox]').check();
}

describe('marketplace records in the browser', () => {
  it('an analyst uploads a report, posts it, finds and categorizes a record with two report rounds and a result; the client user responds and batch-updates', async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Sakura Cosmetics');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ren Analyst' });
    const clientUser = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko Client' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const { id: mainId } = await db.insertInto('infringement_category').values({ name: '商標', name_en: 'Trademark', code: 'TM' }).returning('id').executeTakeFirstOrThrow();
    const { id: subId } = await db
      .insertInto('infringement_subcategory')
      .values({ category_id: mainId, name: '模倣品', name_en: 'Counterfeit goods', code: 'TM-01', common_category: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { brand_id } = await db.insertInto('brand').values({ client_id: clientId, brand_name: 'Sakura Glow' }).returning('brand_id').executeTakeFirstOrThrow();
    await db.insertInto('brand_keyword').values({ client_id: clientId, brand_id, keyword_name: 'sakura' }).execute();

    // A real spreadsheet of four scraped listings; one has a title the keyword search will find.
    const file = path.join(dir, 'october-scan.xlsx');
    const rows = [listing(1), listing(2, { title: 'Moonlit serum by Sakura Glow', seller: 'Night Shop' }), listing(3, { title: 'Plain cream 50ml' }), listing(4)];
    fs.writeFileSync(file, await xlsxOf(HEADER_EN, rows));

    // 1. The analyst uploads it on the client detail's EC report tab.
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/manage/client/${clientId}`);
    await page.getByRole('tab', { name: 'Data settings' }).click();
    await page.getByRole('tab', { name: 'EC report', exact: true }).click();
    await page.getByTestId('ec-report-panel').waitFor();
    await page.getByTestId('ec-upload-new').locator('input[type=file]').setInputFiles(file);
    await eventually(() => page.getByTestId('ec-upload-file').getAttribute('data-status')).toBe('done');
    await eventually(() => toast(page)).toContain('Uploaded october-scan.xlsx: 4 records.');
    const report = await db.selectFrom('ec_report').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ report_name: 'october-scan' });
    const reportRow = page.getByTestId(`ec-report-row-${report.report_id}`);
    await eventually(() => reportRow.innerText()).toContain('october-scan');
    // ID, name, date, then the counts: 4 scraped, 0 repeats, 0 categorized, 4 uncategorized, 3 need check (the brand
    // keyword is in three titles).
    const cells = await reportRow.locator('td').allInnerTexts();
    expect(cells.slice(3, 8)).toEqual(['4', '0', '0', '4', '3']);
    const records = await db.selectFrom('ec_record').select(['ec_id', 'ec_product_title', 'ec_brand_hint_word', 'published']).where('report_id', '=', report.report_id).orderBy('ec_id').execute();
    expect(records).toHaveLength(4);
    expect(records.every((r) => !r.published)).toBe(true);
    expect(records.filter((r) => r.ec_brand_hint_word.includes("'sakura'")).map((r) => r.ec_product_title)).not.toContain('Plain cream 50ml');
    const moonlit = records.find((r) => r.ec_product_title.startsWith('Moonlit'))!.ec_id;
    const other = records.find((r) => r.ec_product_title === 'Plain cream 50ml')!.ec_id;

    // 2. Posted with its uncategorized records: the client's users are told (notice type 3).
    await page.getByTestId(`ec-report-post-${report.report_id}`).click();
    await page.getByTestId('ec-report-post-uncategorized').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await eventually(() => toast(page)).toContain('Report october-scan posted: 4 records.');
    await eventually(async () => (await db.selectFrom('ec_record').select('ec_id').where('report_id', '=', report.report_id).where('published', '=', true).execute()).length).toBe(4);
    expect(await db.selectFrom('notice').select(['type', 'target']).where('user_id', '=', clientUser.userId).where('type', '=', 3).execute()).toHaveLength(1);

    // 3. The record list for that client: choose it, then a keyword search finds the one listing.
    await page.goto(`${j.baseUrl}/ec-list`);
    await pick(page, 'ec-list-client', 'Sakura Cosmetics', 'Sakura');
    await page.getByTestId(`ec-row-${other}`).waitFor();
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 4');
    await page.getByTestId('search-keyword').fill('moonlit');
    await page.getByTestId('search-find').click();
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('Total: 1');
    await eventually(() => page.getByTestId(`ec-row-${other}`).count()).toBe(0);
    expect(await page.getByTestId(`ec-row-${moonlit}`).innerText()).toContain('Moonlit serum by Sakura Glow');
    expect(page.url()).toContain(`clientId=${clientId}`);
    await j.screenshot(page, 'ec-list-analyst-en');

    // 4. Its detail: categorized, two report rounds, the final result with its confirm date.
    await page.getByTestId(`ec-detail-${moonlit}`).click();
    await eventually(async () => page.url()).toContain(`/ec-data/${clientId}/${moonlit}`);
    await page.getByTestId('ec-detail-page').waitFor();
    // Rounds before the category: the browser refuses in the spec's order, nothing is sent.
    await typeDate(page, 'ec-field-process1Date', '2026-10-07');
    await page.getByTestId('ec-detail-save').click();
    await eventually(() => toast(page)).toContain('report submission date');
    await typeDate(page, 'ec-field-categorizeDate', '2026-10-05');
    await pick(page, 'ec-field-categoryId', 'Counterfeit goods', 'TM-01');
    await eventually(() => page.getByTestId('ec-section-categorized').innerText()).toContain('Trademark infringement (counterfeit)');
    await pick(page, 'ec-field-process1Result', 'In review');
    await page.getByTestId('ec-step-2').click();
    await typeDate(page, 'ec-field-process2Date', '2026-10-14');
    await pick(page, 'ec-field-process2Result', 'Takedown');
    await page.getByTestId('ec-step-4').click();
    await pick(page, 'ec-field-processResult', 'Takedown');
    await typeDate(page, 'ec-field-processConfirmDate', '2026-10-20');
    await page.getByTestId('ec-detail-save').click();
    await eventually(() => toast(page)).toContain('Update successful.');
    const categorized = await db.selectFrom('ec_record').selectAll().where('ec_id', '=', moonlit).executeTakeFirstOrThrow();
    expect(categorized).toMatchObject({
      ec_categorize_date: '2026-10-05',
      ec_category_id: subId,
      ec_category_common_type_id: 3,
      ec_process1_date: '2026-10-07',
      ec_process1_result: 1,
      ec_process2_date: '2026-10-14',
      ec_process2_result: 2,
      ec_process_result: 2,
      ec_process_confirm_date: '2026-10-20',
    });
    await eventually(() => page.getByTestId('ec-section-report').innerText()).toContain('Done');
    await j.screenshot(page, 'ec-detail-analyst-en');

    // 5. Back in the list (the same search), the history drawer shows the edit.
    await page.getByTestId('ec-detail-back').click();
    await page.getByTestId(`ec-row-${moonlit}`).waitFor();
    expect(await page.getByTestId('ec-list-total').innerText()).toBe('Total: 1');
    await page.getByTestId(`ec-history-${moonlit}`).click();
    const drawer = page.getByTestId('ec-history-drawer');
    await eventually(() => drawer.innerText()).toContain('Ren Analyst');
    const history = await drawer.innerText();
    for (const shown of ['Edit', '2026-10-05', 'Counterfeit goods', '2026-10-14', '2026-10-20']) expect(history).toContain(shown);
    await page.keyboard.press('Escape');
    await eventually(() => drawer.count()).toBe(0);

    // Japanese: the list and the detail.
    await page.getByTestId('lang-ja').click();
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toBe('合計：1件');
    await scrollRight(page, 'ec-table-body');
    await eventually(() => page.getByTestId(`ec-row-${moonlit}`).innerText()).toContain('削除完了');
    await j.screenshot(page, 'ec-list-analyst-ja');
    await page.getByTestId(`ec-detail-${moonlit}`).click();
    await page.getByTestId('ec-detail-page').waitFor();
    await eventually(() => page.getByTestId('ec-section-report').innerText()).toContain('1回目申立');
    await j.screenshot(page, 'ec-detail-analyst-ja');
    await page.context().close();

    // 6. The client user: their own records, no client selector; a response on one record.
    const client = await j.newPage('en-US');
    await signIn(j, client, clientUser.mail, clientUser.password);
    await client.goto(`${j.baseUrl}/ec-list`);
    await client.getByTestId(`ec-row-${moonlit}`).waitFor();
    await eventually(() => client.getByTestId('ec-list-total').innerText()).toBe('Total: 4');
    expect(await client.getByTestId('ec-list-client').count()).toBe(0);
    expect(await client.getByTestId(`ec-row-${moonlit}`).innerText()).toContain('Moonlit serum by Sakura Glow');
    await j.screenshot(client, 'ec-list-client-en');
    await client.getByTestId(`ec-detail-${moonlit}`).click();
    await client.getByTestId('ec-detail-page').waitFor();
    // The analyst's fields are read-only here.
    await expect.poll(() => client.getByTestId('ec-field-categorizeDate').isDisabled()).toBe(true);
    await pick(client, 'ec-field-action', 'Takedown');
    await client.getByTestId('ec-field-reason').fill('Counterfeit of our serum');
    await j.screenshot(client, 'ec-detail-client-en');
    await client.getByTestId('ec-detail-save').click();
    await eventually(() => toast(client)).toContain('Update successful.');
    await eventually(async () => (await db.selectFrom('ec_record').select(['ec_response_action', 'ec_response_reason']).where('ec_id', '=', moonlit).executeTakeFirstOrThrow())).toEqual({
      ec_response_action: 1,
      ec_response_reason: 'Counterfeit of our serum',
    });

    // 7. Back to the list: two records selected, the response action batch-updated.
    await client.getByTestId('ec-detail-back').click();
    await client.getByTestId(`ec-row-${other}`).waitFor();
    await tick(client, moonlit);
    await tick(client, other);
    await eventually(() => client.getByTestId('ec-list-selected').innerText()).toContain('2 selected');
    await pick(client, 'ec-batch-value', 'Pending');
    await client.getByTestId('ec-batch-submit').click();
    await eventually(() => client.getByTestId('ec-batch-confirm-text').innerText()).toBe(
      'Response action will be set to “Pending” on 2 records. You can undo this from the toolbar for 10 minutes.',
    );
    await client.getByTestId('ec-batch-confirm').click();
    await eventually(() => toast(client)).toContain('2 items updated');
    await eventually(() => client.getByTestId('ec-list-selected').count()).toBe(0);
    const actions = async () =>
      (await db.selectFrom('ec_record').select(['ec_id', 'ec_response_action']).where('ec_id', 'in', [moonlit, other]).execute()).map((r) => [Number(r.ec_id), r.ec_response_action]).sort((a, b) => Number(a[0]) - Number(b[0]));
    const both = (m: number | null, o: number | null) => [[moonlit, m], [other, o]].sort((a, b) => Number(a[0]) - Number(b[0]));
    await eventually(actions).toEqual(both(3, 3));
    // 7a. The client takes the batch back from the toolbar: each record returns to its own earlier action; then again.
    await client.getByTestId('ec-undo-batch').click();
    await client.getByTestId('ec-undo-confirm').click();
    await eventually(() => toast(client)).toContain('2 records set back');
    await eventually(actions).toEqual(both(1, null));
    // The undo reloads the list; the second batch starts from the reloaded rows, like the first one.
    await eventually(() => client.getByTestId('ec-list-selected').count()).toBe(0);
    await tick(client, moonlit);
    await tick(client, other);
    await eventually(() => client.getByTestId('ec-list-selected').innerText()).toContain('2 selected');
    await pick(client, 'ec-batch-value', 'Pending');
    await client.getByTestId('ec-batch-submit').click();
    await eventually(() => client.getByTestId('ec-batch-confirm-text').innerText()).toContain('on 2 records');
    await client.getByTestId('ec-batch-confirm').click();
    await eventually(() => toast(client)).toContain('2 items updated');
    await eventually(actions).toEqual(both(3, 3));
    await scrollRight(client, 'ec-table-body');
    await eventually(() => client.getByTestId(`ec-row-${other}`).innerText()).toContain('Pending');

    await client.getByTestId('lang-ja').click();
    await eventually(() => client.getByTestId(`ec-row-${other}`).innerText()).toContain('保留');
    await j.screenshot(client, 'ec-list-client-ja');
    await client.getByTestId(`ec-detail-${moonlit}`).click();
    await client.getByTestId('ec-detail-page').waitFor();
    await eventually(() => client.getByTestId('ec-section-response').innerText()).toContain('保留');
    await j.screenshot(client, 'ec-detail-client-ja');
    await client.context().close();

    // 7b. An analyst who does not manage the client reads the record, with the form and the save disabled.
    const outsider = await createUser(j.tp, { role: Role.ANALYST, name: 'Sora Outsider' });
    const reader = await j.newPage('en-US');
    await signIn(j, reader, outsider.mail, outsider.password);
    await reader.goto(`${j.baseUrl}/ec-data/${clientId}/${moonlit}`);
    await eventually(() => reader.getByTestId('ec-detail-read-only').innerText()).toContain('only its managers (and administrators) change them');
    expect(await reader.getByTestId('ec-detail-save').isDisabled()).toBe(true);
    expect(await reader.getByTestId('ec-detail-form').locator('input:not([disabled])').count()).toBe(0);
    // Opening the listing is reading: it stays open to them.
    expect(await reader.getByTestId('ec-open-tab').getAttribute('aria-disabled')).not.toBe('true');
    expect(await reader.getByTestId('ec-open-tab').getAttribute('href')).toMatch(/^https?:\/\//);
    await reader.context().close();

    // 8. The server: the action on both, a history row for every change, the client user notified.
    const after = await db.selectFrom('ec_record').select(['ec_id', 'ec_response_action']).where('ec_id', 'in', [moonlit, other]).orderBy('ec_id').execute();
    expect(after.map((r) => r.ec_response_action)).toEqual([3, 3]);
    const historyRows = await db.selectFrom('ec_record_history').select(['record_id', 'user_id', 'source', 'fields']).where('client_id', '=', clientId).orderBy('id').execute();
    expect(historyRows.filter((h) => h.record_id === moonlit).map((h) => [h.source, h.user_id])).toEqual([
      ['update', analyst.userId],
      ['update', clientUser.userId],
      ['batch-action', clientUser.userId],
      ['batch-undo', clientUser.userId],
      ['batch-action', clientUser.userId],
    ]);
    expect(historyRows.find((h) => h.record_id === moonlit && h.user_id === clientUser.userId && h.source === 'update')?.fields).toEqual({
      ec_response_action: 1,
      ec_response_reason: 'Counterfeit of our serum',
    });
    expect(historyRows.filter((h) => h.record_id === other).map((h) => [h.source, h.fields])).toEqual([
      ['batch-action', { ec_response_action: 3 }],
      ['batch-undo', { ec_response_action: null }],
      ['batch-action', { ec_response_action: 3 }],
    ]);
    const notices = await db.selectFrom('notice').select(['type', 'target']).where('user_id', '=', clientUser.userId).orderBy('id').execute();
    expect(notices.map((n) => n.type)).toContain(3);
    expect(notices).toContainEqual({ type: 1, target: `/ec-data/${clientId}/${moonlit}` });
    expect(notices).toContainEqual({ type: 2, target: `/ec-list?clientId=${clientId}` });
  });

  it('fits a 1280 x 800 laptop: no column under the fixed actions, the form in view beside the picture (the product page framed on demand), a refused save marks and focuses its field', async () => {
    const clientId = await createClient(j.tp, 'Laptop Co');
    const analyst = await createUser(j.tp, { role: Role.ANALYST });
    await j.tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const sub = await insertSubcategory(j.tp, 'LP-01', 3);
    const report = await insertReport(j.tp, clientId);
    const [recordId] = await insertRecords(j.tp, clientId, report, [{ ec_product_url: 'https://shop.example/item/1', ec_categorize_date: '2026-10-01', ec_category_id: sub, ec_category_common_type_id: 3 }]);
    const page = await j.newPage('en-US');
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(j, page, analyst.mail, analyst.password);
    // Issue 35: the list visit asks no thumbnail that can only answer 404, and logs no error in the console.
    const thumbnails: string[] = [];
    const errors: string[] = [];
    page.on('request', (req) => void (req.url().includes('/api/records/thumbnail') && thumbnails.push(req.url())));
    page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
    // The list scrolled to its end: the last column's header and cells end where the fixed actions begin.
    await page.goto(`${j.baseUrl}/ec-list?clientId=${clientId}`);
    await page.getByTestId(`ec-row-${recordId}`).waitFor();
    // No image URL, no capture, no screenshot: the picture cell shows its grey sign without asking (the list says so).
    await page.getByTestId(`ec-thumb-none-${recordId}`).waitFor();
    expect(thumbnails).toEqual([]);
    expect(errors).toEqual([]);
    await scrollRight(page, 'ec-table-body');
    const edges = async () =>
      page.evaluate((id) => {
        const right = (el: Element | null | undefined) => el?.getBoundingClientRect().right ?? NaN;
        const heads = [...document.querySelectorAll('.rec-table thead th')].filter((th) => !th.classList.contains('ant-table-cell-scrollbar'));
        const actionsHead = heads.at(-1)!.getBoundingClientRect().left;
        const cells = [...document.querySelectorAll(`[data-testid="ec-row-${id}"] .rec-cell-scroll`)];
        const actionsCell = document.querySelector(`[data-testid="ec-row-${id}"] .rec-fixed-right`)!.getBoundingClientRect().left;
        return { head: right(heads.at(-2)) - actionsHead, cell: Math.max(...cells.map(right)) - actionsCell };
      }, recordId);
    await eventually(async () => {
      const { head, cell } = await edges();
      return head <= 1 && cell <= 1;
    }).toBe(true);

    await page.goto(`${j.baseUrl}/ec-data/${clientId}/${recordId}`);
    await page.getByTestId('ec-section-categorized').waitFor();
    const form = await page.getByTestId('ec-field-categorizeDate').boundingBox();
    expect(form!.y + form!.height).toBeLessThan(800);
    // A workspace (issue 18): the picture card on the side, ending where the form begins, its top in view too.
    const picture = await page.getByTestId('ec-picture').boundingBox();
    expect(picture!.x + picture!.width).toBeLessThanOrEqual(form!.x);
    expect(picture!.y).toBeLessThan(400);
    expect(await page.getByTestId('ec-page-frame').count()).toBe(0);
    await page.getByTestId('ec-show-frame').click();
    await page.getByTestId('ec-page-frame').waitFor();

    // A report date without its result: the browser refuses, marks the result and brings it into view, focused.
    await typeDate(page, 'ec-field-process1Date', '2026-10-07');
    await page.getByTestId('ec-detail-save').click();
    await eventually(() => toast(page)).toContain('round 1');
    const result = page.locator('.ant-form-item', { has: page.getByTestId('ec-field-process1Result') });
    await eventually(() => result.getAttribute('class')).toContain('ant-form-item-has-error');
    await eventually(() => page.evaluate(() => document.activeElement?.closest('[data-testid="ec-field-process1Result"]') !== null)).toBe(true);
    await eventually(async () => {
      const box = await result.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 800;
    }).toBe(true);
    await j.screenshot(page, 'ec-detail-laptop-refused');
  });
});
