import { ErrorCode, Role, type CallOutput, type CallPath, type TriageCondition } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { insertRecords, insertReport, insertSubcategory, type RecordValues } from '../../kinds/ec/fixtures.js';
import { HEADER_EN, listing, xlsxOf } from '../../kinds/ec/report-fixtures.js';
import { evaluateClient, startTriageQueue, TRIAGE_QUEUE, type TriageQueue } from './evaluate.js';

/** Issue 19, points 1 to 3: triage rules, their suggestions with a trace, the backtest, accepting and undoing. */
let tp: TestPortal;
let acme: number;
let other: number;
let analyst: TestUser;
let outsider: TestUser;
let acmeUser: TestUser;
let fake: number;
let grey: number;
let queue: TriageQueue;

const data = <P extends CallPath>(_path: P, res: { body: { data: unknown } }) => res.body.data as CallOutput<P>;
const post = <P extends CallPath>(path: P, body: Record<string, unknown>, user: TestUser = analyst) => tp.post(path, body, { token: user.token });
const ok = async <P extends CallPath>(path: P, body: Record<string, unknown>, user: TestUser = analyst) => {
  const res = await post(path, body, user);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return data(path, res);
};
const rule = (conditions: TriageCondition[] | Record<string, unknown>[], subcategoryId = fake, extra: Record<string, unknown> = {}) => ({
  kind: 'ec',
  name: 'Rule',
  conditions,
  subcategoryId,
  ...extra,
});
const evaluate = (clientId = acme) => evaluateClient(tp.portal.services.db, { clientId }, tp.clock.now);
const suggestions = async (ids: number[], clientId = acme) =>
  (await ok('/api/triage/fetch-suggestions', { clientId, kind: 'ec', recordIds: ids })).suggestions;
async function clearRules(clientId = acme) {
  await tp.portal.services.db.deleteFrom('triage_rule').where('client_id', '=', clientId).execute();
}
async function records(rows: RecordValues[], clientId = acme) {
  return insertRecords(tp, clientId, await insertReport(tp, clientId), rows);
}

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  await manage(tp, analyst, acme);
  await manage(tp, outsider, other);
  fake = await insertSubcategory(tp, 'TRI-FAKE', 3);
  grey = await insertSubcategory(tp, 'TRI-GREY', 5);
  queue = await startTriageQueue(tp.portal.services, tp.portal.database.pool, { work: false });
});
afterAll(async () => {
  await queue?.stop();
  await tp?.close();
});

describe('each condition, with a record that matches and one that does not', () => {
  const cases: { name: string; condition: Record<string, unknown>; yes: RecordValues; no: RecordValues; values: (string | number)[]; setup?: (yes: number, no: number) => Promise<void> }[] = [
    { name: 'any of the words', condition: { type: 'words', match: 'any', words: ['Replica', 'copy'] }, yes: { ec_product_title: 'Bag REPLICA grade' }, no: { ec_product_title: 'Genuine bag' }, values: ['replica'] },
    { name: 'all of the words', condition: { type: 'words', match: 'all', words: ['cheap', 'bag'] }, yes: { ec_product_title: 'Cheap leather bag' }, no: { ec_product_title: 'Cheap shoes' }, values: ['cheap', 'bag'] },
    { name: 'a pattern', condition: { type: 'pattern', pattern: 'a{2}[0-9]+' }, yes: { ec_product_title: 'Model AA123 bag' }, no: { ec_product_title: 'Model A123 bag' }, values: ['AA123'] },
    { name: 'the black list', condition: { type: 'list', list: 'black' }, yes: { ec_blacklist_object: 'seller: bad shop' }, no: { ec_blacklist_object: '' }, values: ['seller: bad shop'] },
    { name: 'the white list', condition: { type: 'list', list: 'white' }, yes: { ec_whitelist_object: 'url: official' }, no: {}, values: ['url: official'] },
    { name: 'the site', condition: { type: 'site', sites: ['taobao'] }, yes: { ec_site: 'Taobao' }, no: { ec_site: 'Amazon' }, values: ['Taobao'] },
    { name: 'the region', condition: { type: 'region', regions: ['CN', 'HK'] }, yes: { ec_product_region: 'hk' }, no: { ec_product_region: 'JP' }, values: ['hk'] },
    { name: 'a brand hint', condition: { type: 'brandHint' }, yes: { ec_brand_hint_word: 'acme' }, no: {}, values: ['acme'] },
    { name: 'sold above', condition: { type: 'count', field: 'sold', above: 100 }, yes: { ec_product_sold_count: 101 }, no: { ec_product_sold_count: 100 }, values: [101] },
    { name: 'stock above', condition: { type: 'count', field: 'stock', above: 5 }, yes: { ec_product_onsell_count: 50 }, no: { ec_product_onsell_count: null }, values: [50] },
    {
      name: 'a seller in a seller cluster',
      condition: { type: 'cluster', minSellers: 3 },
      yes: { ec_site: 'Shop', ec_product_seller: 'Ring A' },
      no: { ec_site: 'Shop', ec_product_seller: 'Pair A' },
      values: ['Ring A', 3],
      setup: async () => {
        const db = tp.portal.services.db;
        await sql`INSERT INTO triage_seller_cluster VALUES (${acme}, 1, 3, 9, 1, false, now()), (${acme}, 2, 2, 2, 0, false, now())`.execute(db);
        await sql`INSERT INTO triage_seller_member VALUES (${acme}, 1, 1, 'ec', 'Shop', 'Ring A', 3, 1), (${acme}, 2, 2, 'ec', 'Shop', 'Pair A', 1, 0)`.execute(db);
      },
    },
    {
      name: 'an abnormal-price score above',
      condition: { type: 'priceScore', above: 3 },
      yes: {},
      no: {},
      values: [4.25],
      setup: async (yes, no) => {
        await sql`INSERT INTO triage_price_score (ec_id, client_id, price_usd, peer_group, peer_count, score, computed_at)
          VALUES (${yes}, ${acme}, 10, 'g', 9, 4.25, now()), (${no}, ${acme}, 90, 'g', 9, 2.9, now())`.execute(tp.portal.services.db);
      },
    },
    {
      name: 'a price below a share of the brand model price',
      condition: { type: 'modelPrice', belowPercent: 50 },
      yes: {},
      no: {},
      values: [30],
      setup: async (yes, no) => {
        await sql`INSERT INTO triage_price_score (ec_id, client_id, price_usd, peer_group, peer_count, model_price_usd, model_ratio, computed_at)
          VALUES (${yes}, ${acme}, 30, 'm', 9, 100, 0.3, now()), (${no}, ${acme}, 50, 'm', 9, 100, 0.5, now())`.execute(tp.portal.services.db);
      },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      await clearRules();
      const [yes, no] = await records([c.yes, c.no]);
      await c.setup?.(yes!, no!);
      await ok('/api/triage/create-rule', { clientId: acme, rule: rule([c.condition], fake, { name: c.name }) });
      await evaluate();
      const found = await suggestions([yes!, no!]);
      expect(found.map((s) => s.recordId)).toEqual([yes]);
      expect(found[0]!.trace).toEqual([{ type: c.condition.type, values: c.values }]);
      expect(found[0]!.ruleName).toBe(c.name);
    });
  }

  it('quotes stored match reasons in the reader\'s language, in the suggestion and the backtest', async () => {
    await clearRules();
    const [yes] = await records([{ ec_blacklist_object: 'seller: bad shop', ec_brand_hint_word: "keyword 'acme' (brand Acme)", ec_category_id: grey }]);
    const conditions = [{ type: 'list', list: 'black' }, { type: 'brandHint' }];
    await ok('/api/triage/create-rule', { clientId: acme, rule: rule(conditions, fake, { name: 'Reasons' }) });
    await evaluate();
    const ja = await tp.post('/api/triage/fetch-suggestions', { clientId: acme, kind: 'ec', recordIds: [yes] }, { token: analyst.token, locale: 'ja' });
    const jaTrace = [{ type: 'list', values: ['出品者：bad shop'] }, { type: 'brandHint', values: ['キーワード「acme」（ブランド：Acme）'] }];
    expect(data('/api/triage/fetch-suggestions', ja).suggestions[0]!.trace).toEqual(jaTrace);
    expect((await suggestions([yes!]))[0]!.trace).toEqual([{ type: 'list', values: ['seller: bad shop'] }, { type: 'brandHint', values: ["keyword 'acme' (brand Acme)"] }]);
    const backtest = await tp.post('/api/triage/backtest', { clientId: acme, rule: rule(conditions) }, { token: analyst.token, locale: 'ja' });
    expect(data('/api/triage/backtest', backtest).disagreements.find((d) => d.recordId === yes)?.trace).toEqual(jaTrace);
  });
});

describe('rules', () => {
  it('the first matching rule wins, in the order the analysts set; moving a rule changes the suggestion', async () => {
    await clearRules();
    const [both, onlyGrey] = await records([{ ec_product_title: 'replica from taobao', ec_site: 'Taobao' }, { ec_product_title: 'plain', ec_site: 'Taobao' }]);
    await ok('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'words', match: 'any', words: ['replica'] }], fake, { name: 'Words', remark: 'Replica word' }) });
    const list = await ok('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'site', sites: ['Taobao'] }], grey, { name: 'Site' }) });
    expect(list.rules.map((r) => [r.name, r.position])).toEqual([['Words', 0], ['Site', 1]]);
    await evaluate();
    let found = await suggestions([both!, onlyGrey!]);
    expect(found.map((s) => [s.recordId, s.subcategoryId, s.ruleName, s.remark])).toEqual([[both, fake, 'Words', 'Replica word'], [onlyGrey, grey, 'Site', '']]);
    const site = list.rules[1]!.ruleId;
    const moved = await ok('/api/triage/move-rule', { clientId: acme, ruleId: site, position: 0 });
    expect(moved.rules.map((r) => [r.name, r.position])).toEqual([['Site', 0], ['Words', 1]]);
    await evaluate();
    found = await suggestions([both!]);
    expect(found[0]!.ruleName).toBe('Site');
    expect(found[0]!.trace).toEqual([{ type: 'site', values: ['Taobao'] }]);
  });

  it('the trace names every condition of the rule with the values that matched', async () => {
    await clearRules();
    const [id] = await records([{ ec_product_title: 'Fake AA9 bag', ec_site: 'Shop', ec_product_sold_count: 7, ec_brand_hint_word: 'acme' }]);
    await ok('/api/triage/create-rule', {
      clientId: acme,
      rule: rule([{ type: 'words', match: 'all', words: ['fake', 'BAG'] }, { type: 'pattern', pattern: 'aa\\d' }, { type: 'count', field: 'sold', above: 3 }, { type: 'brandHint' }], fake, { name: 'Four' }),
    });
    await evaluate();
    const [s] = await suggestions([id!]);
    expect(s!.trace).toEqual([
      { type: 'words', values: ['fake', 'bag'] },
      { type: 'pattern', values: ['AA9'] },
      { type: 'count', values: [7] },
      { type: 'brandHint', values: ['acme'] },
    ]);
  });

  it('a disabled rule suggests nothing; removing a rule removes its suggestions and renumbers', async () => {
    await clearRules();
    const [id] = await records([{ ec_product_title: 'knockoff watch' }]);
    const created = await ok('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'words', match: 'any', words: ['knockoff'] }], fake, { enabled: false }) });
    await evaluate();
    expect(await suggestions([id!])).toEqual([]);
    const ruleId = created.rules[0]!.ruleId;
    await ok('/api/triage/update-rule', { clientId: acme, ruleId, rule: rule([{ type: 'words', match: 'any', words: ['knockoff'] }]) });
    await evaluate();
    expect(await suggestions([id!])).toHaveLength(1);
    const second = await ok('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'brandHint' }]) });
    const left = await ok('/api/triage/remove-rule', { clientId: acme, ruleId });
    expect(left.rules.map((r) => [r.ruleId, r.position])).toEqual([[second.rules[1]!.ruleId, 0]]);
    expect(await suggestions([id!])).toEqual([]);
  });

  it('every rule change queues the evaluation of the client (pg-boss, in the same transaction)', async () => {
    const db = tp.portal.services.db;
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${TRIAGE_QUEUE} AND data->>'clientId' = ${String(acme)}`.execute(db);
    await ok('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'brandHint' }]) });
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${TRIAGE_QUEUE} AND data->>'clientId' = ${String(acme)}`.execute(db);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n) + 1);
  });

  it('an upload queues the evaluation of its report\'s records, which then carry their suggestions', async () => {
    await clearRules();
    await ok('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'site', sites: ['Amazon', 'Taobao', 'eBay'] }]) });
    const res = await tp.upload('/api/ec-report/upload-report', { clientId: acme }, { name: 'scan.xlsx', bytes: await xlsxOf(HEADER_EN, [listing(1), listing(2)]) }, { token: analyst.token });
    expect(res.body.code, res.body.message).toBe(0);
    const reportId = (res.body.data as { reportId: number }).reportId;
    const jobs = await sql<{ data: { clientId: number; kind: string; reportId: number } }>`SELECT data FROM pgboss.job WHERE name = ${TRIAGE_QUEUE} AND (data->>'reportId')::int = ${reportId}`.execute(tp.portal.services.db);
    // The upload's request id rides along (platform/request-context.ts) and is taken off before the handler.
    expect(jobs.rows.map((j) => j.data)).toEqual([{ clientId: acme, kind: 'ec', reportId, _requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    const done = await evaluateClient(tp.portal.services.db, jobs.rows[0]!.data as { clientId: number; kind: 'ec'; reportId: number }, tp.clock.now);
    expect([done.records, done.suggested]).toEqual([2, 2]);
  });

  it('refuses, in the user\'s language and without writing, a catastrophic pattern, a condition of another kind, an unknown category or rule', async () => {
    await clearRules();
    for (const pattern of ['(a+)+$', '(a|aa)*b', '(\\w)\\1', 'a.*b.*c.*d', '(?=x)y', '(']) {
      const res = await post('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'pattern', pattern }]) });
      expect(res.status, pattern).toBe(400);
    }
    const ja = await tp.post('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'pattern', pattern: '(a+)+' }]) }, { token: analyst.token, locale: 'ja' });
    expect(ja.body.message).toContain('パターン');
    const ws = await post('/api/triage/create-rule', { clientId: acme, rule: { ...rule([{ type: 'brandHint' }]), kind: 'ws', subcategoryId: 3 } });
    expect(ws.status).toBe(400);
    const unknown = await post('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'brandHint' }], 999_999) });
    expect(unknown.body.code).toBe(ErrorCode.UNKNOWN_CATEGORY);
    const gone = await post('/api/triage/update-rule', { clientId: acme, ruleId: 999_999, rule: rule([{ type: 'brandHint' }]) });
    expect(gone.body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect((await ok('/api/triage/fetch-rules', { clientId: acme })).rules).toEqual([]);
  });
});

describe('the backtest', () => {
  it('counts matched, precision, recall and names the disagreements on a set with known answers', async () => {
    const client = await createClient(tp, 'Backtest Co');
    await manage(tp, analyst, client);
    // 10 categorized fake with "replica" in 6 of them; 4 categorized grey, 2 with "replica"; 3 uncategorized with it.
    const rows: RecordValues[] = [
      ...Array.from({ length: 6 }, () => ({ ec_product_title: 'replica bag', ec_category_id: fake })),
      ...Array.from({ length: 4 }, () => ({ ec_product_title: 'bag', ec_category_id: fake })),
      ...Array.from({ length: 2 }, () => ({ ec_product_title: 'replica shoe', ec_category_id: grey })),
      ...Array.from({ length: 2 }, () => ({ ec_product_title: 'shoe', ec_category_id: grey })),
      ...Array.from({ length: 3 }, () => ({ ec_product_title: 'replica hat' })),
    ];
    const ids = await records(rows, client);
    const answer = await ok('/api/triage/backtest', { clientId: client, rule: rule([{ type: 'words', match: 'any', words: ['replica'] }]) });
    expect(answer).toMatchObject({ categorized: 14, matched: 8, agreed: 6, inSubcategory: 10, precision: 0.75, recall: 0.6 });
    expect(answer.disagreements.map((d) => d.recordId)).toEqual(ids.slice(10, 12));
    expect(answer.disagreements[0]).toMatchObject({ subcategoryId: grey, text: 'replica shoe', trace: [{ type: 'words', values: ['replica'] }] });
    // The same figures whether the words go to the database as a prefilter or not (an accented word stays in TypeScript).
    const accented = await ok('/api/triage/backtest', { clientId: client, rule: rule([{ type: 'words', match: 'any', words: ['REPLICA', 'réplique'] }]) });
    expect(accented).toMatchObject({ categorized: 14, matched: 8, agreed: 6, precision: 0.75, recall: 0.6 });
    const none = await ok('/api/triage/backtest', { clientId: client, rule: rule([{ type: 'words', match: 'any', words: ['nothing-like-this'] }]) });
    expect(none).toMatchObject({ matched: 0, precision: null, recall: 0 });
  });

  it('counts a marketplace seller-network rule in the database with the same figures as judging every record', async () => {
    const client = await createClient(tp, 'Network Backtest Co');
    await manage(tp, analyst, client);
    const db = tp.portal.services.db;
    await sql`INSERT INTO triage_seller_cluster VALUES (${client}, 1, 3, 9, 1, false, now()), (${client}, 2, 2, 2, 0, false, now())`.execute(db);
    await sql`INSERT INTO triage_seller_member VALUES (${client}, 1, 1, 'ec', 'Shop', 'Ring A', 3, 1), (${client}, 2, 2, 'ec', 'Shop', 'Pair A', 1, 0), (${client}, 2, 3, 'ec', 'Shop', '', 1, 0)`.execute(db);
    // Ring A (a network of 3): 3 fake, 1 grey; Pair A (2): 1 fake; Ring A on another site and a seller without a
    // name (a member named '' must not match a record without a seller): no network.
    await records(
      [
        ...Array.from({ length: 3 }, () => ({ ec_site: 'Shop', ec_product_seller: 'Ring A', ec_product_title: 'bag', ec_category_id: fake })),
        { ec_site: 'Shop', ec_product_seller: 'Ring A', ec_product_title: 'bag', ec_category_id: grey },
        { ec_site: 'Shop', ec_product_seller: 'Pair A', ec_product_title: 'bag', ec_category_id: fake },
        { ec_site: 'Other', ec_product_seller: 'Ring A', ec_product_title: 'bag', ec_category_id: fake },
        { ec_site: 'Shop', ec_product_seller: '', ec_product_title: 'bag', ec_category_id: fake },
      ],
      client,
    );
    const counted = await ok('/api/triage/backtest', { clientId: client, rule: rule([{ type: 'cluster', minSellers: 3 }]) });
    expect(counted).toMatchObject({ categorized: 7, matched: 4, agreed: 3, inSubcategory: 6 });
    expect(counted.disagreements).toHaveLength(1);
    expect(counted.disagreements[0]).toMatchObject({ subcategoryId: grey, trace: [{ type: 'cluster', values: ['Ring A', 3] }] });
    // A pattern is judged in TypeScript only, so this rule reads every admitted record: the same figures.
    const judged = await ok('/api/triage/backtest', { clientId: client, rule: rule([{ type: 'cluster', minSellers: 3 }, { type: 'pattern', pattern: 'b.g' }]) });
    expect(judged).toMatchObject({ categorized: 7, matched: 4, agreed: 3, inSubcategory: 6 });
    const wider = await ok('/api/triage/backtest', { clientId: client, rule: rule([{ type: 'cluster', minSellers: 2 }]) });
    expect(wider).toMatchObject({ matched: 5, agreed: 4 });
  });
});

describe('accepting suggestions', () => {
  it('accepts the selection or the whole search result in one batch with a history row each, and undoes it', async () => {
    const client = await createClient(tp, 'Accept Co');
    await manage(tp, analyst, client);
    const pc = await tp.portal.services.db.insertInto('product_category').values({ client_id: client, name: 'Bags', name_en: 'Bags', code: 'BG' }).returning('id').executeTakeFirstOrThrow();
    const ids = await records(
      [
        { ec_product_title: 'replica one', ec_categorize_remarks: 'old', ec_category_id: grey, ec_category_common_type_id: 5 },
        { ec_product_title: 'replica two' },
        { ec_product_title: 'replica three', ec_category_id: fake, ec_category_common_type_id: 3 },
        { ec_product_title: 'plain' },
      ],
      client,
    );
    await ok('/api/triage/create-rule', { clientId: client, rule: rule([{ type: 'words', match: 'any', words: ['replica'] }], fake, { remark: 'By rule', productCategoryId: pc.id }) });
    await evaluate(client);
    // The third already is in the suggested subcategory: only two to accept, in the search result and the selection.
    const search = { clientId: client, keyword: '', whereFields: [], orderFields: [] };
    expect(await ok('/api/triage/fetch-accept-count', { clientId: client, target: { kind: 'ec', search } })).toEqual({ count: 2 });
    expect(await ok('/api/triage/fetch-accept-count', { clientId: client, target: { kind: 'ec', recordIds: [ids[0], ids[3]] } })).toEqual({ count: 1 });
    const listed = await ok('/api/ec-data/search-records', { ...search, suggested: fake, limit: 10 });
    expect(listed.records.map((r) => r.ec_id).sort()).toEqual(ids.slice(0, 3).sort());
    const without = await ok('/api/ec-data/search-records', { ...search, suggested: 'none', limit: 10 });
    expect(without.records.map((r) => r.ec_id)).toEqual([ids[3]]);

    const accepted = await ok('/api/triage/accept-suggestions', { clientId: client, target: { kind: 'ec', search } });
    expect(accepted.updateCount).toBe(2);
    const db = tp.portal.services.db;
    const rowsAfter = await db.selectFrom('ec_record').select(['ec_id', 'ec_category_id', 'ec_category_common_type_id', 'ec_product_category_id', 'ec_categorize_remarks']).where('ec_id', 'in', ids).orderBy('ec_id').execute();
    expect(rowsAfter.slice(0, 3).map((r) => [r.ec_category_id, r.ec_category_common_type_id, r.ec_product_category_id, r.ec_categorize_remarks])).toEqual([
      [fake, 3, pc.id, 'By rule'],
      [fake, 3, pc.id, 'By rule'],
      [fake, 3, null, ''],
    ]);
    const history = await ok('/api/ec-data/get-record-history', { clientId: client, recordId: ids[0] });
    expect(history.history[0]).toMatchObject({ source: 'triage-accept', fields: { ec_category_id: fake, ec_category_common_type_id: 3, ec_product_category_id: pc.id, ec_categorize_remarks: 'By rule' } });

    const last = (await ok('/api/ec-data/fetch-last-batch', { clientId: client })).batch;
    expect(last).toMatchObject({ batchId: accepted.batchId, field: 'ec_category_id', count: 2 });
    expect(await ok('/api/ec-data/undo-batch', { clientId: client, batchId: accepted.batchId })).toEqual({ updateCount: 2 });
    const undone = await db.selectFrom('ec_record').select(['ec_category_id', 'ec_category_common_type_id', 'ec_product_category_id', 'ec_categorize_remarks']).where('ec_id', 'in', ids.slice(0, 2)).orderBy('ec_id').execute();
    expect(undone.map((r) => [r.ec_category_id, r.ec_category_common_type_id, r.ec_product_category_id, r.ec_categorize_remarks])).toEqual([
      [grey, 5, null, 'old'],
      [null, null, null, ''],
    ]);
    const undoHistory = await ok('/api/ec-data/get-record-history', { clientId: client, recordId: ids[0] });
    expect(undoHistory.history[0]).toMatchObject({ source: 'batch-undo', fields: { ec_category_id: grey, ec_category_common_type_id: 5, ec_categorize_remarks: 'old' } });

    // The selection: one record, then nothing left to accept.
    const one = await ok('/api/triage/accept-suggestions', { clientId: client, target: { kind: 'ec', recordIds: [ids[1], ids[3]] } });
    expect(one.updateCount).toBe(1);
    expect(await ok('/api/triage/accept-suggestions', { clientId: client, target: { kind: 'ec', recordIds: [ids[1]] } })).toEqual({ updateCount: 0, batchId: null });
  });
});

describe('SNS records through the same engine', () => {
  it('an account in a seller network on a platform, its trace, acceptance of the selection and its undo', async () => {
    const client = await createClient(tp, 'SNS Co');
    await manage(tp, analyst, client);
    const db = tp.portal.services.db;
    const report = await db.insertInto('sns_report').values({ client_id: client, report_name: 'Posts', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
    const post = (n: number, account: string, text: string) => ({
      client_id: client, report_id: report.report_id, platform: 1, account_name: account, account_id: `id${n}`, account_url: `https://sns.example/${n}`,
      post_url: `https://sns.example/p/${n}`, post_text: text, remarks: 'mine', published: false, updated_at: tp.clock.now,
    });
    const ids = (await db.insertInto('sns_record').values([post(1, 'Ring Shop', 'Replica bags'), post(2, 'Lone Shop', 'Replica bags'), post(3, 'Ring Shop', 'Genuine')]).returning('sns_id').execute()).map((r) => Number(r.sns_id));
    await sql`INSERT INTO triage_seller_cluster VALUES (${client}, 1, 2, 5, 0, false, now())`.execute(db);
    await sql`INSERT INTO triage_seller_member VALUES (${client}, 1, 1, 'sns', '1', 'Ring Shop', 3, 0), (${client}, 1, 2, 'sns', '1', 'other', 2, 0)`.execute(db);
    await ok('/api/triage/create-rule', {
      clientId: client,
      rule: { kind: 'sns', name: 'Ring', conditions: [{ type: 'site', sites: ['1'] }, { type: 'cluster' }, { type: 'words', match: 'any', words: ['replica'] }], subcategoryId: 3, remark: 'Network' },
    });
    await evaluate(client);
    const found = (await ok('/api/triage/fetch-suggestions', { clientId: client, kind: 'sns', recordIds: ids })).suggestions;
    expect(found.map((f) => [f.recordId, f.trace])).toEqual([[ids[0], [{ type: 'site', values: ['1'] }, { type: 'cluster', values: ['Ring Shop', 2] }, { type: 'words', values: ['replica'] }]]]);
    const accepted = await ok('/api/triage/accept-suggestions', { clientId: client, target: { kind: 'sns', recordIds: ids } });
    expect(accepted.updateCount).toBe(1);
    const row = async () => db.selectFrom('sns_record').select(['category_id', 'remarks']).where('sns_id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ category_id: 3, remarks: 'Network' });
    expect(await ok('/api/sns-data/undo-batch', { clientId: client, batchId: accepted.batchId })).toEqual({ updateCount: 1 });
    expect(await row()).toEqual({ category_id: null, remarks: 'mine' });
    // The backtest of the same rule (its network condition pushed down to the database) once both are categorized.
    await db.updateTable('sns_record').set({ category_id: 3 }).where('sns_id', 'in', ids.slice(0, 2)).execute();
    const rule = (await ok('/api/triage/fetch-rules', { clientId: client })).rules[0]!;
    const answer = await ok('/api/triage/backtest', { clientId: client, rule: { kind: 'sns', name: rule.name, conditions: rule.conditions, subcategoryId: 3 } });
    expect(answer).toMatchObject({ categorized: 2, matched: 1, agreed: 1, inSubcategory: 2, precision: 1, recall: 0.5 });
  });
});

describe('tenancy and roles', () => {
  it('client users are refused everywhere (suggestions are internal); other clients\' analysts may not write; lists ignore a client user\'s filter', async () => {
    await clearRules();
    const [id] = await records([{ ec_product_title: 'replica', published: true }]);
    await ok('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'words', match: 'any', words: ['replica'] }]) });
    await evaluate();
    for (const [path, body] of [
      ['/api/triage/fetch-rules', { clientId: acme }],
      ['/api/triage/fetch-suggestions', { clientId: acme, kind: 'ec', recordIds: [id] }],
      ['/api/triage/backtest', { clientId: acme, rule: rule([{ type: 'brandHint' }]) }],
      ['/api/triage/accept-suggestions', { clientId: acme, target: { kind: 'ec', recordIds: [id] } }],
    ] as const) {
      expect((await post(path, body, acmeUser)).status, path).toBe(403);
    }
    expect((await post('/api/triage/create-rule', { clientId: acme, rule: rule([{ type: 'brandHint' }]) }, outsider)).status).toBe(403);
    expect((await post('/api/triage/accept-suggestions', { clientId: acme, target: { kind: 'ec', recordIds: [id] } }, outsider)).status).toBe(403);
    // Another client's records are not accepted through a client the analyst manages.
    const theirs = await records([{ ec_product_title: 'replica' }], other);
    const cross = await post('/api/triage/fetch-accept-count', { clientId: acme, target: { kind: 'ec', recordIds: theirs } });
    expect(data('/api/triage/fetch-accept-count', cross)).toEqual({ count: 0 });
    const clientList = await post('/api/ec-data/search-records', { clientId: acme, suggested: 'none', limit: 50 }, acmeUser);
    expect(data('/api/ec-data/search-records', clientList).records.some((r) => r.ec_id === id)).toBe(true);
  });
});
