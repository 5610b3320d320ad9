import { ErrorCode, Role, translate, type CallOutput, type CallPath } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { HEADER_EN, listing, xlsxOf } from '../../kinds/ec/report-fixtures.js';

/** Issue 16, point 1: a batch update is kept and its maker can undo it for ten minutes (records/batches/batches.ts). */
let tp: TestPortal;
let acme: number;
let other: number;
let acmeUser: TestUser;
let acmeColleague: TestUser;
let otherUser: TestUser;
let analyst: TestUser;
let colleague: TestUser;
let report: number;
let serial = 0;

const data = <P extends CallPath>(_path: P, res: { body: { data: unknown } }) => res.body.data as CallOutput<P>;

async function wsRecords(rows: { category_id?: number | null; action?: number | null }[]) {
  const values = rows.map((r) => {
    serial += 1;
    return { client_id: acme, report_id: report, scan_date: '2024-05-01', page_url: `https://u${serial}.example/`, page_domain: `u${serial}.example`, published: true, updated_at: tp.clock.now, ...r };
  });
  return (await tp.portal.services.db.insertInto('ws_record').values(values).returning('ws_id').execute()).map((x) => Number(x.ws_id));
}
async function wsValues(ids: number[]) {
  const rows = await tp.portal.services.db.selectFrom('ws_record').select(['ws_id', 'category_id', 'action']).where('ws_id', 'in', ids).orderBy('ws_id').execute();
  return rows.map((r) => ({ category: r.category_id, action: r.action }));
}
const lastBatch = async (user: TestUser, clientId = acme) => data('/api/ws-data/fetch-last-batch', await tp.post('/api/ws-data/fetch-last-batch', { clientId }, { token: user.token })).batch;
const undo = (user: TestUser, batchId: number, clientId = acme) => tp.post('/api/ws-data/undo-batch', { clientId, batchId }, { token: user.token });

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other Co');
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  acmeColleague = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  analyst = await createUser(tp, { role: Role.ANALYST });
  colleague = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme, other);
  await manage(tp, colleague, acme);
  const row = await tp.portal.services.db
    .insertInto('ws_report')
    .values({ client_id: acme, report_name: 'Sites', upload_date: tp.clock.now, send_date: tp.clock.now })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  report = row.report_id;
});
afterAll(async () => {
  await tp?.close();
});

describe('undoing a batch update', () => {
  it('puts every record back to its own previous value, with a history row each, once, for its maker only', async () => {
    const ids = await wsRecords([{ category_id: 5 }, { category_id: null }, { category_id: 7 }]);
    const batch = await tp.post('/api/ws-data/batch-update-category', { clientId: acme, recordIds: ids, categoryId: 11 }, { token: analyst.token });
    const { batchId } = data('/api/ws-data/batch-update-category', batch);
    expect(batch.body).toMatchObject({ code: 0, data: { updateCount: 3 } });
    expect(await lastBatch(analyst)).toMatchObject({ batchId, field: 'categoryId', value: 11, count: 3 });
    // Another manager of the client sees no batch of theirs and may not undo this one.
    expect(await lastBatch(colleague)).toBeNull();
    expect((await undo(colleague, batchId)).body).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND, message: translate('en', 'error.batchNotUndoable') });
    // A client user of another company is outside the tenancy.
    expect((await undo(otherUser, batchId)).status).toBe(403);
    expect((await wsValues(ids)).map((v) => v.category)).toEqual([11, 11, 11]);

    expect((await undo(analyst, batchId)).body).toMatchObject({ code: 0, data: { updateCount: 3 } });
    expect((await wsValues(ids)).map((v) => v.category)).toEqual([5, null, 7]);
    const history = data('/api/ws-data/get-record-history', await tp.post('/api/ws-data/get-record-history', { clientId: acme, recordId: ids[0] }, { token: analyst.token })).history;
    expect(history.map((h) => [h.source, h.fields])).toEqual([['batch-undo', { categoryId: 5 }], ['batch-category', { categoryId: 11 }]]);
    expect((await undo(analyst, batchId)).body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: translate('en', 'error.batchAlreadyUndone') });
    expect(await lastBatch(analyst)).toBeNull();
  });

  it('undoes only the last batch: a newer one replaces it', async () => {
    const ids = await wsRecords([{ category_id: 3 }]);
    const first = data('/api/ws-data/batch-update-category', await tp.post('/api/ws-data/batch-update-category', { clientId: acme, recordIds: ids, categoryId: 9 }, { token: analyst.token }));
    const second = data('/api/ws-data/batch-update-category', await tp.post('/api/ws-data/batch-update-category', { clientId: acme, recordIds: ids, categoryId: 10 }, { token: analyst.token }));
    expect((await lastBatch(analyst))?.batchId).toBe(second.batchId);
    expect((await undo(analyst, first.batchId)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect((await undo(analyst, second.batchId)).body.code).toBe(0);
    expect((await wsValues(ids))[0]?.category).toBe(9);
  });

  it('refuses, naming them, when records were changed since, and changes nothing', async () => {
    const ids = await wsRecords([{ action: 1 }, { action: 2 }, { action: null }]);
    const batch = data('/api/ws-data/batch-update-action', await tp.post('/api/ws-data/batch-update-action', { clientId: acme, recordIds: ids, action: 3 }, { token: acmeUser.token }));
    // A colleague of the same company changes one record's action after the batch.
    expect((await tp.post('/api/ws-data/update-record', { clientId: acme, recordId: ids[1], action: 1 }, { token: acmeColleague.token })).body.code).toBe(0);
    const refused = await undo(acmeUser, batch.batchId);
    expect(refused.body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: translate('en', 'error.batchChangedSince', { count: 1, records: String(ids[1]) }) });
    expect((await wsValues(ids)).map((v) => v.action)).toEqual([3, 1, 3]);
    // In Japanese too.
    const ja = await tp.post('/api/ws-data/undo-batch', { clientId: acme, batchId: batch.batchId }, { token: acmeUser.token, locale: 'ja' });
    expect(ja.body.message).toBe(translate('ja', 'error.batchChangedSince', { count: 1, records: String(ids[1]) }));
  });

  it('is refused after ten minutes', async () => {
    const ids = await wsRecords([{ action: 2 }]);
    const batch = data('/api/ws-data/batch-update-action', await tp.post('/api/ws-data/batch-update-action', { clientId: acme, recordIds: ids, action: 1 }, { token: acmeUser.token }));
    tp.clock.advance(9 * 60_000);
    expect((await lastBatch(acmeUser))?.batchId).toBe(batch.batchId);
    tp.clock.advance(60_000 + 1000);
    expect(await lastBatch(acmeUser)).toBeNull();
    expect((await undo(acmeUser, batch.batchId)).body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: translate('en', 'error.batchUndoExpired', { minutes: 10 }) });
    expect((await wsValues(ids))[0]?.action).toBe(1);
  });

  it('works the same for every kind (EC and SNS through the same engine)', async () => {
    const upload = await tp.upload('/api/ec-report/upload-report', { clientId: String(acme) }, { name: 'r.xlsx', bytes: await xlsxOf(HEADER_EN, [listing(1), listing(2)]) }, { token: analyst.token });
    const ecIds = (await tp.portal.services.db.selectFrom('ec_record').select('ec_id').where('report_id', '=', Number(data('/api/ec-report/upload-report', upload).reportId)).execute()).map((r) => Number(r.ec_id));
    const ec = data('/api/ec-data/batch-update-category', await tp.post('/api/ec-data/batch-update-category', { clientId: acme, recordIds: ecIds, commoncategoryId: 2 }, { token: analyst.token }));
    expect((await tp.post('/api/ec-data/undo-batch', { clientId: acme, batchId: ec.batchId }, { token: analyst.token })).body).toMatchObject({ code: 0, data: { updateCount: 2 } });
    const ecRows = await tp.portal.services.db.selectFrom('ec_record').select('ec_category_common_type_id').where('ec_id', 'in', ecIds).execute();
    expect(ecRows.map((r) => r.ec_category_common_type_id)).toEqual([null, null]);
    // A batch id of one kind is not one of another kind.
    expect((await tp.post('/api/sns-data/undo-batch', { clientId: acme, batchId: ec.batchId }, { token: analyst.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
  });
});
