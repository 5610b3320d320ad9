import { ErrorCode, Role, translate } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { GIF_1X1, JPEG_1X1, PNG_1X1 } from '../../testing/images.js';
import { insertRecords, insertReport, insertSubcategory, recordRow } from './fixtures.js';

/** Real images: the server decodes their headers, whatever the files are called. */
const [PNG, JPEG, GIF] = [PNG_1X1, JPEG_1X1, GIF_1X1];

let tp: TestPortal;
let acme: number;
let other: number;
let acmeUser: TestUser;
let acmeJa: TestUser;
let otherUser: TestUser;
let analyst: TestUser;
let acmeReport: number;
let otherReport: number;
let sub: number;
let sub2: number;
let productCategory: number;
let otherProductCategory: number;
let trademark: number;
let otherTrademark: number;

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other Co');
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme, name: 'Aiko Acme' });
  acmeJa = await createUser(tp, { role: Role.CLIENT, clientId: acme, locale: 'ja' });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ana Lyst' });
  await manage(tp, analyst, acme, other);
  acmeReport = await insertReport(tp, acme, 'Acme May');
  otherReport = await insertReport(tp, other, 'Other May');
  sub = await insertSubcategory(tp, 'CF1', 3);
  sub2 = await insertSubcategory(tp, 'AD1', 2);
  const db = tp.portal.services.db;
  productCategory = (await db.insertInto('product_category').values({ client_id: acme, name: 'Bags', name_en: 'Bags', code: 'BG' }).returning('id').executeTakeFirstOrThrow()).id;
  otherProductCategory = (await db.insertInto('product_category').values({ client_id: other, name: 'Shoes', name_en: 'Shoes', code: 'SH' }).returning('id').executeTakeFirstOrThrow()).id;
  const mark = (clientId: number, no: string) => ({ client_id: clientId, no, region: 'JP', type: '25', text: no, created_at: tp.clock.now, updated_at: tp.clock.now });
  trademark = (await db.insertInto('trademark').values(mark(acme, 'T-1')).returning('trademark_id').executeTakeFirstOrThrow()).trademark_id;
  otherTrademark = (await db.insertInto('trademark').values(mark(other, 'T-9')).returning('trademark_id').executeTakeFirstOrThrow()).trademark_id;
  await db.insertInto('custom_column').values({ client_id: acme, column_name: 'Memo', column_category: 2, column_position: 'ec_categorize_remarks', column_order: 1 }).execute();
});
afterAll(async () => {
  await tp?.close();
});

const NOT_FOUND = { code: ErrorCode.OBJECT_NOT_FOUND, message: 'It does not exist or was removed.' };

async function historyCount(recordId: number) {
  const row = await tp.portal.services.db.selectFrom('ec_record_history').select((eb) => eb.fn.countAll<number>().as('n')).where('record_id', '=', recordId).executeTakeFirstOrThrow();
  return Number(row.n);
}
async function noticesOf(user: TestUser) {
  return tp.portal.services.db.selectFrom('notice').selectAll().where('user_id', '=', user.userId).orderBy('id').execute();
}

describe('reading a record', () => {
  it('answers a record in the contract shape to analysts, and to the client only when published', async () => {
    const [published, hidden] = await insertRecords(tp, acme, acmeReport, [
      { ec_product_price: '12.50', custom_info: { Memo: 'hello' }, ec_categorize_date: '2024-05-03', ec_no: 7 },
      { published: false },
    ]);
    const mine = await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: published }, { token: acmeUser.token });
    expect(mine.body.code).toBe(0);
    expect(mine.body.data?.record).toMatchObject({
      ec_id: published,
      client_id: acme,
      report_id: acmeReport,
      ec_no: 7,
      ec_product_price: 12.5,
      custom_info: '{"Memo":"hello"}',
      ec_scan_date: '2024-05-01',
      ec_categorize_date: '2024-05-03',
      declarationStatus: '',
      is_error: false,
      published: true,
    });
    expect((await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: hidden }, { token: analyst.token })).body.data?.record).toMatchObject({ published: false });
    expect((await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: hidden }, { token: acmeUser.token })).body).toMatchObject(NOT_FOUND);
    expect((await tp.post('/api/ec-data/get-record', { clientId: acme, recordId: 99_999_999 }, { token: analyst.token })).body).toMatchObject(NOT_FOUND);
  });

  it('answers another company\'s record id as one that does not exist, for every record call', async () => {
    const [theirs] = await insertRecords(tp, other, otherReport, [{ ec_product_title: 'Theirs' }]);
    const before = await recordRow(tp, theirs!);
    const attempts: [string, Record<string, unknown>][] = [
      ['/api/ec-data/get-record', {}],
      ['/api/ec-data/get-record-history', {}],
      ['/api/ec-data/update-record', { action: 1 }],
    ];
    for (const [path, extra] of attempts) {
      const res = await tp.post(path, { clientId: acme, recordId: theirs, ...extra }, { token: acmeUser.token });
      expect(res.body, path).toMatchObject(NOT_FOUND);
      // An analyst naming the wrong client gets the same.
      const wrong = await tp.post(path, { clientId: acme, recordId: theirs, ...extra }, { token: analyst.token });
      expect(wrong.body, path).toMatchObject(NOT_FOUND);
    }
    const batch = await tp.post('/api/ec-data/batch-update-action', { clientId: acme, recordIds: [theirs], action: 2 }, { token: acmeUser.token });
    expect(batch.body).toMatchObject(NOT_FOUND);
    // Naming the other company outright is refused before anything is looked at.
    expect((await tp.post('/api/ec-data/get-record', { clientId: other, recordId: theirs }, { token: acmeUser.token })).status).toBe(403);
    expect(await recordRow(tp, theirs!)).toEqual(before);
    expect(await historyCount(theirs!)).toBe(0);
  });
});

describe('saving a record', () => {
  beforeEach(async () => {
    await tp.portal.services.db.deleteFrom('notice').execute();
  });

  it('lets a client user change the response fields, with a history row and a notice to the company', async () => {
    const [id] = await insertRecords(tp, acme, acmeReport, [{}]);
    const res = await tp.post(
      '/api/ec-data/update-record',
      { clientId: acme, recordId: id, action: 1, reason: 'Fake', trademarkId: trademark, responseDate: '2024-06-01', responseRemarks: 'Please act' },
      { token: acmeUser.token },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      record: { ec_response_action: 1, ec_response_reason: 'Fake', ec_response_trademark: trademark, ec_response_date: '2024-06-01', ec_response_remarks: 'Please act' },
      ec_upload_image_names: '',
    });
    const history = await tp.post('/api/ec-data/get-record-history', { clientId: acme, recordId: id }, { token: acmeUser.token });
    expect(history.body.data?.history).toEqual([
      expect.objectContaining({
        updateByUserName: 'Aiko Acme',
        source: 'update',
        fields: { ec_response_action: 1, ec_response_reason: 'Fake', ec_response_trademark: trademark, ec_response_date: '2024-06-01', ec_response_remarks: 'Please act' },
      }),
    ]);
    const [notice] = await noticesOf(acmeJa);
    expect(notice).toMatchObject({ type: 1, target: `/ec-data/${acme}/${id}`, title: translate('ja', 'notice.type1.title', { client: 'Acme' }), scope: { recordIds: [id] } });
    expect(notice!.content).toBe(translate('ja', 'notice.type1.content', { client: 'Acme', record: id! }));

    // The same values again change nothing: no history row, no notice.
    await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, action: 1 }, { token: acmeUser.token });
    expect(await historyCount(id!)).toBe(1);
    expect(await noticesOf(acmeJa)).toHaveLength(1);
  });

  it('refuses an analyst field sent by a client user with 403 and changes nothing', async () => {
    const [id] = await insertRecords(tp, acme, acmeReport, [{}]);
    const before = await recordRow(tp, id!);
    for (const extra of [{ categoryId: sub }, { processRemarks: 'x' }, { categorizeDate: '' }, { customInfo: '{}' }, { declarationStatus: 'done' }]) {
      const res = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, action: 2, ...extra }, { token: acmeUser.token });
      expect(res.status, JSON.stringify(extra)).toBe(403);
      expect(res.body).toMatchObject({ code: ErrorCode.FORBIDDEN, message: translate('en', 'error.responseFieldsOnly') });
    }
    expect(await recordRow(tp, id!)).toEqual(before);
    expect(await historyCount(id!)).toBe(0);
    expect(await noticesOf(acmeUser)).toHaveLength(0);
  });

  it('keeps unpublished records from client users, and checks what the fields name', async () => {
    const [hidden, id] = await insertRecords(tp, acme, acmeReport, [{ published: false }, {}]);
    expect((await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: hidden, action: 1 }, { token: acmeUser.token })).body).toMatchObject(NOT_FOUND);
    // An analyst's change to an unpublished record tells the client nothing.
    const quiet = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: hidden, categorizeDate: '2024-05-10', categoryId: sub }, { token: analyst.token });
    expect(quiet.body.code).toBe(0);
    expect(await historyCount(hidden!)).toBe(1);
    expect(await noticesOf(acmeUser)).toHaveLength(0);
    const tm = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, trademarkId: otherTrademark }, { token: acmeUser.token });
    expect(tm.body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: translate('en', 'error.unknownTrademark') });

    const full = { clientId: acme, recordId: id, categorizeDate: '2024-05-10', categoryId: sub };
    const unknownSub = await tp.post('/api/ec-data/update-record', { ...full, categoryId: 987_654 }, { token: analyst.token });
    expect(unknownSub.body).toMatchObject({ code: ErrorCode.UNKNOWN_CATEGORY, message: translate('en', 'error.unknownSubcategory') });
    const pc = await tp.post('/api/ec-data/update-record', { ...full, productCategoryId: otherProductCategory }, { token: analyst.token });
    expect(pc.body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: translate('en', 'error.unknownProductCategory') });
    const column = await tp.post('/api/ec-data/update-record', { ...full, customInfo: '{"Nope":"x"}' }, { token: analyst.token });
    expect(column.body).toMatchObject({ code: ErrorCode.RECORD_INVALID, message: 'The custom column Nope does not exist for this client (it may have been removed). Please reload the page and save again.' });
    const notJson = await tp.post('/api/ec-data/update-record', { ...full, customInfo: '[1]' }, { token: analyst.token });
    expect(notJson).toMatchObject({ status: 400, body: { message: translate('en', 'validation.customInfoInvalid') } });
    expect(await historyCount(id!)).toBe(0);

    const ok = await tp.post('/api/ec-data/update-record', { ...full, productCategoryId: productCategory, customInfo: '{"Memo":"checked"}', titleHintWord: 'hint' }, { token: analyst.token });
    expect(ok.body.data?.record).toMatchObject({
      ec_category_id: sub,
      ec_category_common_type_id: 3,
      ec_product_category_id: productCategory,
      custom_info: '{"Memo":"checked"}',
      ec_title_hint_word: 'hint',
    });
    // A new subcategory brings its aggregate category along; the same one again leaves a batch-set aggregate alone.
    const moved = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, categoryId: sub2 }, { token: analyst.token });
    expect(moved.body.data?.record).toMatchObject({ ec_category_id: sub2, ec_category_common_type_id: 2, custom_info: '{"Memo":"checked"}' });
    await tp.portal.services.db.updateTable('ec_record').set({ ec_category_common_type_id: 9 }).where('ec_id', '=', id!).execute();
    const same = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, categoryId: sub2 }, { token: analyst.token });
    expect(same.body.data?.record).toMatchObject({ ec_category_id: sub2, ec_category_common_type_id: 9 });
    const history = (await tp.post('/api/ec-data/get-record-history', { clientId: acme, recordId: id }, { token: analyst.token })).body.data?.history as { fields: object; updateByUserName: string }[];
    expect(history.map((h) => h.fields)).toEqual([
      { ec_category_id: sub2, ec_category_common_type_id: 2 },
      { ec_categorize_date: '2024-05-10', ec_category_id: sub, ec_category_common_type_id: 3, ec_product_category_id: productCategory, ec_title_hint_word: 'hint', custom_info: '{"Memo":"checked"}' },
    ]);
    expect(history[0]!.updateByUserName).toBe('Ana Lyst');
  });

  it('checks an analyst\'s save in the spec\'s order, first failure wins, and writes nothing until it passes', async () => {
    const [id] = await insertRecords(tp, acme, acmeReport, [{}]);
    const before = await recordRow(tp, id!);
    const save = (body: Record<string, unknown>, locale: 'en' | 'ja' = 'en') =>
      tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, ...body }, { token: analyst.token, locale });
    const steps: [Record<string, unknown>, string][] = [
      // 1: the categorize date, even though the round below is broken too.
      [{ categoryRemarks: 'x', process2Result: 2 }, translate('en', 'validation.categorizeDateRequired')],
      // 2: the subcategory.
      [{ categorizeDate: '2024-05-10', process2Result: 2 }, translate('en', 'validation.recordCategoryRequired')],
      // 3: a round's result without its date (round 2; round 1 is empty, which is rule 4's business).
      [{ categorizeDate: '2024-05-10', categoryId: sub, process2Result: 2 }, translate('en', 'validation.roundIncomplete', { round: 2 })],
      // 3 again: a date without its result.
      [{ categorizeDate: '2024-05-10', categoryId: sub, process1Date: '2024-05-11' }, 'Please enter both the reporting date and the result of round 1.'],
      // 4: round 2 without round 1.
      [{ categorizeDate: '2024-05-10', categoryId: sub, process2Result: 2, process2Date: '2024-05-12' }, translate('en', 'validation.roundOrder', { round: 1 })],
      // 4: round 3 without round 2.
      [{ categorizeDate: '2024-05-10', categoryId: sub, process1Result: 1, process1Date: '2024-05-11', process3Result: 2, process3Date: '2024-05-13' }, 'Please enter the round 2 information first.'],
      // 5: the final result without its confirm date.
      [{ categorizeDate: '2024-05-10', categoryId: sub, process1Result: 1, process1Date: '2024-05-11', processResult: 2 }, translate('en', 'validation.finalIncomplete')],
      // 6: a final result with no round at all.
      [{ categorizeDate: '2024-05-10', categoryId: sub, processResult: 2, processConfirmDate: '2024-06-01' }, translate('en', 'validation.finalWithoutRound')],
    ];
    for (const [body, message] of steps) {
      const res = await save(body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: ErrorCode.RECORD_INVALID, message, data: null });
      expect(res.status).toBe(200);
    }
    expect((await save({ categoryRemarks: 'x' }, 'ja')).body.message).toBe('報告日を入力してください。');
    expect(await recordRow(tp, id!)).toEqual(before);
    expect(await historyCount(id!)).toBe(0);

    // Saved in parts: each save is checked merged with what is already saved.
    const first = await save({ categorizeDate: '2024-05-10', categoryId: sub, process1Result: 1, process1Date: '2024-05-11' });
    expect(first.body.code).toBe(0);
    const clearRound = await save({ process1Result: '', process1Date: '' });
    expect(clearRound.body.code).toBe(0);
    const finalAlone = await save({ processResult: 2, processConfirmDate: '2024-06-01' });
    expect(finalAlone.body.message).toBe(translate('en', 'validation.finalWithoutRound'));
    const done = await save({ process1Result: 2, process1Date: '2024-05-11', process2Result: 2, process2Date: '2024-05-20', processResult: 2, processConfirmDate: '2024-06-01', declarationStatus: 'filed' });
    expect(done.body.data?.record).toMatchObject({ ec_process1_result: 2, ec_process2_date: '2024-05-20', ec_process_result: 2, declarationStatus: 'filed', is_error: false });
    expect(await historyCount(id!)).toBe(3);
  });

  it('answers bad payloads with the first message', async () => {
    const [id] = await insertRecords(tp, acme, acmeReport, [{}]);
    const bad = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, action: 9 }, { token: acmeUser.token });
    expect(bad).toMatchObject({ status: 400, body: { message: translate('en', 'validation.responseActionInvalid') } });
    const date = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId: id, responseDate: '2024-02-30' }, { token: acmeUser.token });
    expect(date.body.message).toBe(translate('en', 'validation.dateInvalid'));
  });
});

describe('batch updates', () => {
  beforeEach(async () => {
    await tp.portal.services.db.deleteFrom('notice').execute();
  });

  it('sets the aggregate category (analysts), one history row per record and one notice about the published ones', async () => {
    const ids = await insertRecords(tp, acme, acmeReport, [{}, {}, { published: false }]);
    const res = await tp.post('/api/ec-data/batch-update-category', { clientId: acme, recordIds: [...ids, ids[0]], commoncategoryId: 4 }, { token: analyst.token });
    expect(res.body).toMatchObject({ code: 0, data: { updateCount: 3 } });
    for (const id of ids) {
      expect((await recordRow(tp, id)).ec_category_common_type_id).toBe(4);
      const h = await tp.post('/api/ec-data/get-record-history', { clientId: acme, recordId: id }, { token: analyst.token });
      expect(h.body.data?.history).toEqual([expect.objectContaining({ source: 'batch-category', fields: { ec_category_common_type_id: 4 }, updateByUserName: 'Ana Lyst' })]);
    }
    const notices = await noticesOf(acmeUser);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 2, target: `/ec-list?clientId=${acme}`, title: 'EC records were updated: Acme', content: '2 records of Acme were updated together.', scope: { recordIds: ids.slice(0, 2) } });

    // The notice opens the list on exactly its records.
    const list = await tp.post('/api/ec-data/search-records', { clientId: acme, noticeId: notices[0]!.id }, { token: acmeUser.token });
    expect((list.body.data?.records as { ec_id: number }[]).map((r) => r.ec_id).sort()).toEqual(ids.slice(0, 2).sort());
    const someoneElses = await tp.post('/api/ec-data/search-records', { clientId: acme, noticeId: notices[0]!.id }, { token: acmeJa.token });
    expect(someoneElses.body).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND, message: '存在しないか、削除されています。' });

    expect((await tp.post('/api/ec-data/batch-update-category', { clientId: acme, recordIds: ids, commoncategoryId: 5 }, { token: acmeUser.token })).status).toBe(403);
  });

  it('changes nothing when one id is not the client\'s (or not visible), and refuses empty input', async () => {
    const ids = await insertRecords(tp, acme, acmeReport, [{ ec_response_action: 3 }, { ec_response_action: 3 }]);
    const [hidden] = await insertRecords(tp, acme, acmeReport, [{ published: false }]);
    const [theirs] = await insertRecords(tp, other, otherReport, [{}]);
    const cat = await tp.post('/api/ec-data/batch-update-category', { clientId: acme, recordIds: [...ids, theirs], commoncategoryId: 6 }, { token: analyst.token });
    expect(cat.body).toMatchObject(NOT_FOUND);
    const act = await tp.post('/api/ec-data/batch-update-action', { clientId: acme, recordIds: [...ids, hidden], action: 1 }, { token: acmeUser.token });
    expect(act.body).toMatchObject(NOT_FOUND);
    const sneaky = await tp.post('/api/ec-data/batch-update-action', { clientId: other, recordIds: ids, action: 1 }, { token: otherUser.token });
    expect(sneaky.body).toMatchObject(NOT_FOUND);
    for (const id of [...ids, hidden!, theirs!]) {
      const row = await recordRow(tp, id);
      expect(row.ec_category_common_type_id).toBeNull();
      expect(await historyCount(id)).toBe(0);
    }
    expect((await recordRow(tp, ids[0]!)).ec_response_action).toBe(3);
    expect(await noticesOf(acmeUser)).toHaveLength(0);

    const none = await tp.post('/api/ec-data/batch-update-action', { clientId: acme, recordIds: [], action: 1 }, { token: acmeUser.token });
    expect(none).toMatchObject({ status: 400, body: { message: translate('en', 'validation.noRecordsSelected') } });
    const noValue = await tp.post('/api/ec-data/batch-update-action', { clientId: acme, recordIds: ids }, { token: acmeUser.token });
    expect(noValue.body.message).toBe(translate('en', 'validation.batchValueRequired'));
    expect((await tp.post('/api/ec-data/batch-update-action', { clientId: acme, recordIds: ids, action: 1 }, { token: analyst.token })).status).toBe(403);
  });

  it('sets the response action (client users) on 10,000 records at once', async () => {
    const ids = await insertRecords(tp, acme, acmeReport, Array.from({ length: 10_000 }, () => ({})));
    // One set-based statement, not 10,000 (its speed is the benchmarks' business, not an assertion here).
    const res = await tp.post('/api/ec-data/batch-update-action', { clientId: acme, recordIds: ids, action: 2 }, { token: acmeUser.token });
    expect(res.body).toMatchObject({ code: 0, data: { updateCount: 10_000 } });
    const db = tp.portal.services.db;
    const changed = await db.selectFrom('ec_record').select((eb) => eb.fn.countAll<number>().as('n')).where('ec_response_action', '=', 2).where('client_id', '=', acme).executeTakeFirstOrThrow();
    expect(Number(changed.n)).toBe(10_000);
    const history = await db.selectFrom('ec_record_history').select((eb) => eb.fn.countAll<number>().as('n')).where('source', '=', 'batch-action').executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(10_000);
    const [notice] = await noticesOf(acmeUser);
    expect(notice).toMatchObject({ type: 2, content: '10000 records of Acme were updated together.' });
    expect(notice!.scope?.recordIds).toHaveLength(10_000);
  });
});

describe('evidence screenshots', () => {
  it('analysts upload and delete png or jpeg; whoever may see the record views them', async () => {
    const [id, hidden] = await insertRecords(tp, acme, acmeReport, [{}, { published: false }]);
    const up = (user: TestUser, recordId: number | undefined, bytes: Buffer, name = 'shot.png', clientId = acme) =>
      tp.upload('/api/ec-data/upload-image', { clientId, recordId: recordId ?? 0 }, { name, bytes }, { token: user.token });

    const first = await up(analyst, id, PNG);
    expect(first.body.code).toBe(0);
    const name1 = first.body.data?.names as string;
    expect(name1).toMatch(/^ev-[0-9a-f-]+\.png$/);
    const second = await up(analyst, id, JPEG, 'shot.jpg');
    const names = (second.body.data?.names as string).split(',');
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(name1);
    expect((await recordRow(tp, id!)).ec_upload_image_names).toBe(names.join(','));

    // A renamed non-image, a GIF, no file, a client user, another company's record: refused.
    const renamed = await up(analyst, id, Buffer.from('not an image at all'), 'evil.png');
    expect(renamed.body).toMatchObject({ code: ErrorCode.FILE_REJECTED, message: translate('en', 'error.imageTypeTrademark') });
    expect((await up(analyst, id, GIF, 'a.gif')).body.code).toBe(ErrorCode.FILE_REJECTED);
    const disguised = await up(analyst, id, Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html></html>')]), 'page.png');
    expect(disguised.body).toMatchObject({ code: ErrorCode.FILE_REJECTED, message: translate('en', 'error.imageDamaged', { type: 'PNG' }) });
    expect((await tp.upload('/api/ec-data/upload-image', { clientId: acme, recordId: id! }, null, { token: analyst.token })).body.code).toBe(ErrorCode.FILE_REJECTED);
    expect((await up(acmeUser, id, PNG)).status).toBe(403);
    const [theirs] = await insertRecords(tp, other, otherReport, [{}]);
    expect((await up(analyst, theirs, PNG)).body).toMatchObject(NOT_FOUND);
    expect((await up(otherUser, id, PNG, 'x.png', other)).status).toBe(403);
    expect((await recordRow(tp, id!)).ec_upload_image_names).toBe(names.join(','));

    const url = (n: string, recordId = id, clientId = acme) => `/api/ec-data/get-upload-pic?recordId=${recordId}&clientId=${clientId}&name=${n}`;
    const mine = await tp.get(url(names[0]!), { token: acmeUser.token });
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(mine.bytes.equals(PNG)).toBe(true);
    expect((await tp.get(url(names[1]!), { token: analyst.token, cookie: true })).headers['content-type']).toBe('image/jpeg');

    // Another company's client id is refused before the handler runs, as for calls.
    expect((await tp.get(url(names[0]!), { token: otherUser.token })).status).toBe(403);
    const wrongClient = await tp.get(url(names[0]!, id, other), { token: otherUser.token });
    expect(JSON.parse(wrongClient.bytes.toString())).toMatchObject(NOT_FOUND);
    const wrongRecord = await tp.get(url(names[0]!, theirs), { token: analyst.token });
    expect(JSON.parse(wrongRecord.bytes.toString())).toMatchObject(NOT_FOUND);
    expect((await tp.get(`${url(names[0]!)}&token=${acmeUser.token}`)).status).toBe(401);

    // On an unpublished record: the analyst's, not the client's.
    const onHidden = (await up(analyst, hidden, PNG)).body.data?.names as string;
    expect((await tp.get(url(onHidden, hidden), { token: analyst.token })).status).toBe(200);
    expect(JSON.parse((await tp.get(url(onHidden, hidden), { token: acmeUser.token })).bytes.toString())).toMatchObject(NOT_FOUND);

    const del = (user: TestUser, n: string) => tp.post('/api/ec-data/delete-upload-pic', { clientId: acme, recordId: id, name: n }, { token: user.token });
    expect((await del(acmeUser, names[0]!)).status).toBe(403);
    expect((await del(analyst, onHidden)).body.code).toBe(ErrorCode.IMAGE_NOT_FOUND);
    const removed = await del(analyst, names[0]!);
    expect(removed.body.data).toEqual({ names: names[1] });
    expect(await tp.portal.services.db.selectFrom('stored_file').select('name').where('name', '=', names[0]!).executeTakeFirst()).toBeUndefined();
    expect(JSON.parse((await tp.get(url(names[0]!), { token: analyst.token })).bytes.toString())).toMatchObject(NOT_FOUND);
  });
});

describe('the column chooser', () => {
  it('remembers the columns per user', async () => {
    expect((await tp.post('/api/ec-data/get-columns', {}, { token: acmeUser.token })).body.data).toEqual({ columns: null });
    const set = await tp.post('/api/ec-data/set-columns', { columns: ['ec_site', 'ec_product_title', 'Memo', 'ec_site'] }, { token: acmeUser.token });
    expect(set.body.data).toEqual({ columns: ['ec_site', 'ec_product_title', 'Memo'] });
    expect((await tp.post('/api/ec-data/get-columns', {}, { token: acmeUser.token })).body.data).toEqual({ columns: ['ec_site', 'ec_product_title', 'Memo'] });
    expect((await tp.post('/api/ec-data/get-columns', {}, { token: analyst.token })).body.data).toEqual({ columns: null });
    const admin = await createUser(tp, { role: Role.ADMIN });
    expect((await tp.post('/api/ec-data/get-columns', {}, { token: admin.token })).status).toBe(403);
  });
});
