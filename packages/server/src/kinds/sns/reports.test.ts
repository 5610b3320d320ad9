import { ErrorCode, Role, SNS_RECORD_FIELDS, type SnsReport, type UploadProblem } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { xlsOf, xlsxOf, type Cell } from '../ec/report-fixtures.js';
import { SNS_HEADER_EN, SNS_HEADER_JA, post } from './fixtures.js';

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
  // The client's lists: a black-listed account (by name), a black-listed shop URL, a white-listed account (by id).
  await db
    .insertInto('special_url')
    .values([
      { client_id: clientId, type: 2, seller: 'Sakura Outlet 7' },
      { client_id: clientId, type: 2, url: 'https://fake-sakura.example' },
      { client_id: clientId, type: 1, seller_id: '@sakura_official' },
      { client_id: otherClient, type: 2, seller: 'Sakura Outlet 8' },
    ])
    .execute();
});
afterAll(async () => {
  await tp?.close();
});

type UploadPath = '/api/sns-report/upload-report' | '/api/sns-report/batch-update';
const upload = (path: UploadPath, name: string, bytes: Buffer, user: TestUser = analyst, locale: 'en' | 'ja' = 'en', client = clientId) =>
  tp.upload(path, { clientId: client }, { name, bytes }, { token: user.token, locale });
const count = async (table: 'sns_record' | 'sns_report') => Number((await tp.portal.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const reportsOf = (res: { body: { data: unknown } }) => (res.body.data as { reports: SnsReport[] }).reports;
const problemsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: UploadProblem[] }).errors.map((e) => `${e.row} ${e.column}: ${e.message}`);
const recordsOf = (reportId: number) => tp.portal.services.db.selectFrom('sns_record').selectAll().where('report_id', '=', reportId).orderBy('sns_id').execute();

async function sheetOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = book.worksheets[0]!;
  const header = (ws.getRow(1).values as string[]).slice(1);
  return { book, ws, header, col: (label: string) => header.indexOf(label) + 1 };
}

describe('SNS new upload', () => {
  it('creates a report of checked posts, platforms and SNS categories by number or name, with counts', async () => {
    const rows: Cell[][] = [
      post(1, { category: 3 }),
      post(2, { platform: 'X', category: 'Impersonation' }),
      post(3, { platform: '小紅書', category: 'なりすまし' }),
      post(4, { platform: 4, keyword: null, name: null, account: null, followers: null, text: null, posted: null }),
      post(5, { platform: 'x (twitter)' }),
    ];
    const res = await upload('/api/sns-report/upload-report', 'october-sns.xlsx', await xlsxOf(SNS_HEADER_EN, rows));
    expect(res.body).toMatchObject({ code: 0, data: { count: 5 } });
    const reportId = res.body.data?.reportId as number;
    expect(reportsOf(res)[0]).toMatchObject({ id: reportId, reportName: 'october-sns', recordCount: 5, categrizeCount: 3, uncategrizeCount: 2, responseCount: 0, sendDate: null });
    const records = await recordsOf(reportId);
    expect(records[0]).toMatchObject({
      platform: 1,
      scan_date: '2026-10-01',
      search_keyword: 'sakura serum',
      account_name: 'Sakura Outlet 1',
      account_id: 'sakura_outlet_1',
      account_url: 'https://www.instagram.com/sakura_outlet_1/',
      followers: 1201,
      post_url: 'https://www.instagram.com/p/C1xyz/',
      post_text: 'Sakura serum 70% off, DM to order #1',
      posted_at: '2026-09-20',
      category_id: 3,
      blacklist: '',
      whitelist: '',
      published: false,
      client_id: clientId,
    });
    expect(records.map((r) => [r.platform, r.category_id])).toEqual([[1, 3], [3, 5], [8, 5], [4, null], [3, null]]);
    expect(records[3]).toMatchObject({ search_keyword: '', account_name: '', followers: null, posted_at: null });
    const fetched = await tp.post('/api/sns-report/fetch-reports', { clientId }, { token: analyst.token });
    expect(reportsOf(fetched).map((r) => r.id)).toContain(reportId);
  });

  it('matches accounts and posts against the client\'s black and white lists, saying why', async () => {
    const rows: Cell[][] = [
      post(7),
      post(8),
      post(9, { postUrl: 'https://fake-sakura.example/shop/serum' }),
      post(10, { account: '@Sakura_Official', name: 'Sakura Official' }),
      post(11, { accountUrl: 'https://www.tiktok.com/@sakura_official', platform: 'TikTok' }),
    ];
    const res = await upload('/api/sns-report/upload-report', 'lists.xlsx', await xlsxOf(SNS_HEADER_EN, rows));
    expect(res.body.code).toBe(0);
    const records = await recordsOf(res.body.data?.reportId as number);
    expect(records.map((r) => [r.blacklist, r.whitelist])).toEqual([
      ['account: Sakura Outlet 7', ''],
      // Another client's list does not count.
      ['', ''],
      ['url: https://fake-sakura.example', ''],
      ['', 'account id: @sakura_official'],
      ['', 'account id: @sakura_official'],
    ]);
    // The account id is kept without its @.
    expect(records[3]?.account_id).toBe('Sakura_Official');
    const filtered = await tp.post('/api/sns-data/search-records', { clientId, whereFields: [{ key: 'blacklist', values: ['account: Sakura Outlet 7'] }] }, { token: analyst.token });
    expect((filtered.body.data?.records as { id: number }[]).map((r) => r.id)).toEqual([records[0]!.sns_id]);
  });

  it('reads Japanese header labels and legacy .xls files', async () => {
    const ja = await upload('/api/sns-report/upload-report', 'ja.xlsx', await xlsxOf(SNS_HEADER_JA, [post(101, { platform: 'インスタグラム風', category: null })]), analyst, 'ja');
    expect(problemsOf(ja)).toEqual(['2 プラットフォーム: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10のいずれかにしてください']);
    const ok = await upload('/api/sns-report/upload-report', 'ja.xlsx', await xlsxOf(SNS_HEADER_JA, [post(102, { platform: 'Weibo（微博）' })]), analyst, 'ja');
    expect(ok.body).toMatchObject({ code: 0, data: { count: 1 } });
    const xls = await upload('/api/sns-report/upload-report', 'legacy.xls', xlsOf(SNS_HEADER_EN, [post(103), post(104, { scan: '2026-09-15' })]));
    expect(xls.body).toMatchObject({ code: 0, data: { count: 2 } });
    expect((await recordsOf(xls.body.data?.reportId as number)).map((r) => r.scan_date)).toEqual(['2026-10-01', '2026-09-15']);
  });

  it('lists every problem with its row, column and rule, and writes nothing', async () => {
    const before = [await count('sns_report'), await count('sns_record')];
    const header = [...SNS_HEADER_EN, 'Enforcement flag', 'Trademark registration number', '1st result'];
    const rows: Cell[][] = [
      [...post(201), 1, 'TM-100', 1],
      [...post(202, { postUrl: 'not a url', scan: '2026-13-01' }), null, null, null],
      [...post(203, { platform: null, accountUrl: null, category: 11 }), 4, 'TM-999', 5],
      [...post(204, { platform: 'Myspace', text: '=cmd|"/c calc"!A1', followers: -5 }), null, null, null],
      [...post(205, { keyword: { formula: 'HYPERLINK("http://evil.example")' } }), null, null, null],
    ];
    const res = await upload('/api/sns-report/upload-report', 'bad.xlsx', await xlsxOf(header, rows));
    expect(res.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: 'Problems found in the spreadsheet: 12. Nothing was saved. Please correct the rows listed and upload the file again.' });
    expect(problemsOf(res)).toEqual([
      '3 Scan date: must be a date as YYYY-MMDD',
      '3 Post URL: must be a URL starting with http:// or https://',
      '4 Platform: required',
      '4 Account URL: required',
      '4 SNS category: must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10',
      '4 Enforcement flag: must be one of 1, 2, 3',
      '4 Trademark registration number: TM-999 is not the number of a trademark of this client: use a registration number from the client\'s trademark list',
      '4 1st result: must be one of 1, 2, 3',
      '5 Platform: must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10',
      '5 Followers: must be a whole number of at least 0',
      '5 Post text: text may not start with =, +, - or @ (a spreadsheet could run it as a formula)',
      '6 Search keyword: formulas are not accepted; enter the value itself',
    ]);
    expect([await count('sns_report'), await count('sns_record')]).toEqual(before);

    const missing = await upload('/api/sns-report/upload-report', 'h.xlsx', await xlsxOf(['Account name', 'Account name', 'Colour', 'Search keyword'], [['a', 'b', 'red', 'k']]));
    expect(problemsOf(missing)).toEqual([
      '1 Account name: appears twice in the header row',
      '1 Colour: is not a column of the template: correct the header or remove the column (the template\'s "How to fill" sheet lists the columns)',
      '1 Platform: this required column is missing: add it to the header row (download the template for the exact header)',
      '1 Scan date: this required column is missing: add it to the header row (download the template for the exact header)',
      '1 Account URL: this required column is missing: add it to the header row (download the template for the exact header)',
      '1 Post URL: this required column is missing: add it to the header row (download the template for the exact header)',
    ]);
  });

  it('leaves nothing behind when the last row of a large sheet is bad (earlier batches are rolled back)', async () => {
    const before = [await count('sns_report'), await count('sns_record')];
    const rows = Array.from({ length: 4500 }, (_, i) => post(10_000 + i));
    rows.push(post(20_000, { accountUrl: 'ftp://nope' }));
    const res = await upload('/api/sns-report/upload-report', 'big.xlsx', await xlsxOf(SNS_HEADER_EN, rows));
    expect(res.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, data: { total: 1 } });
    expect([await count('sns_report'), await count('sns_record')]).toEqual(before);
  });

  it('is for analysts among the client\'s managers only', async () => {
    const bytes = await xlsxOf(SNS_HEADER_EN, [post(401)]);
    for (const user of [outsider, clientUser, otherUser]) {
      expect((await upload('/api/sns-report/upload-report', 'a.xlsx', bytes, user)).status).toBe(403);
      expect((await upload('/api/sns-report/batch-update', 'a.xlsx', bytes, user)).status).toBe(403);
      expect((await tp.post('/api/sns-report/fetch-reports', { clientId }, { token: user.token })).status).toBe(403);
      expect((await tp.post('/api/sns-report/remove-report', { clientId, reportId: 1 }, { token: user.token })).status).toBe(403);
      expect((await tp.post('/api/sns-report/post-report', { clientId, reportId: 1 }, { token: user.token })).status).toBe(403);
    }
  });
});

describe('SNS update upload, post, download and remove', () => {
  it('posts a report to the client with an SNS notice, updates by id with history and notices, and round-trips the download', async () => {
    const db = tp.portal.services.db;
    const created = await upload('/api/sns-report/upload-report', 'november.xlsx', await xlsxOf(SNS_HEADER_EN, [post(501, { category: 3 }), post(502), post(503)]));
    const reportId = created.body.data?.reportId as number;
    const ids = (await recordsOf(reportId)).map((r) => r.sns_id);

    const posted = await tp.post('/api/sns-report/post-report', { clientId, reportId }, { token: analyst.token });
    expect(posted.body).toMatchObject({ code: 0, data: { count: 1 } });
    expect(reportsOf(posted).find((r) => r.id === reportId)?.sendDate).not.toBeNull();
    const notices = await db.selectFrom('notice').selectAll().where('user_id', '=', clientUser.userId).where('type', '=', 3).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'A new social media report is ready: Sakura Cosmetics', scope: { reportId } });
    const centre = await tp.post('/api/notication/search-notification', { offset: 0, limit: 10 }, { token: clientUser.token });
    const listed = (centre.body.data?.notices as { id: number; target_url: string }[]).find((n) => n.id === notices[0]!.id);
    expect(listed?.target_url).toBe(`/sns-list?clientId=${clientId}&noticeId=${notices[0]!.id}`);
    const seen = await tp.post('/api/sns-data/search-records', { clientId, noticeId: notices[0]!.id }, { token: clientUser.token });
    expect((seen.body.data?.records as { id: number }[]).map((r) => r.id)).toEqual([ids[0]]);
    const names = await tp.post('/api/sns-data/fetch-report-names', { clientId }, { token: clientUser.token });
    expect(names.body.data?.reports).toEqual([{ id: reportId, reportName: 'november' }]);
    expect((await tp.post('/api/sns-report/post-report', { clientId, reportId, sendUncategorizRecords: true }, { token: analyst.token })).body.data).toMatchObject({ count: 2 });
    expect((await tp.post('/api/sns-report/post-report', { clientId, reportId, sendUncategorizRecords: true }, { token: analyst.token })).body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: 'All 3 records of this report are already posted to the client. To change what the client sees, edit the records or upload an update.' });

    // Update upload: the decided fields by id; blanks and scraped facts are left alone; published ones notify.
    const header = ['ID', 'Report date', 'SNS category', '1st report date', '1st result', 'Comments', 'Post URL', 'Platform', 'Trademark registration number'];
    const res = await upload('/api/sns-report/batch-update', 'u.xlsx', await xlsxOf(header, [
      [ids[0]!, '2026-1101', 'Counterfeit sales', '2026-1102', 1, 'Fake serum', 'https://ignored.example/', 'YouTube', 'TM-100'],
      [ids[1]!, null, null, null, null, 'Checked', null, null, null],
    ]));
    expect(res.body).toMatchObject({ code: 0, data: { count: 2, reportId: null } });
    const rows = await recordsOf(reportId);
    expect(rows[0]).toMatchObject({ categorize_date: '2026-11-01', category_id: 3, process1_date: '2026-11-02', process1_result: 1, remarks: 'Fake serum', post_url: 'https://www.instagram.com/p/C501xyz/', platform: 1, trademark_id: trademark });
    expect(rows[1]).toMatchObject({ categorize_date: null, category_id: null, remarks: 'Checked' });
    const history = await db.selectFrom('sns_record_history').selectAll().where('record_id', '=', ids[0]!).execute();
    expect(history[0]).toMatchObject({ source: 'upload-update', user_id: analyst.userId, fields: { categoryId: 3, process1ResultId: 1, trademarkId: trademark } });
    const batchNotice = await db.selectFrom('notice').selectAll().where('user_id', '=', clientUser.userId).where('type', '=', 2).execute();
    expect(batchNotice.at(-1)).toMatchObject({
      title: 'Social media records were updated: Sakura Cosmetics',
      content: '2 social media records of Sakura Cosmetics were updated together.',
      target: `/sns-list?clientId=${clientId}`,
      scope: { recordIds: [ids[0], ids[1]] },
    });

    // Foreign and repeated ids refuse the whole sheet.
    const { report_id: theirs } = await db.insertInto('sns_report').values({ client_id: otherClient, report_name: 'theirs', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const { sns_id: foreign } = await db
      .insertInto('sns_record')
      .values({ client_id: otherClient, report_id: theirs, platform: 1, account_url: 'https://x.example/a', post_url: 'https://x.example/p', updated_at: new Date() })
      .returning('sns_id')
      .executeTakeFirstOrThrow();
    const refused = await upload('/api/sns-report/batch-update', 'u.xlsx', await xlsxOf(['ID', 'Comments'], [[ids[2]!, 'changed'], [foreign, 'stolen'], [ids[2]!, 'again']]));
    expect(problemsOf(refused)).toEqual([`4 ID: record ${ids[2]} appears twice in the sheet: keep one row per record`, `3 ID: record ${foreign} does not exist for this client: use the IDs of a report of this client downloaded from the portal`]);
    expect((await recordsOf(reportId))[2]?.remarks).toBe('');

    // The report's download is the list's export over the report: re-uploadable as an update upload.
    const download = await tp.get(`/api/sns-report/download-report?clientId=${clientId}&reportId=${reportId}`, { token: analyst.token });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('november.xlsx');
    const { book, ws, header: labels, col } = await sheetOf(download.bytes);
    expect(labels).toEqual(SNS_RECORD_FIELDS.map((f) => f.en));
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(2).getCell(col('Platform')).value).toBe(1);
    expect(ws.getRow(2).getCell(col('Trademark registration number')).value).toBe('TM-100');
    expect(ws.getRow(2).getCell(col('Report')).value).toBe('november');
    ws.getRow(3).getCell(col('Comments')).value = 'Edited in the downloaded sheet';
    const roundTrip = await upload('/api/sns-report/batch-update', 'november.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(roundTrip.body).toMatchObject({ code: 0, data: { count: 3 } });
    expect((await recordsOf(reportId)).map((r) => r.remarks)).toEqual(['Fake serum', 'Edited in the downloaded sheet', '']);

    for (const user of [outsider, otherUser, clientUser]) {
      const denied = await tp.get(`/api/sns-report/download-report?clientId=${clientId}&reportId=${reportId}`, { token: user.token });
      expect(denied.status === 403 || JSON.parse(denied.bytes.toString()).code === ErrorCode.OBJECT_NOT_FOUND, String(user.userId)).toBe(true);
    }
    const foreignReport = await tp.get(`/api/sns-report/download-report?clientId=${clientId}&reportId=${theirs}`, { token: analyst.token });
    expect(JSON.parse(foreignReport.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });

    // Remove: the records go with the report; another client's report is not found.
    expect((await tp.post('/api/sns-report/remove-report', { clientId, reportId: theirs }, { token: analyst.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    const removed = await tp.post('/api/sns-report/remove-report', { clientId, reportId }, { token: analyst.token });
    expect(removed.body.data).toMatchObject({ count: 3 });
    expect(reportsOf(removed).some((r) => r.id === reportId)).toBe(false);
    expect(await recordsOf(reportId)).toEqual([]);
  });

  it('offers a template whose header a new upload accepts, in the user\'s language', async () => {
    for (const locale of ['en', 'ja'] as const) {
      const me = await createUser(tp, { role: Role.ANALYST, locale });
      await tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: me.userId }).execute();
      const res = await tp.get(`/api/sns-report/download-template?clientId=${clientId}`, { token: me.token, cookie: true });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain('sns-report-template.xlsx');
      const { ws, header, col } = await sheetOf(res.bytes);
      expect(header).toContain(locale === 'en' ? 'Post URL' : '投稿URL');
      expect(header).not.toContain('ID');
      expect(header).not.toContain(locale === 'en' ? 'Black list' : 'ブラックリスト');
      const note = ws.getRow(1).getCell(col(locale === 'en' ? 'Platform' : 'プラットフォーム')).note;
      expect(JSON.stringify(note)).toContain(locale === 'en' ? 'Platform 1-10 or its name (e.g. 10 or Other)' : 'プラットフォーム 1〜10 または名称（例：10、その他）');
      const row = header.map((label): Cell => {
        const key = SNS_RECORD_FIELDS.find((f) => f[locale] === label)?.key;
        return key === 'scanDate' ? '2026-1005' : key === 'platform' ? 'Facebook' : key === 'accountURL' ? 'https://facebook.example/a' : key === 'postURL' ? 'https://facebook.example/p/1' : null;
      });
      const uploaded = await upload('/api/sns-report/upload-report', 'template.xlsx', await xlsxOf(header, [row]), me, locale);
      expect(uploaded.body).toMatchObject({ code: 0, data: { count: 1 } });
    }
    for (const user of [outsider, otherUser]) {
      const res = await tp.get(`/api/sns-report/download-template?clientId=${clientId}`, { token: user.token });
      expect(res.status === 403 || JSON.parse(res.bytes.toString()).code === ErrorCode.OBJECT_NOT_FOUND).toBe(true);
    }
  });
});

describe('the SNS export and record notices', () => {
  it('exports the search result with formula-looking text kept as text, to those who may see it', async () => {
    const db = tp.portal.services.db;
    const c = await createClient(tp, 'Export Co');
    const user = await createUser(tp, { role: Role.CLIENT, clientId: c });
    const { report_id } = await db.insertInto('sns_report').values({ client_id: c, report_name: 'May posts', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const base = { client_id: c, report_id, updated_at: new Date(), scan_date: '2024-05-01', platform: 2 };
    await db
      .insertInto('sns_record')
      .values([
        { ...base, account_url: 'https://a.example/', post_url: 'https://a.example/1', account_name: 'alpha', post_text: '=HYPERLINK("x")', category_id: 5, published: true },
        { ...base, account_url: 'https://b.example/', post_url: 'https://b.example/1', account_name: 'beta', scan_date: '2024-06-01', published: true },
        { ...base, account_url: 'https://hidden.example/', post_url: 'https://hidden.example/1', published: false },
      ])
      .execute();
    const url = (search: Record<string, unknown>) => `/api/sns-data/export-search-result?${new URLSearchParams({ clientId: String(c), search: JSON.stringify(search) }).toString()}`;
    const res = await tp.get(url({}), { token: analyst.token });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/sns-records-Export_Co-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { ws, col } = await sheetOf(res.bytes);
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(2).getCell(col('Account URL')).value).toBe('https://b.example/');
    const cell = ws.getRow(4).getCell(col('Post text'));
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('\'=HYPERLINK("x")');
    expect(cell.formula).toBeUndefined();
    expect(ws.getRow(4).getCell(col('SNS category')).value).toBe(5);

    const mine = await sheetOf((await tp.get(url({ keyword: 'alpha', wordFields: ['accountName'] }), { token: user.token })).bytes);
    expect(mine.ws.rowCount).toBe(2);
    expect((await sheetOf((await tp.get(url({}), { token: user.token })).bytes)).ws.rowCount).toBe(3);
    expect((await tp.get(url({}), { token: otherUser.token })).status).toBe(403);
    expect((await tp.get(url({ whereFields: [{ key: 'pageURL', values: [] }] }), { token: analyst.token })).status).toBe(400);
  });

  it('answers, offers as filter values and exports the list reasons in the reader\'s language (stored in English)', async () => {
    const db = tp.portal.services.db;
    const c = await createClient(tp, 'Reasons Co');
    const reader = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
    const { report_id } = await db.insertInto('sns_report').values({ client_id: c, report_name: 'Reasons', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const stored = 'account id: bad_shop; url: https://x.example/bad';
    await db
      .insertInto('sns_record')
      .values({ client_id: c, report_id, updated_at: new Date(), scan_date: '2024-05-01', platform: 2, account_url: 'https://x.example/bad', post_url: 'https://x.example/bad/1', blacklist: stored, whitelist: 'account: Official', published: true })
      .execute();
    const ja = 'アカウントID：bad_shop; URL：https://x.example/bad';
    const list = await tp.post('/api/sns-data/search-records', { clientId: c }, { token: reader.token, locale: 'ja' });
    expect(list.body.data).toMatchObject({ records: [{ blacklist: ja, whitelist: 'アカウント：Official' }] });
    const en = await tp.post('/api/sns-data/search-records', { clientId: c }, { token: reader.token, locale: 'en' });
    expect(en.body.data).toMatchObject({ records: [{ blacklist: stored }] });
    // A filter value is the stored text (what the search compares), shown by its label.
    const filters = await tp.post('/api/sns-data/fetch-filters', { clientId: c, fieldName: 'blacklist' }, { token: reader.token, locale: 'ja' });
    expect(filters.body.data).toMatchObject({ filters: [{ value: stored, label: ja, count: 1 }] });
    const picked = await tp.post('/api/sns-data/search-records', { clientId: c, whereFields: [{ key: 'blacklist', values: [stored] }] }, { token: reader.token, locale: 'ja' });
    expect(picked.body.data).toMatchObject({ total: 1 });
    // The export (the reader's saved language, as a download sends no header) writes them in Japanese too.
    const res = await tp.get(`/api/sns-data/export-search-result?clientId=${c}`, { token: reader.token });
    const { ws, col } = await sheetOf(res.bytes);
    expect(ws.getRow(2).getCell(col('ブラックリスト')).value).toBe(ja);
  });

  it('tells the client\'s users of saves and batches of their published records, in SNS words', async () => {
    const db = tp.portal.services.db;
    const { report_id } = await db.insertInto('sns_report').values({ client_id: clientId, report_name: 'notices', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const base = { client_id: clientId, report_id, updated_at: new Date(), scan_date: '2024-05-01', platform: 1, account_url: 'https://n.example/' };
    const [a, b, hidden] = (
      await db
        .insertInto('sns_record')
        .values([
          { ...base, post_url: 'https://n.example/1', published: true },
          { ...base, post_url: 'https://n.example/2', published: true },
          { ...base, post_url: 'https://n.example/3', published: false },
        ])
        .returning('sns_id')
        .execute()
    ).map((r) => r.sns_id);
    const before = await db.selectFrom('notice').select('id').where('user_id', '=', clientUser.userId).execute();
    expect((await tp.post('/api/sns-data/update-record', { clientId, recordId: a!, remarks: 'seen', categoryId: 3, categorizeDate: '2024-06-01' }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/sns-data/update-record', { clientId, recordId: hidden!, remarks: 'seen', categoryId: 3, categorizeDate: '2024-06-01' }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/sns-data/batch-update-category', { clientId, recordIds: [a!, b!, hidden!], categoryId: 2 }, { token: analyst.token })).body.code).toBe(0);
    const after = await db.selectFrom('notice').selectAll().where('user_id', '=', clientUser.userId).where('id', 'not in', before.length ? before.map((n) => n.id) : [0]).orderBy('id').execute();
    expect(after.map((n) => [n.type, n.title, n.target])).toEqual([
      [1, 'A social media record was updated: Sakura Cosmetics', `/sns-data/${clientId}/${a}`],
      [2, 'Social media records were updated: Sakura Cosmetics', `/sns-list?clientId=${clientId}`],
    ]);
    expect(after[1]?.scope).toEqual({ recordIds: [a, b] });
  });
});
