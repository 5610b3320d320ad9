import { EC_RECORD_FIELDS, ErrorCode, Role, translate } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { recordCaches, recordsChanged } from '../../records/search/changes.js';
import { recordBatches } from '../../records/export/export.js';
import { orderBy, sortKeys, type SortKey } from '../../records/search/order.js';
import { insertRecords, insertReport, insertSubcategory, type RecordValues } from './fixtures.js';
import { EC_KIND } from './kind.js';

let tp: TestPortal;
let listco: number;
let other: number;
let client: TestUser;
let otherUser: TestUser;
let analyst: TestUser;
let analystJa: TestUser;
let report: number;
let report2: number;
let sub: number;
/** R1..R6 of the fixture below. */
let R: number[];

beforeAll(async () => {
  tp = await startTestPortal();
  listco = await createClient(tp, 'List Co');
  other = await createClient(tp, 'Other Co');
  client = await createUser(tp, { role: Role.CLIENT, clientId: listco });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  analyst = await createUser(tp, { role: Role.ANALYST });
  analystJa = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
  report = await insertReport(tp, listco, 'May report');
  report2 = await insertReport(tp, listco, 'June report');
  sub = await insertSubcategory(tp, 'CF9', 3);
  await tp.portal.services.db.insertInto('custom_column').values({ client_id: listco, column_name: 'Memo', column_category: 2, column_position: 'ec_categorize_remarks', column_order: 1 }).execute();
  const rows: RecordValues[] = [
    { ec_product_title: 'Red bag original', ec_product_seller: 'alice', ec_scan_date: '2024-05-01', ec_product_price: '10.00', ec_product_region: 'CN', ec_is_need_to_check: true, ec_category_id: sub, custom_info: { Memo: '@memo' } },
    { ec_product_title: 'Blue bag copy', ec_product_seller: 'bob', ec_scan_date: '2024-05-01', ec_product_price: null, ec_product_region: '' },
    { ec_product_title: 'Red shoe', ec_product_seller: 'alice', ec_scan_date: '2024-04-15', ec_product_price: '25.50', ec_product_region: 'US', ec_process1_result: 1 },
    { ec_product_title: '=HYPERLINK("x")', ec_product_seller: 'carol', ec_scan_date: null, ec_product_price: '5.00', ec_product_region: 'CN' },
    { ec_product_title: '100% cotton_shirt', ec_product_seller: 'dave', ec_scan_date: '2024-06-10', ec_product_price: '7.00', ec_product_region: 'JP', published: false },
    { ec_product_title: 'Red scarf', ec_product_seller: '', ec_scan_date: '2024-05-20', ec_product_price: '8.00', ec_product_region: 'US', ec_categorize_date: '2024-05-25', ec_no: 42 },
  ];
  R = [...(await insertRecords(tp, listco, report, rows.slice(0, 4))), ...(await insertRecords(tp, listco, report2, rows.slice(4)))];
  const otherReport = await insertReport(tp, other, 'Theirs');
  await insertRecords(tp, other, otherReport, [{ ec_product_title: 'Red bag other' }]);
});
afterAll(async () => {
  await tp?.close();
});

type Listed = { records: { ec_id: number }[]; total: number; offset: number; errorRecordCount: number };
async function list(user: TestUser, body: Record<string, unknown>) {
  const res = await tp.post('/api/ec-data/search-records', { clientId: listco, ...body }, { token: user.token });
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data as unknown as Listed;
}
const idsOf = (l: Listed) => l.records.map((r) => r.ec_id);
/** The fixture's records by number (1-based), e.g. rs(1, 3). */
const rs = (...n: number[]) => n.map((i) => R[i - 1]!);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('the record list', () => {
  it('answers the client\'s records newest scan first (blank dates first, then by id), with the error count for analysts', async () => {
    const all = await list(analyst, {});
    expect(idsOf(all)).toEqual(rs(4, 5, 6, 2, 1, 3));
    expect(all).toMatchObject({ total: 6, offset: 0, errorRecordCount: 1 });
    const mine = await list(client, { filterErrorRecord: 1 });
    expect(idsOf(mine)).toEqual(rs(4, 6, 2, 1, 3));
    expect(mine).toMatchObject({ total: 5, errorRecordCount: 0 });
    expect(idsOf(await list(analyst, { filterErrorRecord: 1 }))).toEqual(rs(3));
    expect((await list(analyst, { filterErrorRecord: true })).total).toBe(1);

    expect((await tp.post('/api/ec-data/search-records', { clientId: listco }, { token: otherUser.token })).status).toBe(403);
    const admin = await createUser(tp, { role: Role.ADMIN });
    expect((await tp.post('/api/ec-data/search-records', { clientId: listco }, { token: admin.token })).status).toBe(403);
  });

  it('searches keywords with the four match types, ids as numbers, several fields at once, and date ranges', async () => {
    const words = (keyword: string, searchType: number, wordFields = ['ec_product_title']) => list(analyst, { keyword, searchType, wordFields }).then(idsOf).then(sorted);
    expect(await words('red', 3)).toEqual(sorted(rs(1, 3, 6)));
    expect(await words('RED', 1)).toEqual(sorted(rs(1, 3, 6)));
    expect(await words('copy', 2)).toEqual(rs(2));
    expect(await words('red shoe', 4)).toEqual(rs(3));
    expect(await words('red', 4)).toEqual([]);
    expect(await words('%', 3)).toEqual(rs(5));
    expect(await words('n_s', 3)).toEqual(rs(5));
    expect(await words('bag_', 3)).toEqual([]);
    expect(await words('alice', 3, ['ec_product_title', 'ec_product_seller'])).toEqual(sorted(rs(1, 3)));
    expect(await words(String(R[2]), 4, ['ec_id'])).toEqual(rs(3));
    expect(await words('42', 4, ['ec_no'])).toEqual(rs(6));
    // A keyword without fields, or fields without a keyword, filters nothing.
    expect((await list(analyst, { keyword: 'red' })).total).toBe(6);

    const dates = (body: Record<string, unknown>) => list(analyst, { dateFields: ['ec_scan_date'], ...body }).then(idsOf).then(sorted);
    expect(await dates({ startDate: '2024-05-01', endDate: '2024-05-31' })).toEqual(sorted(rs(1, 2, 6)));
    expect(await dates({ startDate: '2024-05-02' })).toEqual(sorted(rs(5, 6)));
    expect(await dates({ endDate: '2024-04-30' })).toEqual(rs(3));
    expect(await list(analyst, { dateFields: ['ec_scan_date', 'ec_categorize_date'], startDate: '2024-05-21', endDate: '2024-05-31' }).then(idsOf)).toEqual(rs(6));

    const bad = await tp.post('/api/ec-data/search-records', { clientId: listco, dateFields: ['ec_scan_date'], startDate: '2024-05-02', endDate: '2024-05-01' }, { token: analyst.token });
    expect(bad).toMatchObject({ status: 400, body: { message: translate('en', 'validation.endBeforeStart') } });
    const field = await tp.post('/api/ec-data/search-records', { clientId: listco, whereFields: [{ key: 'url_key; drop table x', values: ['a'] }] }, { token: analyst.token });
    expect(field).toMatchObject({ status: 400, body: { message: translate('en', 'validation.searchField') } });
  });

  it('filters columns by any of their values, null meaning blank, in each column\'s type', async () => {
    const where = (key: string, values: unknown[]) => list(analyst, { whereFields: [{ key, values }] }).then(idsOf).then(sorted);
    expect(await where('ec_product_region', ['CN'])).toEqual(sorted(rs(1, 4)));
    expect(await where('ec_product_region', [null])).toEqual(rs(2));
    expect(await where('ec_product_region', ['US', null])).toEqual(sorted(rs(2, 3, 6)));
    expect(await where('ec_product_seller', [null])).toEqual(rs(6));
    expect(await where('ec_product_price', [10, '25.5'])).toEqual(sorted(rs(1, 3)));
    expect(await where('ec_product_price', [null])).toEqual(rs(2));
    expect(await where('ec_is_need_to_check', [1])).toEqual(rs(1));
    expect((await where('ec_is_need_to_check', [0])).length).toBe(5);
    expect(await where('ec_scan_date', ['2024-05'])).toEqual(sorted(rs(1, 2, 6)));
    expect(await where('ec_scan_date', ['2024-04-15', null])).toEqual(sorted(rs(3, 4)));
    expect(await where('ec_no', ['abc'])).toEqual([]);
    expect(await where('ec_category_id', [sub])).toEqual(rs(1));
    expect(await where('report_id', [report2])).toEqual(sorted(rs(5, 6)));
    expect((await where('ec_product_region', [])).length).toBe(6);
    const two = await list(client, { whereFields: [{ key: 'ec_product_region', values: ['US', 'JP'] }, { key: 'ec_product_seller', values: ['alice'] }] });
    expect(idsOf(two)).toEqual(rs(3));
  });

  it('sorts by the fields asked for, then by id, and pages without overlap', async () => {
    expect(idsOf(await list(analyst, { orderFields: [{ key: 'ec_product_price', value: 1 }] }))).toEqual(rs(4, 5, 6, 1, 3, 2));
    expect(idsOf(await list(analyst, { orderFields: [{ key: 'ec_product_price', value: 2 }] }))).toEqual(rs(3, 1, 6, 5, 4, 2)); // a record without a price is last both ways
    expect(idsOf(await list(analyst, { orderFields: [{ key: 'ec_product_seller', value: 1 }, { key: 'ec_product_title', value: 2 }] }))).toEqual(rs(6, 3, 1, 2, 4, 5));
    expect(idsOf(await list(analyst, { orderFields: [{ key: 'ec_scan_date', value: 1 }] }))).toEqual(rs(3, 1, 2, 6, 5, 4));
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await list(analyst, { limit: 2, offset });
      expect(page).toMatchObject({ total: 6, offset });
      pages.push(...idsOf(page));
    }
    expect(pages).toEqual(rs(4, 5, 6, 2, 1, 3));
    expect(await list(analyst, { limit: 2, offset: 10 })).toMatchObject({ records: [], total: 6 });
    const tooMany = await tp.post('/api/ec-data/search-records', { clientId: listco, limit: 501 }, { token: analyst.token });
    expect(tooMany.status).toBe(400);
  });

  it('opens on the records of one of the user\'s own notices', async () => {
    const db = tp.portal.services.db;
    const notice = async (userId: number, scope: object | null) =>
      (await db.insertInto('notice').values({ user_id: userId, title: 't', type: 3, scope: scope ? JSON.stringify(scope) : null }).returning('id').executeTakeFirstOrThrow()).id;
    const ofReport = await notice(client.userId, { reportId: report2 });
    expect(idsOf(await list(client, { noticeId: ofReport }))).toEqual(rs(6));
    expect(idsOf(await list(analyst, { noticeId: await notice(analyst.userId, { reportId: report2 }) }))).toEqual(rs(5, 6));
    expect(idsOf(await list(client, { noticeId: await notice(client.userId, { recordIds: rs(1, 5) }) }))).toEqual(rs(1));
    expect((await list(client, { noticeId: await notice(client.userId, null) })).total).toBe(5);
    const theirs = await tp.post('/api/ec-data/search-records', { clientId: listco, noticeId: ofReport }, { token: analyst.token });
    expect(theirs.body).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
  });

  it('answers the distinct values of a column with counts, most frequent first, blank as null', async () => {
    const filters = async (user: TestUser, fieldName: string) => {
      const res = await tp.post('/api/ec-data/fetch-filters', { clientId: listco, fieldName }, { token: user.token });
      expect(res.body.code, res.body.message).toBe(0);
      return res.body.data as { filters: { value: unknown; count: number }[]; total: number; offset: number };
    };
    expect(await filters(analyst, 'ec_product_region')).toEqual({
      filters: [{ value: 'CN', count: 2 }, { value: 'US', count: 2 }, { value: null, count: 1 }, { value: 'JP', count: 1 }],
      total: 4,
      offset: 0,
    });
    expect((await filters(client, 'ec_product_region')).filters).toEqual([{ value: 'CN', count: 2 }, { value: 'US', count: 2 }, { value: null, count: 1 }]);
    expect((await filters(analyst, 'ec_is_need_to_check')).filters).toEqual([{ value: 0, count: 5 }, { value: 1, count: 1 }]);
    expect((await filters(analyst, 'ec_product_price')).filters[0]).toEqual({ value: null, count: 1 });
    expect((await filters(analyst, 'ec_product_price')).filters).toContainEqual({ value: 25.5, count: 1 });
    expect((await filters(client, 'ec_scan_date')).filters).toEqual([
      { value: '2024-05-01', count: 2 },
      { value: null, count: 1 },
      { value: '2024-04-15', count: 1 },
      { value: '2024-05-20', count: 1 },
    ]);
    expect((await filters(analyst, 'report_id')).filters).toEqual([{ value: report, count: 4 }, { value: report2, count: 2 }]);
    const bad = await tp.post('/api/ec-data/fetch-filters', { clientId: listco, fieldName: 'password_hash' }, { token: analyst.token });
    expect(bad.status).toBe(400);
    expect((await tp.post('/api/ec-data/fetch-filters', { clientId: listco, fieldName: 'ec_site' }, { token: otherUser.token })).status).toBe(403);
  });
});

describe('kept filter values', () => {
  it('serves kept values until the records change, dropping only what the change touched', async () => {
    const { services } = tp.portal;
    const caches = recordCaches(services, EC_KIND.topic);
    const now = services.clock().getTime();
    const fake = (value: string) => ({ filters: [{ value, count: 99 }], total: 1, offset: 0 });
    caches.filters.set(`${listco}|ec_site|all`, { clientId: listco, field: 'ec_site', answer: fake('kept site') }, now);
    caches.filters.set(`${listco}|ec_response_action|published`, { clientId: listco, field: 'ec_response_action', answer: fake('kept action') }, now);
    const filters = async (user: TestUser, fieldName: string) =>
      (await tp.post('/api/ec-data/fetch-filters', { clientId: listco, fieldName }, { token: user.token })).body.data?.filters as { value: unknown }[];
    expect((await filters(analyst, 'ec_site'))[0]?.value).toBe('kept site');
    expect((await filters(client, 'ec_response_action'))[0]?.value).toBe('kept action');
    // Only the analysts' list has the site kept; the client users' list is computed.
    expect((await filters(client, 'ec_site'))[0]?.value).toBe('Amazon');

    // A batch of response actions drops the action values, not the site values.
    const res = await tp.post('/api/ec-data/batch-update-action', { clientId: listco, recordIds: rs(1), action: 3 }, { token: client.token });
    expect(res.body.code).toBe(0);
    expect(await filters(client, 'ec_response_action')).toEqual([{ value: null, count: 4 }, { value: 3, count: 1 }]);
    expect((await filters(analyst, 'ec_site'))[0]?.value).toBe('kept site');
    await tp.portal.services.db.transaction().execute((trx) => recordsChanged(services, trx, EC_KIND, listco));
    expect((await filters(analyst, 'ec_site'))[0]?.value).toBe('Amazon');
    await tp.portal.services.db.updateTable('ec_record').set({ ec_response_action: null }).where('ec_id', '=', R[0]!).execute();
  });
});

describe('the export', () => {
  /** The export's link: the client, and the search conditions as the JSON search-records takes. */
  const exportUrl = (search: Record<string, unknown>) =>
    `/api/ec-data/export-search-result?${new URLSearchParams({ clientId: String(listco), search: JSON.stringify(search) }).toString()}`;

  async function sheetOf(bytes: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: ExcelJS.CellValue[][] = [];
    ws.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return { ws, rows };
  }

  it('streams the whole search result as .xlsx with the field labels and custom columns, formulas kept as text', async () => {
    const res = await tp.get(exportUrl({}), { token: analyst.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename\*=UTF-8''ec-records-List_Co-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { ws, rows } = await sheetOf(res.bytes);
    const labels = EC_RECORD_FIELDS.map((f) => f.en);
    const memoAt = EC_RECORD_FIELDS.findIndex((f) => f.key === 'ec_categorize_remarks') + 1;
    expect(rows[0]).toEqual([...labels.slice(0, memoAt), 'Memo', ...labels.slice(memoAt)]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(rs(4, 5, 6, 2, 1, 3));

    const col = (key: string) => rows[0]!.indexOf(EC_RECORD_FIELDS.find((f) => f.key === key)!.en) + 1;
    // The formula-looking title comes back as text with its apostrophe, never as a formula.
    const titleCell = ws.getRow(2).getCell(col('ec_product_title'));
    expect(titleCell.type).toBe(ExcelJS.ValueType.String);
    expect(titleCell.value).toBe('\'=HYPERLINK("x")');
    expect(titleCell.formula).toBeUndefined();
    const r1 = ws.getRow(6);
    expect(r1.getCell(col('ec_product_price')).value).toBe(10);
    expect(r1.getCell(col('ec_category_id')).value).toBe('CF9');
    expect(r1.getCell(col('report_id')).value).toBe('May report');
    expect(r1.getCell(col('ec_scan_date')).value).toBe('2024-05-01');
    expect(r1.getCell(memoAt + 1).value).toBe("'@memo");
    expect(ws.getRow(4).getCell(col('ec_no')).value).toBe(42);
  });

  it('applies the search conditions, the user\'s visibility and language, and refuses bad or foreign queries', async () => {
    const filtered = await tp.get(exportUrl({ keyword: 'red', wordFields: ['ec_product_title'], orderFields: [{ key: 'ec_product_price', value: 1 }] }), { token: client.token });
    expect((await sheetOf(filtered.bytes)).rows.slice(1).map((r) => r[0])).toEqual(rs(6, 1, 3));
    const mine = await sheetOf((await tp.get(exportUrl({ filterErrorRecord: 1 }), { token: client.token, cookie: true })).bytes);
    expect(mine.rows).toHaveLength(6);
    const errors = await sheetOf((await tp.get(exportUrl({ filterErrorRecord: 1, wordFields: ['ec_product_title', 'ec_product_seller'], keyword: 'alice' }), { token: analyst.token })).bytes);
    expect(errors.rows.slice(1).map((r) => r[0])).toEqual(rs(3));
    const ja = await sheetOf((await tp.get(exportUrl({}), { token: analystJa.token })).bytes);
    expect(ja.rows[0]![2]).toBe('サイト');
    expect(ja.ws.name).toBe('レコード');

    const bad = await tp.get(exportUrl({ whereFields: [{ key: 'nope', values: [] }] }), { token: analyst.token });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString())).toMatchObject({ code: ErrorCode.BAD_REQUEST, message: translate('en', 'validation.searchField') });
    expect((await tp.get(exportUrl({}), { token: otherUser.token })).status).toBe(403);
    expect((await tp.get(`/api/ec-data/export-search-result?clientId=${listco}&token=${analyst.token}`)).status).toBe(401);
  });

  it('reads in keyset batches that follow every order exactly, blanks and ties included', async () => {
    const keyset = await createClient(tp, 'Keyset Co');
    const rep = await insertReport(tp, keyset);
    const dates = ['2024-05-01', '2024-05-01', null, '2024-04-01', '2024-06-01'];
    const prices = ['1.00', null, '2.00', '2.00', null, '3.00'];
    await insertRecords(tp, keyset, rep, Array.from({ length: 41 }, (_, i) => ({ ec_scan_date: dates[i % 5], ec_product_price: prices[i % 6], ec_product_title: `T${i % 7}` })));
    const db = tp.portal.services.db;
    const where = sql<boolean>`r.client_id = ${keyset}`;
    const orders: SortKey[][] = [
      sortKeys(EC_KIND, []),
      sortKeys(EC_KIND, [{ key: 'ec_scan_date', value: 1 }]),
      sortKeys(EC_KIND, [{ key: 'ec_product_price', value: 1 }]),
      sortKeys(EC_KIND, [{ key: 'ec_product_price', value: 2 }]),
      sortKeys(EC_KIND, [{ key: 'ec_product_title', value: 2 }, { key: 'ec_product_price', value: 1 }]),
      sortKeys(EC_KIND, [{ key: 'ec_scan_date', value: 2 }, { key: 'ec_product_price', value: 2 }]),
      sortKeys(EC_KIND, [{ key: 'ec_id', value: 1 }]),
    ];
    for (const keys of orders) {
      const expected = (await db.selectFrom('ec_record as r').select('r.ec_id').where(where).orderBy(orderBy(EC_KIND, keys)).execute()).map((r) => r.ec_id);
      const got: number[] = [];
      for await (const batch of recordBatches(db, EC_KIND, EC_KIND.export.select, where, keys, { batchSize: 4 })) got.push(...batch.map((r) => r.ec_id));
      expect(got, JSON.stringify(keys)).toEqual(expected);
      expect(got).toHaveLength(41);
    }
    const capped: number[] = [];
    for await (const batch of recordBatches(db, EC_KIND, EC_KIND.export.select, where, sortKeys(EC_KIND, []), { batchSize: 4, max: 10 })) capped.push(...batch.map((r) => r.ec_id));
    expect(capped).toHaveLength(10);
  });
});
