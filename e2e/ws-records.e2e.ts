import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, WS_RECORD_FIELDS } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import ExcelJS from 'exceljs';
import { xlsxOf, type Cell } from '../packages/server/src/kinds/ec/report-fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startJourney, typeDate, eventually, toast, pick, scrollRight, type Journey } from './harness.js';

let j: Journey;
let dir: string;
beforeAll(async () => {
  j = await startJourney();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-records-e2e-'));
});
afterAll(async () => {
  await j?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});




/** A field's key by a header label in either language (the template's header may be in the user's language). */
const FIELD_BY_LABEL = new Map<string, string>(WS_RECORD_FIELDS.flatMap((f) => [[f.en.toLowerCase(), f.key], [f.ja, f.key]] as [string, string][]));

/** Three websites found in a scan; the second is the phishing site the journey follows. */
const WHOIS = ['Domain Name: SAKURA-GLOW-LOGIN.SHOP', 'Registrar: Example Registrar, Inc.', '', '', 'Creation Date: 2026-09-28T03:14:00Z', 'Registrant Country: RU   '].join('\r\n');
const SITES: Record<string, Cell>[] = [
  { no: 1, searchEngine: 'Google', scanDate: '2026-10-01', searchKeyword: 'sakura glow', pageDomain: 'sakura-glow-outlet.com', pageURL: 'https://sakura-glow-outlet.com/', domainRegion: 'CN', tld: 'com' },
  {
    no: 2,
    searchEngine: 'Bing',
    scanDate: '2026-10-02',
    searchKeyword: 'sakura glow login',
    pageDomain: 'sakura-glow-login.shop',
    pageURL: 'https://sakura-glow-login.shop/account/signin',
    domainRegion: 'RU',
    tld: 'shop',
    domainContact: 'abuse@registrar.example',
    redirectURL: 'https://sakura-glow-login.shop/verify',
    whois: WHOIS,
    domainCreatedAt: '2026-09-28',
    domainExpireAt: '2027-09-28',
  },
  { no: 3, searchEngine: 'Google', scanDate: '2026-10-03', searchKeyword: 'sakura glow', pageDomain: 'glow-cosme.net', pageURL: 'https://glow-cosme.net/sakura', domainRegion: 'US', tld: 'net' },
];

describe('website records in the browser', () => {
  it('an analyst uploads a WS report, posts it and categorizes a record as phishing with a first report round; the client user responds', async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Sakura Cosmetics');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ren Analyst' });
    const clientUser = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko Client' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();

    // The sheet is built on the WS template's header, as an analyst fills it in.
    const template = await j.tp.get(`/api/ws-report/download-template?clientId=${clientId}`, { token: analyst.token });
    expect(template.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.bytes as unknown as ArrayBuffer);
    const header = ((book.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1).map((v) => String(v ?? '').trim());
    const keys = header.map((label) => FIELD_BY_LABEL.get(label.toLowerCase()) ?? FIELD_BY_LABEL.get(label));
    for (const needed of ['scanDate', 'pageDomain', 'pageURL', 'whois']) expect(keys).toContain(needed);
    const file = path.join(dir, 'web-scan-october.xlsx');
    fs.writeFileSync(file, await xlsxOf(header, SITES.map((site) => keys.map((k) => (k === undefined ? null : (site[k] ?? null))))));

    // 1. The analyst uploads it on the client detail's WS report tab.
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/manage/client/${clientId}`);
    await page.getByRole('tab', { name: 'Data settings' }).click();
    await page.getByRole('tab', { name: 'WS report', exact: true }).click();
    await page.getByTestId('ws-report-panel').waitFor();
    await page.getByTestId('ws-upload-new').locator('input[type=file]').setInputFiles(file);
    await eventually(() => page.getByTestId('ws-upload-file').getAttribute('data-status')).toBe('done');
    await eventually(() => toast(page)).toContain('Uploaded web-scan-october.xlsx: 3 records.');
    const report = await db.selectFrom('ws_report').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ report_name: 'web-scan-october', send_date: null });
    const reportRow = page.getByTestId(`ws-report-row-${report.report_id}`);
    await eventually(() => reportRow.innerText()).toContain('web-scan-october');
    // ID, name, upload date, then 3 records, 0 categorized, 3 uncategorized.
    expect((await reportRow.locator('td').allInnerTexts()).slice(3, 6)).toEqual(['3', '0', '3']);
    const records = await db.selectFrom('ws_record').select(['ws_id', 'page_domain', 'whois', 'published']).where('report_id', '=', report.report_id).orderBy('ws_id').execute();
    expect(records.map((r) => r.page_domain)).toEqual(SITES.map((s) => s.pageDomain));
    expect(records.every((r) => !r.published)).toBe(true);
    expect(records[1]!.whois).toContain('Registrar: Example Registrar, Inc.');
    const phishing = records[1]!.ws_id;
    const other = records[0]!.ws_id;

    // 2. Posted with its uncategorized records: published, the client's user told.
    await page.getByTestId(`ws-report-post-${report.report_id}`).click();
    await page.getByTestId('ws-report-post-uncategorized').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await eventually(() => toast(page)).toContain('Report web-scan-october posted');
    await eventually(async () => (await db.selectFrom('ws_record').select('ws_id').where('report_id', '=', report.report_id).where('published', '=', true).execute()).length).toBe(3);
    await eventually(async () => (await db.selectFrom('notice').select('type').where('user_id', '=', clientUser.userId).where('type', '=', 3).execute()).length).toBe(1);

    // 3. The website list for that client: choose it, then a keyword (URL and domain) finds the login site.
    await page.goto(`${j.baseUrl}/ws-list`);
    await pick(page, 'ws-list-client', 'Sakura Cosmetics', 'Sakura');
    await page.getByTestId(`ws-row-${other}`).waitFor();
    await eventually(() => page.getByTestId('ws-list-total').innerText()).toBe('Total: 3');
    await page.getByTestId('search-keyword').fill('login');
    await page.getByTestId('search-find').click();
    await eventually(() => page.getByTestId('ws-list-total').innerText()).toBe('Total: 1');
    await eventually(() => page.getByTestId(`ws-row-${other}`).count()).toBe(0);
    expect(await page.getByTestId(`ws-row-${phishing}`).innerText()).toContain('sakura-glow-login.shop');
    expect(page.url()).toContain(`clientId=${clientId}`);
    await j.screenshot(page, 'ws-list-analyst-en');

    // 4. Its detail: the whois shown readably (lines kept, blank runs and trailing spaces dropped).
    await page.getByTestId(`ws-detail-${phishing}`).click();
    await eventually(async () => page.url()).toContain(`/ws-data/${clientId}/${phishing}`);
    await page.getByTestId('ws-detail-page').waitFor();
    const whois = await page.getByTestId('ws-whois-text').innerText();
    expect(whois).toBe(['Domain Name: SAKURA-GLOW-LOGIN.SHOP', 'Registrar: Example Registrar, Inc.', '', 'Creation Date: 2026-09-28T03:14:00Z', 'Registrant Country: RU'].join('\n'));
    expect(await page.getByTestId('ws-scrape-domainRegion').innerText()).toBe('RU');
    // A round before the category: the browser refuses, nothing is sent.
    await typeDate(page, 'ws-field-process1Date', '2026-10-07');
    await page.getByTestId('ws-detail-save').click();
    await eventually(() => toast(page)).toContain('report submission date');
    expect((await db.selectFrom('ws_record').select('process1_date').where('ws_id', '=', phishing).executeTakeFirstOrThrow()).process1_date).toBeNull();
    // Categorized as phishing (site category 11) with the first report round.
    await typeDate(page, 'ws-field-categorizeDate', '2026-10-05');
    await pick(page, 'ws-field-categoryId', 'Phishing');
    await pick(page, 'ws-field-process1Result', 'In review');
    await page.getByTestId('ws-detail-save').click();
    await eventually(() => toast(page)).toContain('Update successful.');
    const categorized = await db.selectFrom('ws_record').selectAll().where('ws_id', '=', phishing).executeTakeFirstOrThrow();
    expect(categorized).toMatchObject({ categorize_date: '2026-10-05', category_id: 11, process1_date: '2026-10-07', process1_result: 1, process2_date: null, is_error: false });
    await eventually(() => page.getByTestId('ws-section-report').innerText()).toContain('Done');
    await eventually(() => page.getByTestId('ws-detail-page').innerText()).toContain('Phishing');
    await j.screenshot(page, 'ws-detail-analyst-en');

    // 5. Back in the list (the same search), the history drawer shows the edit.
    await page.getByTestId('ws-detail-back').click();
    await page.getByTestId(`ws-row-${phishing}`).waitFor();
    expect(await page.getByTestId('ws-list-total').innerText()).toBe('Total: 1');
    await scrollRight(page, 'ws-table-body');
    await eventually(() => page.getByTestId(`ws-row-${phishing}`).innerText()).toContain('Phishing');
    await page.getByTestId(`ws-history-${phishing}`).click();
    const drawer = page.getByTestId('ws-history-drawer');
    await eventually(() => drawer.innerText()).toContain('Ren Analyst');
    const history = await drawer.innerText();
    for (const shown of ['Edit', '2026-10-05', 'Phishing', '2026-10-07', 'In review']) expect(history).toContain(shown);
    await page.keyboard.press('Escape');
    await eventually(() => drawer.count()).toBe(0);

    // Japanese: the list and the detail.
    await page.getByTestId('lang-ja').click();
    await eventually(() => page.getByTestId('ws-list-total').innerText()).toBe('合計：1件');
    await scrollRight(page, 'ws-table-body');
    await eventually(() => page.getByTestId(`ws-row-${phishing}`).innerText()).toContain('フィッシング');
    await j.screenshot(page, 'ws-list-analyst-ja');
    await page.getByTestId(`ws-detail-${phishing}`).click();
    await page.getByTestId('ws-detail-page').waitFor();
    await eventually(() => page.getByTestId('ws-section-report').innerText()).toContain('1回目申立');
    await eventually(() => page.getByTestId('ws-detail-page').innerText()).toContain('フィッシング');
    await j.screenshot(page, 'ws-detail-analyst-ja');
    await page.context().close();

    // 6. The client user: their own records, no client selector; the response on the phishing site.
    const client = await j.newPage('en-US');
    await signIn(j, client, clientUser.mail, clientUser.password);
    await client.goto(`${j.baseUrl}/ws-list`);
    await client.getByTestId(`ws-row-${phishing}`).waitFor();
    await eventually(() => client.getByTestId('ws-list-total').innerText()).toBe('Total: 3');
    expect(await client.getByTestId('ws-list-client').count()).toBe(0);
    expect(await client.getByTestId(`ws-row-${phishing}`).innerText()).toContain('sakura-glow-login.shop');
    await j.screenshot(client, 'ws-list-client-en');
    await client.getByTestId(`ws-detail-${phishing}`).click();
    await client.getByTestId('ws-detail-page').waitFor();
    // The analyst's fields are read-only here; the whois is shown to the client too.
    await eventually(() => client.getByTestId('ws-field-categorizeDate').isDisabled()).toBe(true);
    expect(await client.getByTestId('ws-whois-text').innerText()).toContain('Registrar: Example Registrar, Inc.');
    await pick(client, 'ws-field-action', 'Takedown');
    await client.getByTestId('ws-field-responseRemarks').fill('A phishing copy of our login page: please take it down.');
    await j.screenshot(client, 'ws-detail-client-en');
    await client.getByTestId('ws-detail-save').click();
    await eventually(() => toast(client)).toContain('Update successful.');
    await eventually(async () => await db.selectFrom('ws_record').select(['action', 'response_remarks']).where('ws_id', '=', phishing).executeTakeFirstOrThrow()).toEqual({
      action: 1,
      response_remarks: 'A phishing copy of our login page: please take it down.',
    });
    await client.getByTestId('lang-ja').click();
    await eventually(() => client.getByTestId('ws-section-response').innerText()).toContain('削除申請');
    await j.screenshot(client, 'ws-detail-client-ja');
    await client.context().close();

    // 7. The server: the record as both left it, a history row per save, the client user notified.
    const after = await db.selectFrom('ws_record').selectAll().where('ws_id', '=', phishing).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ category_id: 11, categorize_date: '2026-10-05', process1_date: '2026-10-07', process1_result: 1, action: 1, published: true });
    const historyRows = await db.selectFrom('ws_record_history').select(['record_id', 'user_id', 'source', 'fields']).where('client_id', '=', clientId).orderBy('id').execute();
    expect(historyRows.map((h) => [h.record_id, h.source, h.user_id])).toEqual([
      [phishing, 'update', analyst.userId],
      [phishing, 'update', clientUser.userId],
    ]);
    expect(historyRows[0]!.fields).toEqual({ categorizeDate: '2026-10-05', categoryId: 11, process1Date: '2026-10-07', process1ResultId: 1 });
    expect(historyRows[1]!.fields).toEqual({ action: 1, responseRemarks: 'A phishing copy of our login page: please take it down.' });
    const notices = await db.selectFrom('notice').select(['type', 'target', 'scope']).where('user_id', '=', clientUser.userId).orderBy('id').execute();
    // The post told the client's user, opening the list on that report's records.
    expect(notices).toContainEqual({ type: 3, target: `/ws-list?clientId=${clientId}`, scope: { reportId: report.report_id } });
  });
});
