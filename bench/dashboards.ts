import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Role } from '@portal/contract';
import { createUser, manage, startTestPortal, type TestPortal } from '@portal/server/testing';
import { sql } from 'kysely';
import { settleRollups } from '../packages/server/src/areas/dashboards/rollups.js';
import * as dashboards from '../packages/server/src/areas/dashboards/service.js';
import type { AuthedContext } from '../packages/server/src/platform/context.js';
import { BIG, seedEcDataset } from './ec-dataset.js';
import { EC, ecRow, writeSheet } from './report-sheets.js';

/**
 * The online dashboard and home on the benchmark data set's million-record client (ec-dataset.ts), PostgreSQL,
 * through the real HTTP stack (issue 14, "Speed"):
 * - `fetch-info` for the default range (the current year): p50/p95 over SAMPLES calls (the first one, which computes
 *   and keeps the figures, reported apart), and the same figures read from the records alone (plain GROUP BYs);
 * - `fetch-info` for RANGES periods never asked before (random from, to and date basis): p50/p95;
 * - `home-dashboard` as the client's user: p50/p95 (the first apart);
 * - what keeping the rollups adds to writes, measured in the same run with the rollup triggers on and off (the
 *   baseline), after one of each to warm up, in the order on, off, off, on: a new upload of UPLOAD_ROWS rows (this
 *   month's scan, three in four categorized), posting it, and batch category updates of BATCH_ROWS records of the
 *   newest seeded reports (four times that order);
 * - after the writes (the rollups filed anew after the baseline), that the rollups' answers equal the plain ones.
 */
const SAMPLES = Number(process.env.BENCH_DASHBOARD_SAMPLES ?? 50);
const RANGES = Number(process.env.BENCH_DASHBOARD_RANGES ?? 30);
const UPLOAD_ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000);
const BATCH_ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
/** A first one to warm up, then on, off, off, on, four times over. */
const BATCHES = 17;
const TRIGGERS = ['dashboard_insert', 'dashboard_update', 'dashboard_delete'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
};
const spread = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95), max: percentile(values, 100) });
const seconds = (ms: number) => Math.round(ms / 100) / 10;
async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await f();
  return [performance.now() - started, result];
}

if (process.env.TEST_DB !== 'postgres') throw new Error('the dashboard benchmark runs on PostgreSQL: TEST_DB=postgres');
const tp: TestPortal = await startTestPortal({ checkAnswers: false });
try {
  const db = tp.portal.services.db;
  const [seedMs, { bigClient, reportIds }] = await timed(() => seedEcDataset(tp));
  // What autovacuum and the settling job do on a live portal between uploads.
  const [settleMs] = await timed(async () => {
    await sql`VACUUM ANALYZE ec_record`.execute(db);
    await settleRollups(db);
    await sql`VACUUM ANALYZE ec_dash`.execute(db);
  });
  const analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, bigClient);
  const client = await createUser(tp, { role: Role.CLIENT, clientId: bigClient });
  await EC.setup(tp, bigClient);
  const address = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (route: string, body: unknown, token: string) => {
    const res = await fetch(`${address}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const answer = (await res.json()) as { code: number; message: string; data: unknown };
    if (answer.code !== 0) throw new Error(`${route}: ${answer.message}`);
    return answer.data;
  };
  const timedCall = async (route: string, body: unknown, token: string) => (await timed(() => call(route, body, token)))[0];

  // ------------------------------------------------------------------ reads
  const year = new Date().getUTCFullYear();
  const defaultRange = { clientId: bigClient, dateType: 1, fromDate: `${year}-01-01`, toDate: `${year}-12-31` };
  const firstDefault = await timedCall('/api/ec-dashboard/fetch-info', defaultRange, client.token);
  const defaults: number[] = [];
  for (let i = 0; i < SAMPLES; i++) defaults.push(await timedCall('/api/ec-dashboard/fetch-info', defaultRange, client.token));

  const firstHome = await timedCall('/api/home-dashboard', {}, client.token);
  const homes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) homes.push(await timedCall('/api/home-dashboard', {}, client.token));

  // Periods nobody asked for: any start in the data's three years, one day to two years long, either date basis.
  let seed = 20261124;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const first = Date.UTC(year - 2, 0, 1);
  const day = 86_400_000;
  const ranges: number[] = [];
  for (let i = 0; i < RANGES; i++) {
    const from = first + Math.floor(random() * ((Date.now() - first) / day)) * day;
    const to = from + Math.floor(random() * 730) * day;
    const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
    ranges.push(await timedCall('/api/ec-dashboard/fetch-info', { clientId: bigClient, dateType: 1 + (i % 2), fromDate: iso(from), toDate: iso(to) }, client.token));
  }

  // The same default-range figures from the records alone, as the dashboard read them before the rollups.
  const contextOf = (conn: AuthedContext['db']): AuthedContext => ({
    services: tp.portal.services,
    db: conn,
    user: { userId: analyst.userId, role: Role.ANALYST, clientId: null, locale: 'en', tokenHash: '' },
    locale: 'en',
    ip: '127.0.0.1',
    log: tp.portal.services.log,
    now: new Date(),
    files: [],
    signal: new AbortController().signal,
  });
  const input = { clientId: bigClient, dateType: 1 as const, fromDate: defaultRange.fromDate, toDate: defaultRange.toDate };
  const plain: number[] = [];
  for (let i = 0; i < 3; i++) plain.push((await timed(() => db.transaction().execute((tx) => dashboards.fetchInfo(contextOf(tx), input, 'records'))))[0]);

  // ------------------------------------------------------------------ writes, with the rollups kept and without
  const setTriggers = async (on: boolean) => {
    for (const trigger of TRIGGERS) await sql`ALTER TABLE ec_record ${sql.raw(on ? 'ENABLE' : 'DISABLE')} TRIGGER ${sql.id(trigger)}`.execute(db);
  };
  const month = new Date().toISOString().slice(0, 7);
  const codes = ['B-3', 'B-3', 'B-2', 'B-4', 'B-1', 'B-3', 'B-5', null];
  const regions = ['CN', 'CN', 'China', 'US', 'JP', 'HK', 'KR', 'VN', 'DE', ''];
  const file = path.join(os.tmpdir(), `bench-dashboard-upload-${UPLOAD_ROWS}.xlsx`);
  await writeSheet({ ...EC, row: (n) => {
    const code = codes[n % codes.length]!;
    return ecRow(n, {
      ec_scan_date: `${month}-${String(1 + (n % 20)).padStart(2, '0')}`,
      ec_product_region: regions[(n * 7) % regions.length]!,
      ec_product_seller: `seller-${Math.floor((n % 4999) ** 2 / 4999)}`,
      ec_category_id: code,
      ec_categorize_date: code ? `${month}-21` : null,
    });
  } }, file, UPLOAD_ROWS);
  const upload = (token: string) =>
    new Promise<{ code: number; message: string; data: { reportId: number } }>((resolve, reject) =>
      execFile('curl', ['-s', '-H', `authorization: Bearer ${token}`, '-F', `clientId=${bigClient}`, '-F', `file=@${file};filename=dash.xlsx`, `${address}/api/ec-report/upload-report`], { maxBuffer: 64 * 1024 * 1024 }, (err, out) =>
        err ? reject(err) : resolve(JSON.parse(out) as { code: number; message: string; data: { reportId: number } }),
      ),
    );

  // A first upload and post warm the caches and the connections' plans; then on, off, off, on.
  const order = [null, true, false, false, true];
  const writes = { upload: { on: [] as number[], off: [] as number[] }, post: { on: [] as number[], off: [] as number[] }, batch: { on: [] as number[], off: [] as number[] } };
  const record = (list: { on: number[]; off: number[] }, on: boolean | null, ms: number) => on !== null && list[on ? 'on' : 'off'].push(ms);
  for (const on of order) {
    await setTriggers(on ?? true);
    const [uploadMs, uploaded] = await timed(() => upload(analyst.token));
    if (uploaded.code !== 0) throw new Error(`upload refused: ${uploaded.message}`);
    record(writes.upload, on, uploadMs);
    record(writes.post, on, await timedCall('/api/ec-report/post-report', { clientId: bigClient, reportId: uploaded.data.reportId }, analyst.token));
  }
  // Batch updates of the newest seeded reports' records (this month's and last month's): a new aggregate category for each slice.
  const reports = reportIds.slice(0, Math.ceil(BIG / 100_000)).slice(-Math.ceil((BATCHES * BATCH_ROWS) / 100_000));
  const newest = (await sql<{ id: number }>`SELECT ec_id AS id FROM ec_record WHERE report_id = ANY(${reports}::int[]) ORDER BY ec_id DESC`.execute(db)).rows.map((r) => Number(r.id));
  for (let i = 0; i < BATCHES; i++) {
    const on = i === 0 ? null : [true, false, false, true][(i - 1) % 4]!;
    await setTriggers(on ?? true);
    const recordIds = newest.slice(i * BATCH_ROWS, (i + 1) * BATCH_ROWS);
    record(writes.batch, on, await timedCall('/api/ec-data/batch-update-category', { clientId: bigClient, recordIds, commoncategoryId: 4 + (i % 3) }, analyst.token));
  }
  await setTriggers(true);
  const [rebuildMs] = await timed(() => sql`SELECT dashboard_rebuild()`.execute(db));
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  // Other work on the machine moves single runs by a lot: the medians' ratio as well as the totals'.
  const cost = (w: { on: number[]; off: number[] }) => ({
    onSeconds: w.on.map(seconds),
    offSeconds: w.off.map(seconds),
    addedByTotals: `${Math.round((sum(w.on) / sum(w.off) - 1) * 100)} %`,
    addedByMedians: `${Math.round((percentile(w.on, 50) / percentile(w.off, 50) - 1) * 100)} %`,
  });

  // After the writes: the rollups' answers against plain GROUP BYs over the records (the cache computes anew: the data changed).
  const same = async (dateType: 1 | 2) => {
    const ask = { ...input, dateType };
    const [a, b] = await db.transaction().execute(async (tx) => [await dashboards.fetchInfo(contextOf(tx), ask), await dashboards.fetchInfo(contextOf(tx), ask, 'records')]);
    return isDeepStrictEqual(a, b);
  };
  const [afterWriteMs] = await timed(() => call('/api/ec-dashboard/fetch-info', defaultRange, client.token));
  const [homeAfterWriteMs] = await timed(() => call('/api/home-dashboard', {}, client.token));
  const equal = (await same(1)) && (await same(2));

  console.log(
    JSON.stringify({
      benchmark: 'online dashboard and home on the million-record client',
      records: Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ec_record WHERE client_id = ${bigClient}`.execute(db)).rows[0]!.n),
      seedSeconds: seconds(seedMs),
      vacuumAndSettleSeconds: seconds(settleMs),
      fetchInfoDefaultRangeMs: { first: Math.round(firstDefault), ...spread(defaults) },
      fetchInfoDefaultRangeFromRecordsMs: spread(plain),
      fetchInfoNeverAskedMs: spread(ranges),
      homeMs: { first: Math.round(firstHome), ...spread(homes) },
      writes: { uploadRows: UPLOAD_ROWS, upload: cost(writes.upload), post: cost(writes.post), batchRows: BATCH_ROWS, batch: cost(writes.batch) },
      rebuildSeconds: seconds(rebuildMs),
      firstAfterWritesMs: { fetchInfo: Math.round(afterWriteMs), home: Math.round(homeAfterWriteMs) },
      rollupsEqualPlainQueries: equal,
    }),
  );
  fs.rmSync(file, { force: true });
} finally {
  await tp.close();
}
