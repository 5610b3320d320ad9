import { Role, type FetchInfoInput } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthedContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { createClient, createUser, manage, startTestPortal, xlsxOf, type TestPortal, type TestUser } from '../../testing/index.js';
import { settleRollups } from './rollups.js';
import * as dashboards from './service.js';

/**
 * The rollups the database keeps for the dashboards (migration 015) stay exactly right through every kind of change:
 * after each upload (new and update), post, detail save, batch, inherit, repeat removal and report removal of
 * marketplace and website records, a subcategory moved to another aggregate category, and settling, (1) the kept
 * rows add up to what filing every record anew gives, and (2) both answers, read from the rollups (and the cache)
 * as the calls do, equal the same answers read from the records alone with plain GROUP BYs, for periods of whole
 * months, partial months at either end and within one month, on both date bases, and home for the client and for
 * every client.
 */

let tp: TestPortal;
let db: Db;
let acme: number;
let other: number;
let analyst: TestUser;
let admin: TestUser;
const subs: Record<string, number> = {};

const PERIODS: [string, string][] = [
  ['2025-01-01', '2025-12-31'],
  ['2025-02-10', '2025-05-20'],
  ['2025-03-05', '2025-03-25'],
  ['2024-12-15', '2026-01-31'],
  ['2025-04-01', '2025-04-30'],
];

const contextOf = (user: TestUser, role: number, tx: AuthedContext['db']): AuthedContext => ({
  services: tp.portal.services,
  db: tx,
  user: { userId: user.userId, role, clientId: null, locale: 'en', tokenHash: '' },
  locale: 'en',
  ip: '127.0.0.1',
  log: tp.portal.services.log,
  now: tp.clock.now,
  files: [],
  signal: new AbortController().signal,
});
/** One read, in a transaction of its own as a call's. */
const read = <T>(role: number, f: (ctx: AuthedContext) => Promise<T>) => db.transaction().execute((tx) => f(contextOf(role === Role.ADMIN ? admin : analyst, role, tx)));

/** Every rollup table's rows summed per key (what readers see), in a fixed order; sums compared as numbers. */
async function kept(conn: AuthedContext['db']) {
  const impact = ['n', 'price_n', 'price_sum', 'onsell_n', 'onsell_sum', 'sold_n', 'sold_sum', 'price_onsell_n', 'price_onsell_sum', 'price_sold_n', 'price_sold_sum'];
  const out: Record<string, unknown[]> = {};
  for (const [table, keys, sums] of [
    ['ec_dash', 'client_id, basis, month, region, site, result, common, sub', ['n']],
    ['ec_dash_impact', 'client_id, basis, month, currency, common, sub', impact],
    ['ws_dash', 'client_id, basis, month, region, category, result', ['n']],
  ] as const) {
    const { rows } = await sql`
      SELECT ${sql.raw(keys)}, ${sql.join(sums.map((c) => sql`trim_scale(sum(${sql.ref(c)}))::text AS ${sql.ref(c)}`))}
      FROM ${sql.table(table)} GROUP BY ${sql.raw(keys)} HAVING ${sql.join(sums.map((c) => sql`sum(${sql.ref(c)}) <> 0`), sql` OR `)}
      ORDER BY ${sql.raw(keys)}`.execute(conn);
    out[table] = rows;
  }
  return out;
}

class Rollback extends Error {}

async function expectExact(step: string): Promise<void> {
  // (1) The kept rows against filing every record anew (rolled back).
  await db
    .transaction()
    .execute(async (tx) => {
      const before = await kept(tx);
      await sql`SELECT dashboard_rebuild()`.execute(tx);
      const after = await kept(tx);
      expect(before, `${step}: rollups`).toEqual(after);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  // (2) The answers against plain GROUP BYs over the records; twice, the second from the cache.
  for (let round = 0; round < 2; round++) {
    for (const [fromDate, toDate] of PERIODS) {
      for (const dateType of [1, 2] as const) {
        const input: FetchInfoInput = { clientId: acme, dateType, fromDate, toDate };
        const plain = await read(Role.ANALYST, (ctx) => dashboards.fetchInfo(ctx, input, 'records'));
        expect(await read(Role.ANALYST, (ctx) => dashboards.fetchInfo(ctx, input)), `${step}: ${fromDate}..${toDate} basis ${dateType}`).toEqual(plain);
      }
    }
    for (const [role, clientId] of [[Role.ANALYST, acme], [Role.ADMIN, undefined]] as const) {
      const plain = await read(role, (ctx) => dashboards.home(ctx, clientId, 'records'));
      expect(await read(role, (ctx) => dashboards.home(ctx, clientId)), `${step}: home ${clientId ?? 'all'}`).toEqual(plain);
    }
  }
}

const HEADER = ['Site', 'Scan date', 'Search keyword', 'Listing title', 'Listing URL', 'Seller', 'Price', 'Currency', 'Inventory', 'Sold', 'Ship-from region', 'Report date', 'Infringement category', '1st report date', '1st result', 'Final result', 'Final result date'];
const SITES = ['Amazon', 'Taobao', 'eBay'];
const REGIONS = ['CN', 'China', '中国', 'US', 'United States', 'JP', '日本', 'Atlantis', ''];
const CODES = ['CF', 'AD', 'NI', 'RF', 'CF', 'CF', null];
const CURRENCIES = ['USD', 'CNY', 'JPY', 'ZAR', null];

/** The days on either side of every edge of PERIODS and of their whole months. */
const EDGES = [
  '2024-12-14', '2024-12-15', '2024-12-31', '2025-01-01', '2025-02-09', '2025-02-10', '2025-02-28', '2025-03-01', '2025-03-04', '2025-03-05',
  '2025-03-25', '2025-03-26', '2025-03-31', '2025-04-01', '2025-04-30', '2025-05-01', '2025-05-20', '2025-05-21', '2025-12-31', '2026-01-01',
  '2026-01-31', '2026-02-01',
];
const dayAfter = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Listing n of a report: spread over sites, regions (codes, names, unknown, blank), sellers, categories, prices and
 * days of late 2024 to early 2026, every other scan or categorize date on a day next to an edge of a period.
 */
function row(n: number): (string | number | null)[] {
  const pick = <T>(list: readonly T[], salt: number) => list[(n * 7 + salt * 13 + ((n * n) % 11)) % list.length]!;
  const scan = n % 4 < 2 ? EDGES[(n * 5) % EDGES.length]! : dayAfter('2024-12-01', (n * 37) % 420);
  const code = pick(CODES, 3);
  const categorized = code === null ? null : n % 4 === 1 || n % 4 === 2 ? EDGES[(n * 3) % EDGES.length]! : dayAfter(scan, (n * 5) % 40);
  const final = code !== null && n % 3 === 0 ? 1 + (n % 3) : null;
  return [
    pick(SITES, 1), scan, 'sakura', `Listing ${n}`, `https://shop.example/item/${n}`, `seller-${n % 6}`,
    n % 9 === 0 ? null : 5 + (n % 17) * 2.5, pick(CURRENCIES, 4), n % 8 === 0 ? null : n % 5, n % 4, pick(REGIONS, 2),
    categorized, code, final ? categorized : null, final, final, final ? categorized : null,
  ];
}

const post = (path: string, body: Record<string, unknown>) => tp.post(path, body, { token: analyst.token });
async function ok(path: string, body: Record<string, unknown>) {
  const res = await post(path, body);
  expect(res.body, `${path} ${res.body.message} ${JSON.stringify(res.body.data)}`).toMatchObject({ code: 0 });
  return res.body.data as Record<string, unknown>;
}
async function uploadEc(clientId: number, rows: (string | number | null)[][], path = '/api/ec-report/upload-report', header = HEADER) {
  const res = await tp.upload(path, { clientId }, { name: 'dash.xlsx', bytes: await xlsxOf(header, rows) }, { token: analyst.token });
  expect(res.body, JSON.stringify(res.body.data)).toMatchObject({ code: 0 });
  return res.body.data as { reportId: number | null };
}
const idsOf = async (table: 'ec_record' | 'ws_record', reportId: number) =>
  (await sql<{ id: number }>`SELECT ${sql.ref(table === 'ec_record' ? 'ec_id' : 'ws_id')} AS id FROM ${sql.table(table)} WHERE report_id = ${reportId} ORDER BY 1`.execute(db)).rows.map((r) => Number(r.id));

beforeAll(async () => {
  tp = await startTestPortal();
  db = tp.portal.services.db;
  acme = await createClient(tp, 'Rollup Co');
  other = await createClient(tp, 'Other Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  admin = await createUser(tp, { role: Role.ADMIN });
  await manage(tp, analyst, acme, other);
  for (const [code, common] of [['CF', 3], ['AD', 2], ['NI', 1], ['RF', 8]] as const) {
    const cat = await db.insertInto('infringement_category').values({ name: code, name_en: code }).returning('id').executeTakeFirstOrThrow();
    subs[code] = (await db.insertInto('infringement_subcategory').values({ category_id: cat.id, name: code, name_en: code, code, common_category: common }).returning('id').executeTakeFirstOrThrow()).id;
  }
  await ok('/api/analyst/set-impact-settings', { clientId: acme, priceType: 1, countType: 2, radio: 50 });
  // Another company's posted records: never in Rollup Co's figures, always in the administrators' home.
  const theirs = await uploadEc(other, [row(900), row(901), row(902)]);
  await ok('/api/ec-report/post-report', { clientId: other, reportId: theirs.reportId, sendUncategorizRecords: true });
}, 120_000);
afterAll(async () => {
  await tp?.close();
});

describe('the dashboard rollups', () => {
  it('stay exact through the marketplace records\' uploads, posts, saves, batches, inherit, repeats and removal', async () => {
    const a = (await uploadEc(acme, Array.from({ length: 48 }, (_, i) => row(i + 1)))).reportId!;
    await expectExact('new upload (unpublished)');
    await ok('/api/ec-report/post-report', { clientId: acme, reportId: a });
    await expectExact('post of the categorized records');
    await ok('/api/ec-report/post-report', { clientId: acme, reportId: a, sendUncategorizRecords: true });
    await expectExact('post of the rest');

    const ids = await idsOf('ec_record', a);
    await uploadEc(acme, ids.slice(0, 20).map((id, i) => [id, i % 2 ? 'AD' : 'RF', `2025-0${1 + (i % 9)}-1${i % 10}`, i % 3 === 0 ? 2 : null, i % 3 === 0 ? '2025-06-30' : null, i % 3 === 0 ? 2 : null, i % 3 === 0 ? '2025-06-30' : null]),
      '/api/ec-report/batch-update', ['ID', 'Infringement category', 'Report date', 'Final result', 'Final result date', '1st result', '1st report date']);
    await expectExact('update upload');
    // Only the final result (taken down), nothing else the rollups are keyed by.
    await uploadEc(acme, ids.slice(40, 46).map((id) => [id, 3, '2025-09-30', 3, '2025-09-29']), '/api/ec-report/batch-update', ['ID', 'Final result', 'Final result date', '1st result', '1st report date']);
    await expectExact('update upload of final results');

    await ok('/api/ec-data/update-record', { clientId: acme, recordId: ids[21], categoryId: subs.CF, categorizeDate: '2025-07-15', process1Result: 2, process1Date: '2025-07-20', processResult: 2, processConfirmDate: '2025-07-21' });
    await ok('/api/ec-data/update-record', { clientId: acme, recordId: ids[22], categoryId: subs.NI, categorizeDate: '2025-02-02' });
    await expectExact('detail saves');
    await ok('/api/ec-data/batch-update-category', { clientId: acme, recordIds: ids.slice(24, 34), commoncategoryId: 4 });
    await expectExact('batch category');
    const clientUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
    expect((await tp.post('/api/ec-data/batch-update-action', { clientId: acme, recordIds: ids.slice(30, 40), action: 2 }, { token: clientUser.token })).body.code).toBe(0);
    await expectExact('batch action');

    // A later scan of some of the same listings (repeats), posted uncategorized, then categorized from the earlier ones.
    const b = (await uploadEc(acme, [...[3, 5, 8, 13, 21].map((n) => [...row(n).slice(0, 11), null, null, null, null, null, null]), row(60), row(61)])).reportId!;
    await ok('/api/ec-report/post-report', { clientId: acme, reportId: b, sendUncategorizRecords: true });
    await expectExact('post of a report of repeats');
    await ok('/api/ec-report/inherit-records', { clientId: acme, reportId: b });
    await expectExact('inherit');
    await ok('/api/ec-report/delete-repeat-records', { clientId: acme, reportId: b });
    await expectExact('repeats removed');
    await ok('/api/ec-report/remove-report', { clientId: acme, reportId: a });
    await expectExact('report removed');
  });

  it('stay exact when a subcategory moves to another aggregate category, and when settled', async () => {
    const c = (await uploadEc(acme, Array.from({ length: 12 }, (_, i) => row(100 + i)))).reportId!;
    await ok('/api/ec-report/post-report', { clientId: acme, reportId: c, sendUncategorizRecords: true });
    // Records with only a subcategory (written directly, as older data may be): their aggregate category is the subcategory's.
    await db.updateTable('ec_record').set({ ec_category_common_type_id: null, ec_category_id: subs.CF! }).where('report_id', '=', c).where('ec_no', '<=', 4).execute();
    await expectExact('records with only a subcategory');
    await db.updateTable('infringement_subcategory').set({ common_category: 1 }).where('id', '=', subs.CF!).execute();
    await expectExact('the subcategory made non-infringing');

    const count = async () => Number((await sql<{ n: string }>`SELECT (SELECT count(*) FROM ec_dash) + (SELECT count(*) FROM ec_dash_impact) + (SELECT count(*) FROM dashboard_change) AS n`.execute(db)).rows[0]!.n);
    const before = await count();
    expect(await settleRollups(db)).toBeGreaterThanOrEqual(2);
    expect(await count()).toBeLessThanOrEqual(before);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM dashboard_change WHERE NOT settled`.execute(db)).rows[0]!.n)).toBe(0);
    await expectExact('settled');
    expect(await settleRollups(db)).toBe(0);
  });

  it('stay exact through the website records\' upload, post, batch, save and removal', async () => {
    const header = ['Search engine', 'Scan date', 'Search keyword', 'Domain', 'Page URL', 'Domain region', 'Report date', 'Site category', 'Final result', 'Final result date', '1st result', '1st report date'];
    const wsRow = (n: number) => {
      const scan = `2025-0${1 + (n % 9)}-${String(1 + ((n * 3) % 28)).padStart(2, '0')}`;
      const category = n % 4 === 0 ? null : 1 + ((n * 5) % 11);
      const final = category !== null && n % 3 === 0 ? 2 : null;
      return ['Google', scan, 'sakura', `fake${n}.example`, `https://fake${n}.example/p`, ['CN', 'China', 'JP', 'Nowhere'][n % 4]!, category ? scan : null, category, final, final ? scan : null, final, final ? scan : null];
    };
    const w = (await uploadEc(acme, Array.from({ length: 24 }, (_, i) => wsRow(i + 1)), '/api/ws-report/upload-report', header)).reportId!;
    await expectExact('website upload');
    await ok('/api/ws-report/post-report', { clientId: acme, reportId: w, sendUncategorizRecords: true });
    await expectExact('website post');
    const ids = await idsOf('ws_record', w);
    await ok('/api/ws-data/batch-update-category', { clientId: acme, recordIds: ids.slice(0, 8), categoryId: 11 });
    await expectExact('website batch category');
    await ok('/api/ws-data/update-record', { clientId: acme, recordId: ids[10], categoryId: 3, categorizeDate: '2025-08-08', process1Result: 2, process1Date: '2025-08-09', processResult: 2, processConfirmDate: '2025-08-10' });
    await expectExact('website detail save');
    await ok('/api/ws-report/remove-report', { clientId: acme, reportId: w });
    await expectExact('website report removed');
  });
});
