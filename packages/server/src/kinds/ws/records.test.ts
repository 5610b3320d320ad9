import { ErrorCode, Role, translate, type CallOutput, type CallPath } from '@portal/contract';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WsRecordTable } from '../../platform/schema.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let acme: number;
let other: number;
let acmeUser: TestUser;
let otherUser: TestUser;
let analyst: TestUser;
let acmeReport: number;
let trademark: number;
let otherTrademark: number;
let serial = 0;

async function insertReport(clientId: number, name: string, posted = true) {
  const row = await tp.portal.services.db
    .insertInto('ws_report')
    .values({ client_id: clientId, report_name: name, upload_date: tp.clock.now, send_date: posted ? tp.clock.now : null })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  return row.report_id;
}
async function insertRecords(clientId: number, reportId: number, rows: Partial<Omit<Insertable<WsRecordTable>, 'client_id' | 'report_id'>>[]) {
  const values = rows.map((r) => {
    serial += 1;
    return { client_id: clientId, report_id: reportId, scan_date: '2024-05-01', page_url: `https://fake${serial}.example/`, page_domain: `fake${serial}.example`, published: true, updated_at: tp.clock.now, ...r };
  });
  return (await tp.portal.services.db.insertInto('ws_record').values(values).returning('ws_id').execute()).map((x) => x.ws_id);
}
const NOT_FOUND = { code: ErrorCode.OBJECT_NOT_FOUND };
/** The answer's data in the contract's type. */
const data = <P extends CallPath>(_path: P, res: { body: { data: unknown } }) => res.body.data as CallOutput<P> | null;

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other Co');
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ana Lyst' });
  await manage(tp, analyst, acme, other);
  acmeReport = await insertReport(acme, 'Acme sites');
  const db = tp.portal.services.db;
  const mark = (clientId: number, no: string) => ({ client_id: clientId, no, region: 'JP', type: '25', text: no, created_at: tp.clock.now, updated_at: tp.clock.now });
  trademark = (await db.insertInto('trademark').values(mark(acme, 'T-1')).returning('trademark_id').executeTakeFirstOrThrow()).trademark_id;
  otherTrademark = (await db.insertInto('trademark').values(mark(other, 'T-9')).returning('trademark_id').executeTakeFirstOrThrow()).trademark_id;
});
afterAll(async () => {
  await tp?.close();
});

describe('the WS record list', () => {
  it('searches, filters, sorts and pages; clients see only published records of their company; analysts see errors', async () => {
    const c = await createClient(tp, 'ListCo');
    const user = await createUser(tp, { role: Role.CLIENT, clientId: c });
    const report = await insertReport(c, 'List');
    const [a, b, hidden, bad] = await insertRecords(c, report, [
      { page_url: 'https://phish-shop.example/login', page_domain: 'phish-shop.example', scan_date: '2024-06-01', category_id: 11, whois: 'Registrant: X\nCountry: CN' },
      { page_url: 'https://official.example/', page_domain: 'official.example', scan_date: '2024-05-01', category_id: 1 },
      { published: false },
      { process2_result: 2, process2_date: '2024-06-02', scan_date: '2024-04-01' },
    ]);
    const all = await tp.post('/api/ws-data/search-records', { clientId: c }, { token: analyst.token });
    expect(all.body.code).toBe(0);
    // Newest scan first, then the id descending.
    expect(data('/api/ws-data/search-records', all)?.records.map((r) => r.id)).toEqual([a, hidden, b, bad]);
    expect(data('/api/ws-data/search-records', all)?.total).toBe(4);
    expect(data('/api/ws-data/search-records', all)?.errorRecordCount).toBe(1);
    expect(data('/api/ws-data/search-records', all)?.records[0]).toMatchObject({ id: a, pageURL: 'https://phish-shop.example/login', categoryId: 11, whois: 'Registrant: X\nCountry: CN', is_error: false, client_id: c });

    const mine = await tp.post('/api/ws-data/search-records', { clientId: c }, { token: user.token });
    expect(data('/api/ws-data/search-records', mine)?.records.map((r) => r.id).sort()).toEqual([a, b, bad].sort());
    expect(data('/api/ws-data/search-records', mine)?.errorRecordCount).toBe(0);

    const fuzzy = await tp.post('/api/ws-data/search-records', { clientId: c, keyword: 'phish', wordFields: ['pageURL', 'pageDomain'] }, { token: analyst.token });
    expect(data('/api/ws-data/search-records', fuzzy)?.records.map((r) => r.id)).toEqual([a]);
    const filtered = await tp.post('/api/ws-data/search-records', { clientId: c, whereFields: [{ key: 'categoryId', values: [1] }] }, { token: analyst.token });
    expect(data('/api/ws-data/search-records', filtered)?.records.map((r) => r.id)).toEqual([b]);
    const errors = await tp.post('/api/ws-data/search-records', { clientId: c, filterErrorRecord: 1 }, { token: analyst.token });
    expect(data('/api/ws-data/search-records', errors)?.records.map((r) => r.id)).toEqual([bad]);
    const sorted = await tp.post('/api/ws-data/search-records', { clientId: c, orderFields: [{ key: 'scanDate', value: 1 }], limit: 2, offset: 0 }, { token: user.token });
    expect(data('/api/ws-data/search-records', sorted)?.records.map((r) => r.id)).toEqual([bad, b]);
    const ecName = await tp.post('/api/ws-data/search-records', { clientId: c, orderFields: [{ key: 'ec_scan_date', value: 1 }] } as never, { token: analyst.token });
    expect(ecName.body.code).not.toBe(0);

    const filters = await tp.post('/api/ws-data/fetch-filters', { clientId: c, fieldName: 'categoryId' }, { token: analyst.token });
    expect(data('/api/ws-data/fetch-filters', filters)?.filters).toEqual(expect.arrayContaining([{ value: 11, count: 1 }, { value: 1, count: 1 }, { value: null, count: 2 }]));

    const foreign = await tp.post('/api/ws-data/search-records', { clientId: c }, { token: otherUser.token });
    expect(foreign.body.code).not.toBe(0);
    const names = await tp.post('/api/ws-data/fetch-report-names', { clientId: c }, { token: user.token });
    expect(data('/api/ws-data/fetch-report-names', names)?.reports).toEqual([{ id: report, reportName: 'List' }]);
  });
});

describe('one WS record', () => {
  it('answers published records to the client, hides others and other companies', async () => {
    const [pub, hidden] = await insertRecords(acme, acmeReport, [{}, { published: false }]);
    expect(data('/api/ws-data/get-record', await tp.post('/api/ws-data/get-record', { clientId: acme, recordId: pub! }, { token: acmeUser.token }))?.record.id).toBe(pub);
    expect((await tp.post('/api/ws-data/get-record', { clientId: acme, recordId: hidden! }, { token: acmeUser.token })).body).toMatchObject(NOT_FOUND);
    expect((await tp.post('/api/ws-data/get-record', { clientId: acme, recordId: hidden! }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/ws-data/get-record', { clientId: acme, recordId: pub! }, { token: otherUser.token })).body.code).not.toBe(0);
    expect((await tp.post('/api/ws-data/get-record', { clientId: other, recordId: pub! }, { token: otherUser.token })).body).toMatchObject(NOT_FOUND);
  });

  it('saves an analyst categorization as phishing with a first round, in the spec order, with history', async () => {
    const [id] = await insertRecords(acme, acmeReport, [{}]);
    const save = (body: Record<string, unknown>) => tp.post('/api/ws-data/update-record', { clientId: acme, recordId: id!, ...body } as never, { token: analyst.token });
    const cases: [Record<string, unknown>, string][] = [
      [{ categoryId: 11 }, translate('en', 'validation.categorizeDateRequired')],
      [{ categorizeDate: '2024-06-01' }, translate('en', 'validation.recordCategoryRequired')],
      [{ categorizeDate: '2024-06-01', categoryId: 11, process1Result: 1 }, translate('en', 'validation.roundIncomplete', { round: 1 })],
      [{ categorizeDate: '2024-06-01', categoryId: 11, process2Result: 1, process2Date: '2024-06-02' }, translate('en', 'validation.roundOrder', { round: 1 })],
      [{ categorizeDate: '2024-06-01', categoryId: 11, process1Result: 1, process1Date: '2024-06-02', processResult: 2 }, translate('en', 'validation.finalIncomplete')],
      [{ categorizeDate: '2024-06-01', categoryId: 11, processResult: 2, processConfirmDate: '2024-06-09' }, translate('en', 'validation.finalWithoutRound')],
    ];
    for (const [body, message] of cases) expect((await save(body)).body, JSON.stringify(body)).toMatchObject({ code: ErrorCode.RECORD_INVALID, message });
    expect((await save({ categoryId: 12, categorizeDate: '2024-06-01' })).body.code).not.toBe(0);
    const ok = await save({ categorizeDate: '2024-06-01', categoryId: 11, remarks: 'login form', process1Result: 1, process1Date: '2024-06-02' });
    expect(ok.body.code).toBe(0);
    expect(data('/api/ws-data/update-record', ok)?.record).toMatchObject({ categoryId: 11, categorizeDate: '2024-06-01', remarks: 'login form', process1ResultId: 1, process1Date: '2024-06-02', is_error: false });
    const h = await tp.post('/api/ws-data/get-record-history', { clientId: acme, recordId: id! }, { token: acmeUser.token });
    expect(data('/api/ws-data/get-record-history', h)?.history).toHaveLength(1);
    expect(data('/api/ws-data/get-record-history', h)?.history[0]).toMatchObject({ source: 'update', updateByUserName: 'Ana Lyst', fields: { categoryId: 11, process1ResultId: 1 } });
  });

  it('lets the client answer only the response, with its own trademark', async () => {
    const [id] = await insertRecords(acme, acmeReport, [{ categorize_date: '2024-06-01', category_id: 11 }]);
    const save = (body: Record<string, unknown>, user = acmeUser) => tp.post('/api/ws-data/update-record', { clientId: acme, recordId: id!, ...body } as never, { token: user.token });
    expect((await save({ action: 1, categoryId: 2 })).body).toMatchObject({ code: ErrorCode.FORBIDDEN, message: translate('en', 'error.responseFieldsOnly') });
    expect((await save({ action: 1, trademarkId: otherTrademark })).body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: translate('en', 'error.unknownTrademark') });
    expect((await save({ action: 4 })).body.code).not.toBe(0);
    const ok = await save({ action: 1, trademarkId: trademark, responseDate: '2024-06-05', responseRemarks: 'please take down' });
    expect(ok.body.code).toBe(0);
    expect(data('/api/ws-data/update-record', ok)?.record).toMatchObject({ action: 1, trademarkId: trademark, responseDate: '2024-06-05', responseRemarks: 'please take down' });
    expect((await save({ action: 2 }, otherUser)).body.code).not.toBe(0);
  });
});

describe('WS batch updates and columns', () => {
  it('sets the site category (analysts) and the action (clients), all or nothing, with history', async () => {
    const ids = await insertRecords(acme, acmeReport, [{}, {}, {}]);
    const [hidden] = await insertRecords(acme, acmeReport, [{ published: false }]);
    const cat = await tp.post('/api/ws-data/batch-update-category', { clientId: acme, recordIds: ids, categoryId: 11 }, { token: analyst.token });
    expect(cat.body).toMatchObject({ code: 0, data: { updateCount: 3 } });
    expect((await tp.post('/api/ws-data/batch-update-category', { clientId: acme, recordIds: ids, categoryId: 11 }, { token: acmeUser.token })).body.code).not.toBe(0);
    expect((await tp.post('/api/ws-data/batch-update-category', { clientId: acme, recordIds: ids, categoryId: 12 }, { token: analyst.token })).body).toMatchObject({ code: ErrorCode.BAD_REQUEST, message: translate('en', 'validation.batchValueRequired') });
    expect((await tp.post('/api/ws-data/batch-update-action', { clientId: acme, recordIds: [...ids, hidden!], action: 1 }, { token: acmeUser.token })).body).toMatchObject(NOT_FOUND);
    const act = await tp.post('/api/ws-data/batch-update-action', { clientId: acme, recordIds: ids, action: 3 }, { token: acmeUser.token });
    expect(act.body).toMatchObject({ code: 0, data: { updateCount: 3 } });
    expect((await tp.post('/api/ws-data/batch-update-action', { clientId: acme, recordIds: ids, action: 1 }, { token: analyst.token })).body.code).not.toBe(0);
    expect((await tp.post('/api/ws-data/batch-update-action', { clientId: acme, recordIds: ids, action: 1 }, { token: otherUser.token })).body.code).not.toBe(0);
    const rec = await tp.post('/api/ws-data/get-record', { clientId: acme, recordId: ids[0]! }, { token: acmeUser.token });
    expect(data('/api/ws-data/get-record', rec)?.record).toMatchObject({ categoryId: 11, action: 3 });
    const h = await tp.post('/api/ws-data/get-record-history', { clientId: acme, recordId: ids[0]! }, { token: analyst.token });
    expect(data('/api/ws-data/get-record-history', h)?.history.map((x) => x.source)).toEqual(['batch-action', 'batch-category']);
  });

  it('remembers the column chooser per user, apart from the EC one', async () => {
    expect(data('/api/ws-data/get-columns', await tp.post('/api/ws-data/get-columns', {}, { token: acmeUser.token }))?.columns).toBeNull();
    await tp.post('/api/ws-data/set-columns', { columns: ['pageURL', 'categoryId'] }, { token: acmeUser.token });
    expect(data('/api/ws-data/get-columns', await tp.post('/api/ws-data/get-columns', {}, { token: acmeUser.token }))?.columns).toEqual(['pageURL', 'categoryId']);
    expect(data('/api/ec-data/get-columns', await tp.post('/api/ec-data/get-columns', {}, { token: acmeUser.token }))?.columns).toBeNull();
  });
});
