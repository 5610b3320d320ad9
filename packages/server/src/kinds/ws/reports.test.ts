import { ErrorCode, Role, WS_RECORD_FIELDS, type UploadProblem, type WsReport } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { xlsOf, xlsxOf, type Cell } from '../ec/report-fixtures.js';
import { WS_HEADER_EN, WS_HEADER_JA, site } from './fixtures.js';

let tp: TestPortal;
let clientId: number;
let otherClient: number;
let analyst: TestUser;
let outsider: TestUser;
let clientUser: TestUser;
let otherUser: TestUser;
let trademark: number;

beforeAll(async () => {
  tp = await startTestPortal();
  const db = tp.portal.services.db;
  clientId = await createClient(tp, 'Sakura Cosmetics');
  otherClient = await createClient(tp, 'Other Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: otherClient });
  await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
  const mark = { client_id: clientId, no: 'TM-100', region: 'JP', type: '3', text: 'SAKURA', created_at: tp.clock.now, updated_at: tp.clock.now };
  trademark = (await db.insertInto('trademark').values(mark).returning('trademark_id').executeTakeFirstOrThrow()).trademark_id;
});
afterAll(async () => {
  await tp?.close();
});

type UploadPath = '/api/ws-report/upload-report' | '/api/ws-report/batch-update';
const upload = (path: UploadPath, name: string, bytes: Buffer, user: TestUser = analyst, locale: 'en' | 'ja' = 'en', client = clientId) =>
  tp.upload(path, { clientId: client }, { name, bytes }, { token: user.token, locale });
const count = async (table: 'ws_record' | 'ws_report') => Number((await tp.portal.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const reportsOf = (res: { body: { data: unknown } }) => (res.body.data as { reports: WsReport[] }).reports;
const problemsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: UploadProblem[] }).errors.map((e) => `${e.row} ${e.column}: ${e.message}`);
const recordsOf = (reportId: number) => tp.portal.services.db.selectFrom('ws_record').selectAll().where('report_id', '=', reportId).orderBy('ws_id').execute();

async function sheetOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = book.worksheets[0]!;
  const header = (ws.getRow(1).values as string[]).slice(1);
  return { book, ws, header, col: (label: string) => header.indexOf(label) + 1 };
}

describe('WS new upload', () => {
  it('creates a report of checked records with whois text, site categories by number or name, and counts', async () => {
    const rows: Cell[][] = [site(1, { category: 11 }), site(2, { category: 'Phishing' }), site(3, { category: 'パーキングサイト' }), site(4, { engine: null, keyword: null })];
    const res = await upload('/api/ws-report/upload-report', 'october-sites.xlsx', await xlsxOf(WS_HEADER_EN, rows));
    expect(res.body).toMatchObject({ code: 0, data: { count: 4 } });
    const reportId = res.body.data?.reportId as number;
    expect(reportsOf(res)[0]).toMatchObject({ id: reportId, reportName: 'october-sites', recordCount: 4, categrizeCount: 3, uncategrizeCount: 1, responseCount: 0, sendDate: null });
    const records = await recordsOf(reportId);
    expect(records[0]).toMatchObject({
      search_engine: 'Google',
      scan_date: '2026-10-01',
      page_domain: 'sakura-outlet1.example',
      page_url: 'https://sakura-outlet1.example/shop',
      whois: 'Registrant: Outlet 1\nCountry: CN',
      domain_created_at: '2025-03-01',
      category_id: 11,
      published: false,
      client_id: clientId,
    });
    expect(records.map((r) => r.category_id)).toEqual([11, 11, 5, null]);
    expect(records[3]).toMatchObject({ search_engine: '', search_keyword: '' });
    const fetched = await tp.post('/api/ws-report/fetch-reports', { clientId }, { token: analyst.token });
    expect(reportsOf(fetched).map((r) => r.id)).toContain(reportId);
  });

  it('reads Japanese header labels and legacy .xls files', async () => {
    const ja = await upload('/api/ws-report/upload-report', 'ja.xlsx', await xlsxOf(WS_HEADER_JA, [site(101)]), analyst, 'ja');
    expect(ja.body).toMatchObject({ code: 0, data: { count: 1 } });
    const xls = await upload('/api/ws-report/upload-report', 'legacy.xls', xlsOf(WS_HEADER_EN, [site(102), site(103, { scan: '2026-09-15' })]));
    expect(xls.body).toMatchObject({ code: 0, data: { count: 2 } });
    expect((await recordsOf(xls.body.data?.reportId as number)).map((r) => r.scan_date)).toEqual(['2026-10-01', '2026-09-15']);
  });

  it('lists every problem with its row, column and rule, and writes nothing', async () => {
    const before = [await count('ws_report'), await count('ws_record')];
    const header = [...WS_HEADER_EN, 'Enforcement flag', 'Trademark registration number', '1st result'];
    const rows: Cell[][] = [
      [...site(201), 1, 'TM-100', 1],
      [...site(202, { url: 'not a url', scan: '2026-13-01' }), null, null, null],
      [...site(203, { domain: null, category: 12 }), 4, 'TM-999', 5],
      [...site(204, { category: 'Fishy', whois: '=cmd|"/c calc"!A1' }), null, null, null],
      [...site(205, { keyword: { formula: 'HYPERLINK("http://evil.example")' } }), null, null, null],
    ];
    const res = await upload('/api/ws-report/upload-report', 'bad.xlsx', await xlsxOf(header, rows));
    expect(res.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: 'Problems found in the spreadsheet: 10. Nothing was saved. Please correct the rows listed and upload the file again.' });
    expect(problemsOf(res)).toEqual([
      '3 Scan date: must be a date as YYYY-MMDD',
      '3 Page URL: must be a URL starting with http:// or https://',
      '4 Domain: required',
      '4 Site category: must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11',
      '4 Enforcement flag: must be one of 1, 2, 3',
      '4 Trademark registration number: TM-999 is not the number of a trademark of this client: use a registration number from the client\'s trademark list',
      '4 1st result: must be one of 1, 2, 3',
      '5 Whois: text may not start with =, +, - or @ (a spreadsheet could run it as a formula)',
      '5 Site category: must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11',
      '6 Search keyword: formulas are not accepted; enter the value itself',
    ]);
    expect([await count('ws_report'), await count('ws_record')]).toEqual(before);

    const missing = await upload('/api/ws-report/upload-report', 'h.xlsx', await xlsxOf(['Search engine', 'Search engine', 'Colour', 'Domain'], [['Google', 'x', 'red', 'a.example']]));
    expect(problemsOf(missing)).toEqual([
      '1 Search engine: appears twice in the header row',
      '1 Colour: is not a column of the template: correct the header or remove the column (the template\'s "How to fill" sheet lists the columns)',
      '1 Scan date: this required column is missing: add it to the header row (download the template for the exact header)',
      '1 Page URL: this required column is missing: add it to the header row (download the template for the exact header)',
    ]);
  });

  it('leaves nothing behind when the last row of a large sheet is bad (earlier batches are rolled back)', async () => {
    const before = [await count('ws_report'), await count('ws_record')];
    const rows = Array.from({ length: 4500 }, (_, i) => site(10_000 + i));
    rows.push(site(20_000, { url: 'ftp://nope' }));
    const res = await upload('/api/ws-report/upload-report', 'big.xlsx', await xlsxOf(WS_HEADER_EN, rows));
    expect(res.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, data: { total: 1 } });
    expect([await count('ws_report'), await count('ws_record')]).toEqual(before);
  });

  it('is for analysts among the client\'s managers only', async () => {
    const bytes = await xlsxOf(WS_HEADER_EN, [site(401)]);
    for (const user of [outsider, clientUser, otherUser]) {
      expect((await upload('/api/ws-report/upload-report', 'a.xlsx', bytes, user)).status).toBe(403);
      expect((await upload('/api/ws-report/batch-update', 'a.xlsx', bytes, user)).status).toBe(403);
      expect((await tp.post('/api/ws-report/fetch-reports', { clientId }, { token: user.token })).status).toBe(403);
      expect((await tp.post('/api/ws-report/remove-report', { clientId, reportId: 1 }, { token: user.token })).status).toBe(403);
      expect((await tp.post('/api/ws-report/post-report', { clientId, reportId: 1 }, { token: user.token })).status).toBe(403);
    }
  });
});

describe('WS update upload, post, download and remove', () => {
  it('posts a report to the client with a WS notice, updates by id with history and notices, and round-trips the download', async () => {
    const db = tp.portal.services.db;
    const created = await upload('/api/ws-report/upload-report', 'november.xlsx', await xlsxOf(WS_HEADER_EN, [site(501, { category: 3 }), site(502), site(503)]));
    const reportId = created.body.data?.reportId as number;
    const ids = (await recordsOf(reportId)).map((r) => r.ws_id);

    const post = await tp.post('/api/ws-report/post-report', { clientId, reportId }, { token: analyst.token });
    expect(post.body).toMatchObject({ code: 0, data: { count: 1 } });
    expect(reportsOf(post).find((r) => r.id === reportId)?.sendDate).not.toBeNull();
    const notices = await db.selectFrom('notice').selectAll().where('user_id', '=', clientUser.userId).where('type', '=', 3).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'A new website report is ready: Sakura Cosmetics', scope: { reportId } });
    const centre = await tp.post('/api/notication/search-notification', { offset: 0, limit: 10 }, { token: clientUser.token });
    const listed = (centre.body.data?.notices as { id: number; target_url: string }[]).find((n) => n.id === notices[0]!.id);
    expect(listed?.target_url).toBe(`/ws-list?clientId=${clientId}&noticeId=${notices[0]!.id}`);
    const seen = await tp.post('/api/ws-data/search-records', { clientId, noticeId: notices[0]!.id }, { token: clientUser.token });
    expect((seen.body.data?.records as { id: number }[]).map((r) => r.id)).toEqual([ids[0]]);
    expect((await tp.post('/api/ws-report/post-report', { clientId, reportId, sendUncategorizRecords: true }, { token: analyst.token })).body.data).toMatchObject({ count: 2 });
    expect((await tp.post('/api/ws-report/post-report', { clientId, reportId, sendUncategorizRecords: true }, { token: analyst.token })).body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: 'All 3 records of this report are already posted to the client. To change what the client sees, edit the records or upload an update.' });

    // Update upload: the decided fields by id; blanks and scraped facts are left alone; published ones notify.
    const header = ['ID', 'Report date', 'Site category', '1st report date', '1st result', 'Comments', 'Page URL', 'Trademark registration number'];
    const res = await upload('/api/ws-report/batch-update', 'u.xlsx', await xlsxOf(header, [
      [ids[0]!, '2026-1101', 'Phishing', '2026-1102', 1, 'Fake shop', 'https://ignored.example/', 'TM-100'],
      [ids[1]!, null, null, null, null, 'Checked', null, null],
    ]));
    expect(res.body).toMatchObject({ code: 0, data: { count: 2, reportId: null } });
    const rows = await recordsOf(reportId);
    expect(rows[0]).toMatchObject({ categorize_date: '2026-11-01', category_id: 11, process1_date: '2026-11-02', process1_result: 1, remarks: 'Fake shop', page_url: 'https://sakura-outlet501.example/shop', trademark_id: trademark });
    expect(rows[1]).toMatchObject({ categorize_date: null, category_id: null, remarks: 'Checked' });
    const history = await db.selectFrom('ws_record_history').selectAll().where('record_id', '=', ids[0]!).execute();
    expect(history[0]).toMatchObject({ source: 'upload-update', user_id: analyst.userId, fields: { categoryId: 11, process1ResultId: 1, trademarkId: trademark } });
    const batchNotice = await db.selectFrom('notice').selectAll().where('user_id', '=', clientUser.userId).where('type', '=', 2).execute();
    expect(batchNotice.at(-1)).toMatchObject({ title: 'Website records were updated: Sakura Cosmetics', content: '2 website records of Sakura Cosmetics were updated together.', target: `/ws-list?clientId=${clientId}`, scope: { recordIds: [ids[0], ids[1]] } });

    // Foreign and repeated ids refuse the whole sheet.
    const { report_id: theirs } = await db.insertInto('ws_report').values({ client_id: otherClient, report_name: 'theirs', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const { ws_id: foreign } = await db.insertInto('ws_record').values({ client_id: otherClient, report_id: theirs, page_url: 'https://x.example/', updated_at: new Date() }).returning('ws_id').executeTakeFirstOrThrow();
    const refused = await upload('/api/ws-report/batch-update', 'u.xlsx', await xlsxOf(['ID', 'Comments'], [[ids[2]!, 'changed'], [foreign, 'stolen'], [ids[2]!, 'again']]));
    expect(problemsOf(refused)).toEqual([`4 ID: record ${ids[2]} appears twice in the sheet: keep one row per record`, `3 ID: record ${foreign} does not exist for this client: use the IDs of a report of this client downloaded from the portal`]);
    expect((await recordsOf(reportId))[2]?.remarks).toBe('');
    expect(problemsOf(await upload('/api/ws-report/batch-update', 'u.xlsx', await xlsxOf(['Comments'], [['x']])))).toEqual(['1 ID: this required column is missing: add it to the header row (download the template for the exact header)']);

    // The report's download is the list's export over the report: re-uploadable as an update upload.
    const download = await tp.get(`/api/ws-report/download-report?clientId=${clientId}&reportId=${reportId}`, { token: analyst.token });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('november.xlsx');
    const { book, ws, header: labels, col } = await sheetOf(download.bytes);
    expect(labels).toEqual(WS_RECORD_FIELDS.map((f) => f.en));
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(2).getCell(col('Whois')).value).toBe('Registrant: Outlet 501\nCountry: CN');
    expect(ws.getRow(2).getCell(col('Trademark registration number')).value).toBe('TM-100');
    expect(ws.getRow(2).getCell(col('Report')).value).toBe('november');
    ws.getRow(3).getCell(col('Comments')).value = 'Edited in the downloaded sheet';
    const roundTrip = await upload('/api/ws-report/batch-update', 'november.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(roundTrip.body).toMatchObject({ code: 0, data: { count: 3 } });
    expect((await recordsOf(reportId)).map((r) => r.remarks)).toEqual(['Fake shop', 'Edited in the downloaded sheet', '']);
    expect((await recordsOf(reportId))[0]).toMatchObject({ category_id: 11, trademark_id: trademark, scan_date: '2026-10-01' });

    for (const user of [outsider, otherUser, clientUser]) {
      const denied = await tp.get(`/api/ws-report/download-report?clientId=${clientId}&reportId=${reportId}`, { token: user.token });
      expect(denied.status === 403 || JSON.parse(denied.bytes.toString()).code === ErrorCode.OBJECT_NOT_FOUND, String(user.userId)).toBe(true);
    }
    const foreignReport = await tp.get(`/api/ws-report/download-report?clientId=${clientId}&reportId=${theirs}`, { token: analyst.token });
    expect(JSON.parse(foreignReport.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });

    // Remove: the records go with the report; another client's report is not found.
    expect((await tp.post('/api/ws-report/remove-report', { clientId, reportId: theirs }, { token: analyst.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    const removed = await tp.post('/api/ws-report/remove-report', { clientId, reportId }, { token: analyst.token });
    expect(removed.body.data).toMatchObject({ count: 3 });
    expect(reportsOf(removed).some((r) => r.id === reportId)).toBe(false);
    expect(await recordsOf(reportId)).toEqual([]);
  });

  it('offers a template whose header a new upload accepts, in the user\'s language', async () => {
    for (const locale of ['en', 'ja'] as const) {
      const me = await createUser(tp, { role: Role.ANALYST, locale });
      await tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: me.userId }).execute();
      const res = await tp.get(`/api/ws-report/download-template?clientId=${clientId}`, { token: me.token, cookie: true });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain('ws-report-template.xlsx');
      const { header } = await sheetOf(res.bytes);
      expect(header).toContain(locale === 'en' ? 'Page URL' : 'ページURL');
      expect(header).not.toContain('ID');
      const row = header.map((label): Cell => {
        const key = WS_RECORD_FIELDS.find((f) => f[locale] === label)?.key;
        return key === 'scanDate' ? '2026-1005' : key === 'pageDomain' ? 'template.example' : key === 'pageURL' ? 'https://template.example/' : key === 'categoryId' ? 2 : null;
      });
      const uploaded = await upload('/api/ws-report/upload-report', 'template.xlsx', await xlsxOf(header, [row]), me, locale);
      expect(uploaded.body).toMatchObject({ code: 0, data: { count: 1 } });
    }
    for (const user of [outsider, otherUser]) {
      const res = await tp.get(`/api/ws-report/download-template?clientId=${clientId}`, { token: user.token });
      expect(res.status === 403 || JSON.parse(res.bytes.toString()).code === ErrorCode.OBJECT_NOT_FOUND).toBe(true);
    }
  });
});

describe('the WS export and record notices', () => {
  it('exports the search result with formula-looking text kept as text, to those who may see it', async () => {
    const db = tp.portal.services.db;
    const c = await createClient(tp, 'Export Co');
    const user = await createUser(tp, { role: Role.CLIENT, clientId: c });
    const { report_id } = await db.insertInto('ws_report').values({ client_id: c, report_name: 'May sites', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const base = { client_id: c, report_id, updated_at: new Date(), scan_date: '2024-05-01' };
    await db.insertInto('ws_record').values([
      { ...base, page_url: 'https://a.example/', page_domain: 'a.example', remarks: '=HYPERLINK("x")', category_id: 11, published: true },
      { ...base, page_url: 'https://b.example/', page_domain: 'b.example', scan_date: '2024-06-01', published: true },
      { ...base, page_url: 'https://hidden.example/', page_domain: 'hidden.example', published: false },
    ]).execute();
    const url = (search: Record<string, unknown>) => `/api/ws-data/export-search-result?${new URLSearchParams({ clientId: String(c), search: JSON.stringify(search) }).toString()}`;
    const res = await tp.get(url({}), { token: analyst.token });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/ws-records-Export_Co-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { ws, col } = await sheetOf(res.bytes);
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(2).getCell(col('Page URL')).value).toBe('https://b.example/');
    const cell = ws.getRow(4).getCell(col('Comments'));
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('\'=HYPERLINK("x")');
    expect(cell.formula).toBeUndefined();
    expect(ws.getRow(4).getCell(col('Site category')).value).toBe(11);

    const mine = await sheetOf((await tp.get(url({ keyword: 'a.example', wordFields: ['pageDomain'] }), { token: user.token })).bytes);
    expect(mine.ws.rowCount).toBe(2);
    expect((await sheetOf((await tp.get(url({}), { token: user.token })).bytes)).ws.rowCount).toBe(3);
    expect((await tp.get(url({}), { token: otherUser.token })).status).toBe(403);
    expect((await tp.get(url({ whereFields: [{ key: 'nope', values: [] }] }), { token: analyst.token })).status).toBe(400);
  });

  it('tells the client\'s users of saves and batches of their published records, in WS words', async () => {
    const db = tp.portal.services.db;
    const { report_id } = await db.insertInto('ws_report').values({ client_id: clientId, report_name: 'notices', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const base = { client_id: clientId, report_id, updated_at: new Date(), scan_date: '2024-05-01' };
    const [a, b, hidden] = (await db.insertInto('ws_record').values([
      { ...base, page_url: 'https://n1.example/', published: true },
      { ...base, page_url: 'https://n2.example/', published: true },
      { ...base, page_url: 'https://n3.example/', published: false },
    ]).returning('ws_id').execute()).map((r) => r.ws_id);
    const before = await db.selectFrom('notice').select('id').where('user_id', '=', clientUser.userId).execute();
    expect((await tp.post('/api/ws-data/update-record', { clientId, recordId: a!, remarks: 'seen', categoryId: 3, categorizeDate: '2024-06-01' }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/ws-data/update-record', { clientId, recordId: hidden!, remarks: 'seen', categoryId: 3, categorizeDate: '2024-06-01' }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/ws-data/batch-update-category', { clientId, recordIds: [a!, b!, hidden!], categoryId: 2 }, { token: analyst.token })).body.code).toBe(0);
    const after = await db.selectFrom('notice').selectAll().where('user_id', '=', clientUser.userId).where('id', 'not in', before.length ? before.map((n) => n.id) : [0]).orderBy('id').execute();
    expect(after.map((n) => [n.type, n.title, n.target])).toEqual([
      [1, 'A website record was updated: Sakura Cosmetics', `/ws-data/${clientId}/${a}`],
      [2, 'Website records were updated: Sakura Cosmetics', `/ws-list?clientId=${clientId}`],
    ]);
    expect(after[1]?.scope).toEqual({ recordIds: [a, b] });
  });
});
