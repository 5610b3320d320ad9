import { ErrorCode, Role, type EcReport, type UploadProblem } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { HEADER_EN, HEADER_JA, listing, xlsOf, xlsxOf, type Cell } from './report-fixtures.js';

let tp: TestPortal;
let clientId: number;
let analyst: TestUser;
let clientUser: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  const db = tp.portal.services.db;
  clientId = await createClient(tp, 'Sakura Cosmetics');
  analyst = await createUser(tp, { role: Role.ANALYST });
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
  await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
  // Master data the matching reads.
  const { brand_id } = await db.insertInto('brand').values({ client_id: clientId, brand_name: 'Sakura Glow' }).returning('brand_id').executeTakeFirstOrThrow();
  await db.insertInto('brand_keyword').values({ client_id: clientId, brand_id, keyword_name: 'sakura' }).execute();
  await db.insertInto('special_word').values([{ client_id: clientId, type: 1, word: 'compatible with' }, { client_id: clientId, type: 2, word: 'genuine' }]).execute();
  await db.insertInto('special_url').values([
    { client_id: clientId, type: 2, url: 'https://www.amazon.example/shop/bad-seller', seller: '', seller_id: '', company: '', remarks: '' },
    { client_id: clientId, type: 1, url: '', seller: 'Official Store', seller_id: '', company: '', remarks: '' },
  ]).execute();
  await db.insertInto('custom_column').values({ client_id: clientId, column_name: 'Lot', column_category: 1, column_position: 'ec_product_title', column_order: 0 }).execute();
});
afterAll(async () => {
  await tp?.close();
});

const upload = (path: '/api/ec-report/upload-report' | '/api/ec-report/batch-update', name: string, bytes: Buffer, user: TestUser = analyst, locale: 'en' | 'ja' = 'en', client = clientId) =>
  tp.upload(path, { clientId: client }, { name, bytes }, { token: user.token, locale });
const count = async (table: 'ec_record' | 'ec_report') => Number((await tp.portal.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const reportsOf = (res: Awaited<ReturnType<typeof upload>>) => res.body.data?.reports as EcReport[];

describe('new upload', () => {
  it('creates a report whose records are checked, matched against the master data and flagged as repeats', async () => {
    const rows: Cell[][] = [
      listing(1, { title: 'Sakura Glow lotion, compatible with refills' }),
      listing(2, { sellerUrl: 'https://amazon.example/shop/bad-seller/', seller: 'Bad' }),
      listing(3, { seller: 'official store', title: 'Plain lotion' }),
      listing(4, { title: 'Plain cream', url: 'https://amazon.example/dp/B000001/' }), // the same listing as row 1
    ];
    const res = await upload('/api/ec-report/upload-report', 'october.xlsx', await xlsxOf([...HEADER_EN, 'Lot'], rows.map((r, i) => [...r, `L-${i}`])));
    expect(res.body).toMatchObject({ code: 0, data: { count: 4 } });
    const reportId = res.body.data?.reportId as number;
    expect(reportsOf(res)[0]).toMatchObject({ report_id: reportId, report_name: 'october', report_scrape_count: 4, report_repeat_count: 1, report_uncategrize_count: 4, report_need_check_count: 3 });

    const records = await tp.portal.services.db.selectFrom('ec_record').selectAll().where('report_id', '=', reportId).orderBy('ec_id').execute();
    expect(records[0]).toMatchObject({
      ec_product_title: 'Sakura Glow lotion, compatible with refills',
      ec_scan_date: '2026-10-01',
      ec_product_price: '19.99',
      ec_title_hint_word: "compatible: 'compatible with'",
      ec_brand_hint_word: "keyword 'sakura' (brand Sakura Glow)",
      ec_is_need_to_check: true,
      is_repeat: false,
      published: false,
      custom_info: { Lot: 'L-0' },
    });
    expect(records[1]).toMatchObject({ ec_blacklist_object: 'url: https://www.amazon.example/shop/bad-seller', ec_is_need_to_check: true });
    expect(records[2]).toMatchObject({ ec_whitelist_object: 'seller: Official Store', ec_is_need_to_check: true });
    expect(records[3]).toMatchObject({ is_repeat: true, ec_is_need_to_check: false });
  });

  it('answers the match reasons in the reader\'s language (stored once, in English)', async () => {
    const search = async (locale: 'en' | 'ja') => {
      const res = await tp.post('/api/ec-data/search-records', { clientId }, { token: analyst.token, locale });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return res.body.data?.records as Record<string, unknown>[];
    };
    const pick = (records: Record<string, unknown>[], title: string) => records.find((r) => r.ec_product_title === title)!;
    const en = await search('en');
    expect(pick(en, 'Sakura Glow lotion, compatible with refills')).toMatchObject({ ec_title_hint_word: "compatible: 'compatible with'", ec_brand_hint_word: "keyword 'sakura' (brand Sakura Glow)" });
    const ja = await search('ja');
    const first = pick(ja, 'Sakura Glow lotion, compatible with refills');
    expect(first).toMatchObject({ ec_title_hint_word: '互換品の表現：「compatible with」', ec_brand_hint_word: 'キーワード「sakura」（ブランド：Sakura Glow）' });
    expect(ja.find((r) => r.ec_blacklist_object !== '')).toMatchObject({ ec_blacklist_object: 'URL：https://www.amazon.example/shop/bad-seller' });
    expect(ja.find((r) => r.ec_whitelist_object !== '')).toMatchObject({ ec_whitelist_object: '出品者：Official Store' });
    // The detail answers the same.
    const detail = await tp.post('/api/ec-data/get-record', { clientId, recordId: first.ec_id }, { token: analyst.token, locale: 'ja' });
    expect(detail.body.data?.record).toMatchObject({ ec_title_hint_word: '互換品の表現：「compatible with」' });
    // The column filter offers the stored text (what it compares) labelled in Japanese; the export writes Japanese.
    const filters = await tp.post('/api/ec-data/fetch-filters', { clientId, fieldName: 'ec_title_hint_word' }, { token: analyst.token, locale: 'ja' });
    expect(filters.body.data?.filters).toContainEqual(expect.objectContaining({ value: "compatible: 'compatible with'", label: '互換品の表現：「compatible with」' }));
    const reader = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await tp.get(`/api/ec-data/export-search-result?clientId=${clientId}`, { token: reader.token })).bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const hints = sheet.getColumn((sheet.getRow(1).values as string[]).indexOf('タイトルヒントワード')).values;
    expect(hints).toContain('互換品の表現：「compatible with」');
    expect(hints).not.toContain("compatible: 'compatible with'");
  });

  it('reads Japanese header labels and legacy .xls files', async () => {
    const ja = await upload('/api/ec-report/upload-report', 'ja.xlsx', await xlsxOf(HEADER_JA, [listing(101)]), analyst, 'ja');
    expect(ja.body).toMatchObject({ code: 0, data: { count: 1 } });
    const xls = await upload('/api/ec-report/upload-report', 'legacy.xls', xlsOf(HEADER_EN, [listing(102), listing(103, { scan: '2026-0915' })]));
    expect(xls.body).toMatchObject({ code: 0, data: { count: 2 } });
    const scans = await tp.portal.services.db.selectFrom('ec_record').select('ec_scan_date').where('report_id', '=', xls.body.data?.reportId as number).orderBy('ec_id').execute();
    expect(scans.map((s) => s.ec_scan_date)).toEqual(['2026-10-01', '2026-09-15']);
  });

  it('lists every problem with its row, column and rule, in the user\'s language, and writes nothing', async () => {
    const before = [await count('ec_report'), await count('ec_record')];
    const rows: Cell[][] = [
      listing(201),
      listing(202, { url: 'not a url', currency: 'XYZ' }),
      listing(203, { scan: '2026/13', title: null }),
      listing(204, { title: { formula: 'HYPERLINK("http://evil.example")' } }),
      listing(205, { title: '=cmd|"/c calc"!A1', price: 'cheap', stock: -1 }),
    ];
    const res = await upload('/api/ec-report/upload-report', 'bad.xlsx', await xlsxOf(HEADER_EN, rows));
    expect(res.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: 'Problems found in the spreadsheet: 8. Nothing was saved. Please correct the rows listed and upload the file again.' });
    const errors = (res.body.data as { errors: UploadProblem[]; total: number }).errors;
    expect(errors.map((e) => `${e.sheet} ${e.row} ${e.column}: ${e.message}`)).toEqual([
      'Report 3 Listing URL: must be a URL starting with http:// or https://',
      'Report 3 Currency: XYZ is not an ISO currency code: use three letters such as USD, JPY or CNY',
      'Report 4 Scan date: must be a month as YYYY-MM (or a date as YYYY-MMDD)',
      'Report 4 Listing title: required',
      'Report 5 Listing title: formulas are not accepted; enter the value itself',
      'Report 6 Listing title: text may not start with =, +, - or @ (a spreadsheet could run it as a formula)',
      'Report 6 Price: must be a price: a number of at least 0 with at most two decimals',
      'Report 6 Inventory: must be a whole number of at least 0',
    ]);
    expect([await count('ec_report'), await count('ec_record')]).toEqual(before);

    const ja = await upload('/api/ec-report/upload-report', 'bad.xlsx', await xlsxOf(HEADER_EN, [listing(206, { currency: 'ABC' })]), analyst, 'ja');
    expect(ja.body.message).toBe('スプレッドシートに1件の問題があるため、何も保存しませんでした。一覧の行を修正して、もう一度アップロードしてください。');
    expect((ja.body.data as { errors: UploadProblem[] }).errors[0]?.message).toBe('ABCはISO通貨コードではありません。USD、JPY、CNYのような3文字で入力してください');
  });

  it('refuses unknown, repeated and missing header columns', async () => {
    const res = await upload('/api/ec-report/upload-report', 'h.xlsx', await xlsxOf(['Site', 'Site', 'Colour', 'Listing title'], [['Amazon', 'x', 'red', 't']]));
    const errors = (res.body.data as { errors: UploadProblem[] }).errors.map((e) => `${e.row} ${e.column}: ${e.message}`);
    expect(errors).toEqual([
      '1 Site: appears twice in the header row',
      '1 Colour: is not a column of the template: correct the header or remove the column (the template\'s "How to fill" sheet lists the columns)',
      '1 Scan date: this required column is missing: add it to the header row (download the template for the exact header)',
      '1 Search keyword: this required column is missing: add it to the header row (download the template for the exact header)',
      '1 Listing URL: this required column is missing: add it to the header row (download the template for the exact header)',
    ]);
  });

  it('leaves nothing behind when the last row of a large sheet is bad (earlier batches are rolled back)', async () => {
    const before = [await count('ec_report'), await count('ec_record')];
    const rows = Array.from({ length: 4500 }, (_, i) => listing(10_000 + i));
    rows.push(listing(20_000, { url: 'ftp://nope' }));
    const res = await upload('/api/ec-report/upload-report', 'big.xlsx', await xlsxOf(HEADER_EN, rows));
    expect(res.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, data: { total: 1 } });
    expect([await count('ec_report'), await count('ec_record')]).toEqual(before);
  });

  it('refuses the wrong extension, a corrupt or truncated file, a zip bomb, and an empty sheet', async () => {
    const good = await xlsxOf(HEADER_EN, [listing(301)]);
    const cases: [string, Buffer, string][] = [
      ['report.pdf', Buffer.from('%PDF-1.4 not a spreadsheet'), 'Only .xlsx, .xls and .csv files can be uploaded. Please save the report as .xlsx (in Excel: File > Save As) and upload it again.'],
      ['report.xlsx', Buffer.from('this is not a spreadsheet at all'), 'The file could not be read as a spreadsheet: it may be damaged, truncated or of another type. Please open it in Excel, save it as .xlsx and upload it again.'],
      ['report.xlsx', good.subarray(0, Math.floor(good.length / 2)), 'The file could not be read as a spreadsheet: it may be damaged, truncated or of another type. Please open it in Excel, save it as .xlsx and upload it again.'],
      ['bomb.xlsx', zipBomb(), 'A part of the spreadsheet unpacks to more than 200 times its packed size, far more than any real spreadsheet (a zip bomb), so it is not read. Please save the report again from Excel as .xlsx.'],
      ['empty.xlsx', await xlsxOf(HEADER_EN, []), "The spreadsheet has no records below its header row (an unchanged example row does not count). Please enter the records below the template's header row."],
      ['huge.xls', Buffer.concat([xlsOf(HEADER_EN, [listing(302)]), Buffer.alloc(21 * 1024 * 1024)]), 'Legacy .xls files can be at most 20 MB. Please save the report as .xlsx.'],
    ];
    const before = [await count('ec_report'), await count('ec_record')];
    for (const [name, bytes, message] of cases) {
      const res = await upload('/api/ec-report/upload-report', name, bytes);
      expect(res.body, name).toMatchObject({ message });
    }
    const tooBig = await upload('/api/ec-report/upload-report', 'big.xlsx', Buffer.alloc(50 * 1024 * 1024 + 1));
    expect(tooBig.body).toMatchObject({ code: ErrorCode.FILE_REJECTED, message: 'The file is larger than 50 MB, the most this upload takes. Please choose a smaller file (a large report can be split into several files).' });
    expect([await count('ec_report'), await count('ec_record')]).toEqual(before);
  });

  it('counts only rows with data against the row limit (a record far down after blank rows is read)', async () => {
    const res = await upload('/api/ec-report/upload-report', 'far.xlsx', await sparseRow(1_000_002));
    expect(res.body).toMatchObject({ code: 0, data: { count: 1 } });
  });

  it('is for analysts among the client\'s managers only', async () => {
    const bytes = await xlsxOf(HEADER_EN, [listing(401)]);
    const outsider = await createUser(tp, { role: Role.ANALYST });
    expect((await upload('/api/ec-report/upload-report', 'a.xlsx', bytes, outsider)).status).toBe(403);
    expect((await upload('/api/ec-report/upload-report', 'a.xlsx', bytes, clientUser)).status).toBe(403);
    expect((await tp.post('/api/ec-report/fetch-reports', { clientId }, { token: outsider.token })).status).toBe(403);
  });
});

describe('update upload', () => {
  it('updates the fields the sheet fills by record id, leaves blanks alone, and writes history', async () => {
    const created = await upload('/api/ec-report/upload-report', 'u.xlsx', await xlsxOf(HEADER_EN, [listing(501), listing(502)]));
    const ids = (await tp.portal.services.db.selectFrom('ec_record').select('ec_id').where('report_id', '=', created.body.data?.reportId as number).orderBy('ec_id').execute()).map((r) => Number(r.ec_id));
    const header = ['ID', 'Report date', '1st report date', '1st result', 'Comments', 'Listing title', 'Lot'];
    const res = await upload('/api/ec-report/batch-update', 'u.xlsx', await xlsxOf(header, [
      [ids[0]!, '2026-1101', '2026-1102', 2, 'Counterfeit', 'ignored: scraped fields are not updated', 'L-9'],
      [ids[1]!, null, null, null, 'Checked', null, null],
    ]));
    expect(res.body).toMatchObject({ code: 0, data: { count: 2, reportId: null } });
    const rows = await tp.portal.services.db.selectFrom('ec_record').selectAll().where('ec_id', 'in', ids).orderBy('ec_id').execute();
    expect(rows[0]).toMatchObject({ ec_categorize_date: '2026-11-01', ec_process1_date: '2026-11-02', ec_process1_result: 2, ec_categorize_remarks: 'Counterfeit', ec_product_title: 'Sakura Glow lotion 501', custom_info: { Lot: 'L-9' } });
    expect(rows[1]).toMatchObject({ ec_categorize_date: null, ec_categorize_remarks: 'Checked' });
    const history = await tp.portal.services.db.selectFrom('ec_record_history').selectAll().where('record_id', '=', ids[0]!).execute();
    expect(history[0]).toMatchObject({ source: 'upload-update', user_id: analyst.userId, fields: { ec_process1_result: 2, 'custom:Lot': 'L-9' } });
  });

  it('refuses ids of another client, repeated ids and a sheet without the id column, changing nothing', async () => {
    const other = await createClient(tp);
    const db = tp.portal.services.db;
    const { report_id } = await db.insertInto('ec_report').values({ client_id: other, report_name: 'x', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const { ec_id: foreign } = await db
      .insertInto('ec_record')
      .values({ client_id: other, report_id, ec_site: 'A', ec_product_title: 'T', ec_product_url: 'https://a.example/1', url_key: 'a.example/1', updated_at: new Date() })
      .returning('ec_id')
      .executeTakeFirstOrThrow();
    const mine = Number((await db.selectFrom('ec_record').select('ec_id').where('client_id', '=', clientId).executeTakeFirstOrThrow()).ec_id);
    const res = await upload('/api/ec-report/batch-update', 'u.xlsx', await xlsxOf(['ID', 'Comments'], [[mine, 'changed'], [Number(foreign), 'stolen'], [mine, 'again']]));
    expect((res.body.data as { errors: UploadProblem[] }).errors.map((e) => `${e.row}: ${e.message}`)).toEqual([
      '4: record ' + mine + ' appears twice in the sheet: keep one row per record',
      '3: record ' + Number(foreign) + ' does not exist for this client: use the IDs of a report of this client downloaded from the portal',
    ]);
    const after = await db.selectFrom('ec_record').select(['ec_id', 'ec_categorize_remarks']).where('ec_id', 'in', [mine, Number(foreign)]).execute();
    expect(after.every((r) => r.ec_categorize_remarks !== 'changed' && r.ec_categorize_remarks !== 'stolen')).toBe(true);
    const noId = await upload('/api/ec-report/batch-update', 'u.xlsx', await xlsxOf(['Comments'], [['x']]));
    expect((noId.body.data as { errors: UploadProblem[] }).errors[0]).toMatchObject({ column: 'ID', message: 'this required column is missing: add it to the header row (download the template for the exact header)' });
  });
});

describe('report actions', () => {
  it('inherits categorization from earlier records of the same listing, deletes repeats, posts and removes', async () => {
    const db = tp.portal.services.db;
    const sub = await db.insertInto('infringement_category').values({ name: '偽物', name_en: 'Counterfeit', code: 'C' }).returning('id').executeTakeFirstOrThrow();
    const { id: subId } = await db.insertInto('infringement_subcategory').values({ category_id: sub.id, name: '模倣品', name_en: 'Fake', code: 'C-1', common_category: 3 }).returning('id').executeTakeFirstOrThrow();
    const first = await upload('/api/ec-report/upload-report', 'first.xlsx', await xlsxOf(HEADER_EN, [listing(601), listing(602)]));
    const firstId = first.body.data?.reportId as number;
    await db.updateTable('ec_record').set({ ec_category_id: subId, ec_category_common_type_id: 3, ec_categorize_date: '2026-11-01', ec_process1_date: '2026-11-02', ec_process1_result: 2 }).where('report_id', '=', firstId).where('ec_product_url', 'like', '%601').execute();

    const second = await upload('/api/ec-report/upload-report', 'second.xlsx', await xlsxOf(HEADER_EN, [listing(601), listing(602), listing(603)]));
    const reportId = second.body.data?.reportId as number;
    const act = (path: '/api/ec-report/inherit-records' | '/api/ec-report/delete-repeat-records' | '/api/ec-report/remove-report', id = reportId) =>
      tp.post(path, { clientId, reportId: id }, { token: analyst.token });

    const inherited = await act('/api/ec-report/inherit-records');
    expect(inherited.body.data).toMatchObject({ count: 1 });
    const carried = await db.selectFrom('ec_record').selectAll().where('report_id', '=', reportId).where('ec_product_url', 'like', '%601').executeTakeFirstOrThrow();
    expect(carried).toMatchObject({ ec_category_id: subId, ec_process1_result: 2, ec_categorize_date: '2026-11-01' });
    expect((inherited.body.data?.reports as EcReport[]).find((r) => r.report_id === reportId)).toMatchObject({ report_inherited_count: 1, report_repeat_count: 2, report_uncategrize_count: 2 });

    tp.mailbox.clear();
    const post = await tp.post('/api/ec-report/post-report', { clientId, reportId }, { token: analyst.token });
    expect(post.body.data).toMatchObject({ count: 1 });
    const notices = await db.selectFrom('notice').selectAll().where('user_id', '=', clientUser.userId).where('type', '=', 3).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'A new EC report is ready: Sakura Cosmetics', scope: { reportId } });
    const centre = await tp.post('/api/notication/search-notification', { offset: 0, limit: 10 }, { token: clientUser.token });
    const listed = (centre.body.data?.notices as { id: number; target_url: string }[]).find((n) => n.id === notices[0]!.id);
    expect(listed?.target_url).toBe(`/ec-list?clientId=${clientId}&noticeId=${notices[0]!.id}`);
    // The two left are uncategorized: posting without them says so and points to the option that includes them.
    const noneCategorized = await tp.post('/api/ec-report/post-report', { clientId, reportId }, { token: analyst.token });
    expect(noneCategorized.body).toMatchObject({
      code: ErrorCode.UPLOAD_REJECTED,
      message: 'Nothing was posted: none of the 2 records waiting to be posted is categorized. Please categorize them first, or tick "Include uncategorized records" to post them as they are.',
    });
    const noneJa = await tp.post('/api/ec-report/post-report', { clientId, reportId }, { token: analyst.token, locale: 'ja' });
    expect(noneJa.body.message).toContain('「未分類のレコードも公開する」');
    const withAll = await tp.post('/api/ec-report/post-report', { clientId, reportId, sendUncategorizRecords: true }, { token: analyst.token });
    expect(withAll.body.data).toMatchObject({ count: 2 });
    const again = await tp.post('/api/ec-report/post-report', { clientId, reportId, sendUncategorizRecords: true }, { token: analyst.token });
    expect(again.body).toMatchObject({ code: ErrorCode.UPLOAD_REJECTED, message: 'All 3 records of this report are already posted to the client. To change what the client sees, edit the records or upload an update.' });

    // The report's download is the list's export: re-uploadable as an update upload.
    const download = await tp.get(`/api/ec-report/download-report?clientId=${clientId}&reportId=${reportId}`, { token: analyst.token });
    expect(download.headers['content-disposition']).toContain('second.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const idColumn = header.indexOf('ID') + 1;
    const remarksColumn = header.indexOf('Comments') + 1;
    sheet.getRow(2).getCell(remarksColumn).value = 'Edited in the downloaded sheet';
    const roundTrip = await upload('/api/ec-report/batch-update', 'second.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(roundTrip.body).toMatchObject({ code: 0, data: { count: 3 } });
    const edited = await db.selectFrom('ec_record').select('ec_categorize_remarks').where('ec_id', '=', Number(sheet.getRow(2).getCell(idColumn).value)).executeTakeFirstOrThrow();
    expect(edited.ec_categorize_remarks).toBe('Edited in the downloaded sheet');
    const outsiderDownload = await tp.get(`/api/ec-report/download-report?clientId=${clientId}&reportId=${reportId}`, { token: (await createUser(tp, { role: Role.ANALYST })).token });
    expect(outsiderDownload.status).toBe(403);

    const repeats = await act('/api/ec-report/delete-repeat-records');
    expect(repeats.body.data).toMatchObject({ count: 2 });
    const removed = await act('/api/ec-report/remove-report', firstId);
    expect(removed.body.data).toMatchObject({ count: 2 });
    expect((removed.body.data?.reports as EcReport[]).some((r) => r.report_id === firstId)).toBe(false);

    const other = await createClient(tp);
    const foreign = await tp.post('/api/ec-report/remove-report', { clientId, reportId: (await db.insertInto('ec_report').values({ client_id: other, report_name: 'theirs', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow()).report_id }, { token: analyst.token });
    expect(foreign.body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);

    const names = await tp.post('/api/ec-data/fetch-report-names', { clientId }, { token: clientUser.token });
    expect(names.body.data?.reports).toEqual([{ report_id: reportId, report_name: 'second' }]);
  });

  it('offers a template whose header a new upload accepts, in the user\'s language', async () => {
    for (const locale of ['en', 'ja'] as const) {
      const me = await createUser(tp, { role: Role.ANALYST, locale });
      await tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: me.userId }).execute();
      const res = await tp.get(`/api/ec-report/download-template?clientId=${clientId}`, { token: me.token, cookie: true });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
      const header = (workbook.worksheets[0]!.getRow(1).values as string[]).slice(1);
      expect(header[0]).toBe(locale === 'en' ? 'No.' : 'No.');
      expect(header).toContain(locale === 'en' ? 'Listing URL' : '商品URL');
      expect(header.at(-1)).toBe('Lot');
      const row = [null, 'Amazon', '2026-10', 'kw', null, 'Title', 'https://shop.example/template-check'];
      const uploaded = await upload('/api/ec-report/upload-report', 'template.xlsx', await xlsxOf(header, [row]), me, locale);
      expect(uploaded.body).toMatchObject({ code: 0, data: { count: 1 } });
    }
    const outsider = await createUser(tp, { role: Role.ANALYST });
    expect((await tp.get(`/api/ec-report/download-template?clientId=${clientId}`, { token: outsider.token })).status).toBe(403);
  });
});

/** A zip whose central directory claims a part of 3 GB from 1,000 bytes: refused for its ratio before anything is unpacked. */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(1000, 20); // packed
  central.writeUInt32LE(3_000_000_000, 24); // unpacked
  central.writeUInt16LE(name.length, 28);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + name.length, 12);
  eocd.writeUInt32LE(30 + name.length + 1000, 16);
  return Buffer.concat([local, name, Buffer.alloc(1000), central, name, eocd]);
}

/** A sheet with its header and one row far down: more rows than an upload takes, without writing them all. */
async function sparseRow(rowNumber: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow(HEADER_EN);
  sheet.getRow(rowNumber).values = listing(1) as ExcelJS.CellValue[];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
