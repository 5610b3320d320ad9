import { Writable } from 'node:stream';
import { EC_FILTER_FIELDS, Role } from '@portal/contract';
import { createUser, startTestPortal } from '@portal/server/testing';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { BIG, SMALL, seedEcDataset } from './ec-dataset.js';

/**
 * Benchmarks on the million-record client, through the real HTTP stack (PostgreSQL only):
 * - a list page: 20 rows sorted by scan date with a fuzzy keyword on the title, p50/p95 over many keywords;
 * - column filter values: each filterable column, the first (uncached) answer and a repeated one;
 * - export of 100,000 rows (one report) against a plain ExcelJS streaming write of the same rows read from the
 *   database, with the peak RSS growth of each.
 */
const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 200);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await f();
  return [performance.now() - started, result];
}

/** Peak RSS growth (MB) while f runs, sampled every 20 ms. */
async function withPeakRss<T>(f: () => Promise<T>): Promise<[number, T]> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await f();
    return [Math.round((peak - base) / 1024 / 1024), result];
  } finally {
    clearInterval(timer);
  }
}

if (process.env.TEST_DB !== 'postgres') throw new Error('the list benchmark runs on PostgreSQL: TEST_DB=postgres');
const tp = await startTestPortal({ checkAnswers: false });
try {
  const [seedMs, { bigClient, reportIds }] = await timed(() => seedEcDataset(tp));
  const analyst = await createUser(tp, { role: Role.ANALYST });
  const address = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${address}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${analyst.token}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
    if (json.code !== 0) throw new Error(`${path}: ${json.message}`);
    return json.data;
  };

  // List pages: common words, rarer model numbers and lot fragments, and words that match nothing.
  const words = ['serum', 'cream', 'lotion', 'lip tint', 'mask', 'cleanser', 'toner', 'sunscreen', 'essence', 'foundation'];
  const keywords = Array.from({ length: SAMPLES }, (_, i) => (i % 4 === 0 ? words[i % words.length]! : i % 4 === 1 ? `${i % 500}ml` : i % 4 === 2 ? `lot ${(i * 7919).toString(16).slice(0, 3)}` : `nothing-${i}`));
  const search = (keyword: string) =>
    post('/api/ec-data/search-records', { clientId: bigClient, keyword, wordFields: ['ec_product_title'], searchType: 3, orderFields: [{ key: 'ec_scan_date', value: 2 }], limit: 20, offset: 0 });
  for (const k of keywords.slice(0, 10)) await search(k); // warm-up
  const listTimes: number[] = [];
  for (const k of keywords) listTimes.push((await timed(() => search(k)))[0]);
  const plainPage = await timed(() => post('/api/ec-data/search-records', { clientId: bigClient, limit: 20, offset: 0 }));

  // Filter values: first answer per column (nothing cached), then the same again.
  const firstTimes: number[] = [];
  const againTimes: number[] = [];
  for (const fieldName of EC_FILTER_FIELDS) {
    firstTimes.push((await timed(() => post('/api/ec-data/fetch-filters', { clientId: bigClient, fieldName })))[0]);
    againTimes.push((await timed(() => post('/api/ec-data/fetch-filters', { clientId: bigClient, fieldName })))[0]);
  }

  // Export of one 100,000-record report, and the plain baseline over the same rows.
  const reportId = reportIds[0]!;
  const whereFields = encodeURIComponent(JSON.stringify([{ key: 'report_id', values: [reportId] }]));
  const [exportRss, [exportMs, exportBytes]] = await withPeakRss(() =>
    timed(async () => {
      const res = await fetch(`${address}/api/ec-data/export-search-result?clientId=${bigClient}&whereFields=${whereFields}`, { headers: { authorization: `Bearer ${analyst.token}` } });
      if (!res.ok || !res.headers.get('content-type')?.includes('spreadsheetml')) throw new Error(`export failed: ${res.status} ${await res.text()}`);
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
      return bytes;
    }),
  );
  const [baselineRss, [baselineMs]] = await withPeakRss(() =>
    timed(async () => {
      const sink = new Writable({ write: (_c, _e, done) => done() });
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: false });
      const sheet = writer.addWorksheet('Records');
      let last = 0;
      const db = tp.portal.services.db;
      for (;;) {
        const rows = await db.selectFrom('ec_record').selectAll().where('report_id', '=', reportId).where('ec_id', '>', last).orderBy('ec_id').limit(2000).execute();
        if (rows.length === 0) break;
        for (const r of rows) sheet.addRow(Object.values(r).map((v) => (v instanceof Date ? v.toISOString() : typeof v === 'object' && v !== null ? JSON.stringify(v) : v))).commit();
        last = Number(rows[rows.length - 1]!.ec_id);
      }
      sheet.commit();
      await writer.commit();
    }),
  );
  const exportedRows = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ec_record WHERE report_id = ${reportId}`.execute(tp.portal.services.db)).rows[0]!.n);

  console.log(
    JSON.stringify({
      benchmark: 'EC records on the million-record client (PostgreSQL)',
      records: { bigClient: BIG, smallClients: 20, perSmallClient: SMALL, seedSeconds: Math.round(seedMs / 1000) },
      listPage: { samples: SAMPLES, p50Ms: percentile(listTimes, 50), p95Ms: percentile(listTimes, 95), maxMs: percentile(listTimes, 100), withoutKeywordMs: Math.round(plainPage[0]) },
      filterValues: { columns: EC_FILTER_FIELDS.length, firstP95Ms: percentile(firstTimes, 95), firstMaxMs: percentile(firstTimes, 100), repeatedP95Ms: percentile(againTimes, 95) },
      export: {
        rows: exportedRows,
        portalSeconds: Number((exportMs / 1000).toFixed(1)),
        portalRowsPerSecond: Math.round(exportedRows / (exportMs / 1000)),
        portalPeakRssGrowthMb: exportRss,
        fileMb: Math.round(exportBytes / 1024 / 1024),
        baselineSeconds: Number((baselineMs / 1000).toFixed(1)),
        baselineRowsPerSecond: Math.round(exportedRows / (baselineMs / 1000)),
        baselinePeakRssGrowthMb: baselineRss,
        ratio: Number((baselineMs / exportMs).toFixed(2)),
      },
    }),
  );
} finally {
  await tp.close();
}
