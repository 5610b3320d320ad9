import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Role, SNS_RECORD_FIELDS } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import ExcelJS from 'exceljs';
import { xlsxOf, type Cell } from '../packages/server/src/kinds/ec/report-fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startJourney, typeDate, eventually, toast, pick, scrollRight, type Journey } from './harness.js';

let j: Journey;
let dir: string;
beforeAll(async () => {
  j = await startJourney();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sns-records-e2e-'));
});
afterAll(async () => {
  await j?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A field's key by a header label in either language (the template's header may be in the user's language). */
const FIELD_BY_LABEL = new Map<string, string>(SNS_RECORD_FIELDS.flatMap((f) => [[f.en.toLowerCase(), f.key], [f.ja, f.key]] as [string, string][]));

/** The screens as the spec draws them: 1440 x 900. */
const WIDE = { width: 1440, height: 900 };

/** Three posts found in a scan; the second is the outlet the journey follows (its account is on the black list). */
const POSTS: Record<string, Cell>[] = [
  {
    no: 1,
    platform: 'Instagram',
    scanDate: '2026-10-01',
    searchKeyword: 'hoshi apparel',
    accountName: 'Hoshi Apparel',
    accountId: 'hoshi_apparel',
    accountURL: 'https://www.instagram.com/hoshi_apparel/',
    followers: 98000,
    postURL: 'https://www.instagram.com/p/Cx01/',
    postText: 'Our autumn collection is here.',
    postedAt: '2026-09-30',
    region: 'JP',
  },
  {
    no: 2,
    platform: 'TikTok',
    scanDate: '2026-10-02',
    searchKeyword: 'hoshi jacket sale',
    accountName: 'hoshi outlet sale',
    accountId: 'hoshi_outlet',
    accountURL: 'https://www.tiktok.com/@hoshi_outlet',
    followers: 45200,
    postURL: 'https://www.tiktok.com/@hoshi_outlet/video/7301',
    postText: 'Hoshi jackets 80% off!\nOrder by DM only',
    postedAt: '2026-10-01',
    region: 'CN',
    imageURL: 'https://cdn.example/hoshi/7301.jpg',
  },
  {
    no: 3,
    platform: 3,
    scanDate: '2026-10-03',
    searchKeyword: 'hoshi',
    accountName: 'style picks',
    accountId: 'stylepicks',
    accountURL: 'https://x.com/stylepicks',
    postURL: 'https://x.com/stylepicks/status/1001',
    postText: 'Hoshi lookalike coats, link in bio',
    postedAt: '2026-10-02',
    region: 'US',
  },
];

/** Ticks a row's selection checkbox (the test id is on the cell's wrapper). */
async function tick(page: Page, recordId: number): Promise<void> {
  await page.getByTestId(`sns-row-select-${recordId}`).locator('input[type=checkbox]').check();
}

describe('social media records in the browser', () => {
  it('an analyst uploads an SNS report, posts it and categorizes a record with a first report round; the client user responds and batch-updates; the analyst removes the report', async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Hoshi Apparel');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Sora Analyst' });
    const clientUser = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Mei Client' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    // The client's black list names the outlet's account (an account name matches as a seller does).
    await db.insertInto('special_url').values({ client_id: clientId, type: 2, seller: 'hoshi outlet sale' }).execute();

    // The sheet is built on the SNS template's header, as an analyst fills it in.
    const template = await j.tp.get(`/api/sns-report/download-template?clientId=${clientId}`, { token: analyst.token });
    expect(template.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.bytes as unknown as ArrayBuffer);
    const header = ((book.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1).map((v) => String(v ?? '').trim());
    const keys = header.map((label) => FIELD_BY_LABEL.get(label.toLowerCase()) ?? FIELD_BY_LABEL.get(label));
    for (const needed of ['scanDate', 'platform', 'accountURL', 'postURL', 'postText']) expect(keys).toContain(needed);
    const file = path.join(dir, 'sns-scan-october.xlsx');
    fs.writeFileSync(file, await xlsxOf(header, POSTS.map((post) => keys.map((k) => (k === undefined ? null : (post[k] ?? null))))));

    // 1. The analyst uploads it on the client detail's SNS report tab, beside the EC and WS ones.
    const page = await j.newPage('en-US');
    await page.setViewportSize(WIDE);
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/manage/client/${clientId}`);
    await page.getByRole('tab', { name: 'Data settings' }).click();
    await page.getByRole('tab', { name: 'SNS report', exact: true }).click();
    await page.getByTestId('sns-report-panel').waitFor();
    await page.getByTestId('sns-upload-new').locator('input[type=file]').setInputFiles(file);
    await eventually(() => page.getByTestId('sns-upload-file').getAttribute('data-status')).toBe('done');
    await eventually(() => toast(page)).toContain('Uploaded sns-scan-october.xlsx: 3 records.');
    const report = await db.selectFrom('sns_report').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ report_name: 'sns-scan-october', send_date: null });
    const reportRow = page.getByTestId(`sns-report-row-${report.report_id}`);
    await eventually(() => reportRow.innerText()).toContain('sns-scan-october');
    // ID, name, upload date, then 3 records, 0 categorized, 3 uncategorized.
    expect((await reportRow.locator('td').allInnerTexts()).slice(3, 6)).toEqual(['3', '0', '3']);
    await j.screenshot(page, 'sns-report-tab-en');
    // The template and the report's download open the SNS addresses (GET, signed in by the session cookie).
    await page.evaluate(() => {
      window.open = (url) => {
        document.body.dataset.opened = `${document.body.dataset.opened ?? ''}${String(url)}\n`;
        return null;
      };
    });
    await page.getByTestId('sns-template').click();
    await page.getByTestId(`sns-report-download-${report.report_id}`).click();
    expect(await page.evaluate(() => document.body.dataset.opened)).toBe(
      `/api/sns-report/download-template?clientId=${clientId}\n/api/sns-report/download-report?clientId=${clientId}&reportId=${report.report_id}\n`,
    );
    const records = await db
      .selectFrom('sns_record')
      .select(['sns_id', 'platform', 'account_name', 'blacklist', 'published'])
      .where('report_id', '=', report.report_id)
      .orderBy('sns_id')
      .execute();
    expect(records.map((r) => [r.account_name, r.platform])).toEqual([
      ['Hoshi Apparel', 1],
      ['hoshi outlet sale', 4],
      ['style picks', 3],
    ]);
    expect(records.every((r) => !r.published)).toBe(true);
    const [official, outlet, lookalike] = records.map((r) => r.sns_id) as [number, number, number];
    // The upload matched the outlet's account against the black list, and nothing else.
    expect(records[1]!.blacklist).toContain('hoshi outlet sale');
    expect(records[0]!.blacklist).toBe('');

    // 2. Posting without the uncategorized records says that none is categorized and how to include them.
    await page.getByTestId(`sns-report-post-${report.report_id}`).click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await eventually(() => toast(page)).toContain('none of the 3 records waiting to be posted is categorized');
    expect(await toast(page)).toContain('tick "Include uncategorized records"');
    // Posted with its uncategorized records: published, the client's user told.
    await page.getByTestId(`sns-report-post-${report.report_id}`).click();
    await page.getByTestId('sns-report-post-uncategorized').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await eventually(() => toast(page)).toContain('Report sns-scan-october posted');
    await eventually(async () => (await db.selectFrom('sns_record').select('sns_id').where('report_id', '=', report.report_id).where('published', '=', true).execute()).length).toBe(3);
    await eventually(async () => (await db.selectFrom('notice').select('type').where('user_id', '=', clientUser.userId).where('type', '=', 3).execute()).length).toBe(1);

    // 3. The SNS list (its menu entry), for that client: a keyword (account name and id, post text) finds the outlet.
    // From the home page, where no submenu is open: opening Online Protection from the profile page folded Settings
    // (one submenu open at a time) while the entry was clicked, and the moving menu took the click to Profile.
    await page.goto(`${j.baseUrl}/`);
    await page.locator('.ant-menu').getByText('Online Protection', { exact: true }).click();
    const sns = page.locator('.ant-menu').getByText('SNS Monitoring', { exact: true });
    await sns.waitFor({ state: 'visible' });
    await sns.click();
    await eventually(async () => new URL(page.url()).pathname).toBe('/sns-list');
    await pick(page, 'sns-list-client', 'Hoshi Apparel', 'Hoshi');
    await page.getByTestId(`sns-row-${lookalike}`).waitFor();
    await eventually(() => page.getByTestId('sns-list-total').innerText()).toBe('Total: 3');
    expect(await page.getByTestId(`sns-row-${outlet}`).innerText()).toContain('TikTok');
    // The analyst's batch: the official account's post is the client's own.
    await tick(page, official);
    await pick(page, 'sns-batch-value', 'Official account');
    await page.getByTestId('sns-batch-submit').click();
    // Confirmed first, naming how many records get which value.
    await eventually(() => page.getByTestId('sns-batch-confirm-text').innerText()).toBe(
      'SNS category will be set to “Official account” on 1 records. You can undo this from the toolbar for 10 minutes.',
    );
    await page.getByTestId('sns-batch-confirm').click();
    await eventually(() => toast(page)).toContain('1 items updated');
    const categoryOfOfficial = async () => (await db.selectFrom('sns_record').select('category_id').where('sns_id', '=', official).executeTakeFirstOrThrow()).category_id;
    await eventually(categoryOfOfficial).toBe(1);
    // Taken back from the toolbar (the record as it was), then made again.
    await page.getByTestId('sns-undo-batch').click();
    await eventually(() => page.getByTestId('sns-undo-confirm-text').innerText()).toContain('1 records go back to the values they had before the batch update (SNS category: Official account)');
    await page.getByTestId('sns-undo-confirm').click();
    await eventually(() => toast(page)).toContain('1 records set back');
    await eventually(categoryOfOfficial).toBe(null);
    await eventually(() => page.getByTestId('sns-undo-batch').count()).toBe(0);
    // The list reloads after the undo and clears its selection: the tick is made again until it holds.
    await eventually(async () => {
      await tick(page, official);
      return page.getByTestId('sns-list-selected').innerText();
    }).toContain('1');
    await pick(page, 'sns-batch-value', 'Official account');
    await page.getByTestId('sns-batch-submit').click();
    await eventually(() => page.getByTestId('sns-batch-confirm-text').innerText()).toContain('on 1 records');
    await page.getByTestId('sns-batch-confirm').click();
    await eventually(categoryOfOfficial).toBe(1);
    await page.getByTestId('search-keyword').fill('outlet');
    await page.getByTestId('search-find').click();
    await eventually(() => page.getByTestId('sns-list-total').innerText()).toBe('Total: 1');
    await eventually(() => page.getByTestId(`sns-row-${lookalike}`).count()).toBe(0);
    expect(await page.getByTestId(`sns-row-${outlet}`).innerText()).toContain('hoshi outlet sale');
    expect(page.url()).toContain(`clientId=${clientId}`);
    await j.screenshot(page, 'sns-list-analyst-en');

    // 4. Its detail: the account, the post and why it matched.
    await page.getByTestId(`sns-detail-${outlet}`).click();
    await eventually(async () => page.url()).toContain(`/sns-data/${clientId}/${outlet}`);
    await page.getByTestId('sns-detail-page').waitFor();
    const account = await page.getByTestId('sns-section-account').innerText();
    for (const shown of ['hoshi outlet sale', 'hoshi_outlet', 'https://www.tiktok.com/@hoshi_outlet', '45,200']) expect(account).toContain(shown);
    expect(await page.getByTestId('sns-post-text').innerText()).toBe('Hoshi jackets 80% off!\nOrder by DM only');
    expect(await page.getByTestId('sns-scrape-imageURL').getAttribute('href')).toBe('https://cdn.example/hoshi/7301.jpg');
    expect(await page.getByTestId('sns-scrape-postedAt').innerText()).toBe('2026-10-01');
    expect(await page.getByTestId('sns-scrape-platform').innerText()).toBe('TikTok');
    expect(await page.getByTestId('sns-matching-blacklist').innerText()).toContain('hoshi outlet sale');
    expect(await page.getByTestId('sns-detail-open').getAttribute('href')).toBe('https://www.tiktok.com/@hoshi_outlet/video/7301');
    // A round before the category: the browser refuses, nothing is sent.
    await typeDate(page, 'sns-field-process1Date', '2026-10-07');
    await page.getByTestId('sns-detail-save').click();
    await eventually(() => toast(page)).toContain('report submission date');
    expect((await db.selectFrom('sns_record').select('process1_date').where('sns_id', '=', outlet).executeTakeFirstOrThrow()).process1_date).toBeNull();
    // Categorized as counterfeit sales (SNS category 3) with the first report round.
    await typeDate(page, 'sns-field-categorizeDate', '2026-10-05');
    await pick(page, 'sns-field-categoryId', 'Counterfeit sales');
    await pick(page, 'sns-field-process1Result', 'In review');
    await page.getByTestId('sns-detail-save').click();
    await eventually(() => toast(page)).toContain('Update successful.');
    const categorized = await db.selectFrom('sns_record').selectAll().where('sns_id', '=', outlet).executeTakeFirstOrThrow();
    expect(categorized).toMatchObject({ categorize_date: '2026-10-05', category_id: 3, process1_date: '2026-10-07', process1_result: 1, process2_date: null, is_error: false });
    await eventually(() => page.getByTestId('sns-section-report').innerText()).toContain('Done');
    await eventually(() => page.getByTestId('sns-detail-page').innerText()).toContain('Counterfeit sales');
    await j.screenshot(page, 'sns-detail-analyst-en');

    // 5. Back in the list (the same search), the history drawer shows the edit.
    await page.getByTestId('sns-detail-back').click();
    await page.getByTestId(`sns-row-${outlet}`).waitFor();
    expect(await page.getByTestId('sns-list-total').innerText()).toBe('Total: 1');
    await scrollRight(page, 'sns-table-body');
    await eventually(() => page.getByTestId(`sns-row-${outlet}`).innerText()).toContain('Counterfeit sales');
    await page.getByTestId(`sns-history-${outlet}`).click();
    const drawer = page.getByTestId('sns-history-drawer');
    await eventually(() => drawer.innerText()).toContain('Sora Analyst');
    const history = await drawer.innerText();
    for (const shown of ['Edit', '2026-10-05', 'Counterfeit sales', '2026-10-07', 'In review']) expect(history).toContain(shown);
    await page.keyboard.press('Escape');
    await eventually(() => drawer.count()).toBe(0);

    // Japanese: the list and the detail.
    await page.getByTestId('lang-ja').click();
    await eventually(() => page.getByTestId('sns-list-total').innerText()).toBe('合計：1件');
    await scrollRight(page, 'sns-table-body');
    await eventually(() => page.getByTestId(`sns-row-${outlet}`).innerText()).toContain('模倣品販売');
    await page.getByTestId('sns-table-body').evaluate((el) => el.scrollTo({ left: 0 }));
    await eventually(() => page.getByTestId(`sns-row-${outlet}`).innerText()).toContain('hoshi outlet sale');
    await j.screenshot(page, 'sns-list-analyst-ja');
    await page.getByTestId(`sns-detail-${outlet}`).click();
    await page.getByTestId('sns-detail-page').waitFor();
    await eventually(() => page.getByTestId('sns-section-report').innerText()).toContain('1回目申立');
    await eventually(() => page.getByTestId('sns-detail-page').innerText()).toContain('模倣品販売');
    expect(await page.getByTestId('sns-section-account').innerText()).toContain('フォロワー数');
    await j.screenshot(page, 'sns-detail-analyst-ja');
    await page.getByTestId('lang-en').click();

    // 6. The client user: their own records, no client selector; the response on the outlet, a batch on the others.
    const client = await j.newPage('en-US');
    await client.setViewportSize(WIDE);
    await signIn(j, client, clientUser.mail, clientUser.password);
    await client.goto(`${j.baseUrl}/sns-list`);
    await client.getByTestId(`sns-row-${outlet}`).waitFor();
    await eventually(() => client.getByTestId('sns-list-total').innerText()).toBe('Total: 3');
    expect(await client.getByTestId('sns-list-client').count()).toBe(0);
    await j.screenshot(client, 'sns-list-client-en');
    await client.getByTestId(`sns-detail-${outlet}`).click();
    await client.getByTestId('sns-detail-page').waitFor();
    // The analyst's fields are read-only here; the post is shown to the client too.
    await eventually(() => client.getByTestId('sns-field-categorizeDate').isDisabled()).toBe(true);
    expect(await client.getByTestId('sns-post-text').innerText()).toContain('Order by DM only');
    await pick(client, 'sns-field-action', 'Takedown');
    await client.getByTestId('sns-field-responseRemarks').fill('Not our shop: please have the video taken down.');
    await client.getByTestId('sns-detail-save').click();
    await eventually(() => toast(client)).toContain('Update successful.');
    await eventually(async () => await db.selectFrom('sns_record').select(['action', 'response_remarks']).where('sns_id', '=', outlet).executeTakeFirstOrThrow()).toEqual({
      action: 1,
      response_remarks: 'Not our shop: please have the video taken down.',
    });
    await client.getByTestId('sns-detail-back').click();
    await client.getByTestId(`sns-row-${lookalike}`).waitFor();
    await tick(client, official);
    await tick(client, lookalike);
    await eventually(() => client.getByTestId('sns-list-selected').innerText()).toContain('2 selected');
    await pick(client, 'sns-batch-value', 'Pending');
    await client.getByTestId('sns-batch-submit').click();
    await client.getByTestId('sns-batch-confirm').click();
    await eventually(() => toast(client)).toContain('2 items updated');
    await scrollRight(client, 'sns-table-body');
    await eventually(() => client.getByTestId(`sns-row-${lookalike}`).innerText()).toContain('Pending');
    await client.getByTestId('lang-ja').click();
    await eventually(() => client.getByTestId(`sns-row-${lookalike}`).innerText()).toContain('保留');
    await client.getByTestId(`sns-detail-${outlet}`).click();
    await eventually(() => client.getByTestId('sns-section-response').innerText()).toContain('削除申請');
    await j.screenshot(client, 'sns-detail-client-ja');
    await client.context().close();

    // 7. The server: the records as both left them, a history row per change, the client user notified.
    const after = await db.selectFrom('sns_record').select(['sns_id', 'category_id', 'action']).where('report_id', '=', report.report_id).orderBy('sns_id').execute();
    expect(after.map((r) => [r.sns_id, r.category_id, r.action])).toEqual([
      [official, 1, 2],
      [outlet, 3, 1],
      [lookalike, null, 2],
    ]);
    const historyRows = await db.selectFrom('sns_record_history').select(['record_id', 'user_id', 'source']).where('client_id', '=', clientId).orderBy('id').execute();
    expect(historyRows.map((h) => [h.record_id, h.source, h.user_id])).toEqual([
      [official, 'batch-category', analyst.userId],
      [official, 'batch-undo', analyst.userId],
      [official, 'batch-category', analyst.userId],
      [outlet, 'update', analyst.userId],
      [outlet, 'update', clientUser.userId],
      [official, 'batch-action', clientUser.userId],
      [lookalike, 'batch-action', clientUser.userId],
    ]);
    const notices = await db.selectFrom('notice').select(['type', 'target']).where('user_id', '=', clientUser.userId).where('type', '=', 3).execute();
    // The post told the client's user, opening the SNS list.
    expect(notices).toEqual([{ type: 3, target: `/sns-list?clientId=${clientId}` }]);

    // 8. The analyst (still on their page, back in English) removes the report: its records go with it.
    await page.goto(`${j.baseUrl}/manage/client/${clientId}`);
    await page.getByRole('tab', { name: 'Data settings' }).click();
    await page.getByRole('tab', { name: 'SNS report', exact: true }).click();
    await page.getByTestId(`sns-report-remove-${report.report_id}`).click();
    await page.locator('.ant-popconfirm:visible .ant-btn-dangerous').click();
    await eventually(() => toast(page)).toContain('Report sns-scan-october removed.');
    await eventually(() => page.getByTestId(`sns-report-row-${report.report_id}`).count()).toBe(0);
    expect(await db.selectFrom('sns_record').select('sns_id').where('client_id', '=', clientId).execute()).toEqual([]);
    await page.context().close();
  });
});
