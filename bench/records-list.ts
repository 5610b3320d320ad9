import { Writable } from 'node:stream';
import { EC_FILTER_FIELDS, Role, SNS_FILTER_FIELDS, WS_FILTER_FIELDS } from '@portal/contract';
import { createUser, startTestPortal } from '@portal/server/testing';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { BIG, SMALL, seedEcDataset } from './ec-dataset.js';
import { benchKind } from './kind.js';
import { seedSnsDataset } from './sns-dataset.js';
import { seedWsDataset } from './ws-dataset.js';

/**
 * Benchmarks on the million-record client, for marketplace (BENCH_KIND=ec, the default), website (BENCH_KIND=ws)
 * or social media records (BENCH_KIND=sns), through the real HTTP stack (PostgreSQL only):
 * - a list page: 20 rows sorted by scan date with a fuzzy keyword (EC: the title, WS: the page URL, SNS: the
 *   account name, account id and post text, as the SNS list searches by default), p50/p95 over many keywords;
 * - column filter values: each filterable column, the first (uncached) answer and a repeated one;
 * - export of 100,000 rows (one report) against a plain ExcelJS streaming write of the same rows read from the
 *   database, with the peak RSS growth of each.
 */
const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 200);

/** What differs between the two kinds of records; everything else is measured the same way. */
const KINDS = {
  ec: {
    name: 'EC records',
    seed: seedEcDataset,
    prefix: '/api/ec-data',
    table: 'ec_record' as const,
    idColumn: 'ec_id',
    keywordFields: ['ec_product_title'],
    sortField: 'ec_scan_date',
    reportKey: 'report_id',
    filterFields: EC_FILTER_FIELDS as readonly string[],
    words: ['serum', 'cream', 'lotion', 'lip tint', 'mask', 'cleanser', 'toner', 'sunscreen', 'essence', 'foundation'],
    rare: (i: number) => (i % 2 ? `${i % 500}ml` : `lot ${(i * 7919).toString(16).slice(0, 3)}`),
  },
  ws: {
    name: 'WS records',
    seed: seedWsDataset,
    prefix: '/api/ws-data',
    table: 'ws_record' as const,
    idColumn: 'ws_id',
    keywordFields: ['pageURL'],
    sortField: 'scanDate',
    reportKey: 'reportId',
    filterFields: WS_FILTER_FIELDS as readonly string[],
    words: ['sakura', 'skb', 'beauty', 'cosme', 'glow', 'outlet', '.shop', '.xyz', '/p/1', 'https'],
    rare: (i: number) => (i % 2 ? `/p/${i * 37}` : (i * 7919).toString(16).slice(0, 4)),
  },
  sns: {
    name: 'SNS records',
    seed: seedSnsDataset,
    prefix: '/api/sns-data',
    table: 'sns_record' as const,
    idColumn: 'sns_id',
    keywordFields: ['accountName', 'accountId', 'postText'],
    sortField: 'scanDate',
    reportKey: 'reportId',
    filterFields: SNS_FILTER_FIELDS as readonly string[],
    words: ['sakura', 'skb', 'beauty', 'cosme', 'glow', 'outlet', '70% off', '正規品', 'link in bio', '原单'],
    rare: (i: number) => (i % 2 ? `#${i * 37}` : (i * 7919).toString(16).slice(0, 4)),
  },
};
const kind = KINDS[benchKind()];

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
  const [seedMs, { bigClient, reportIds }] = await timed(() => kind.seed(tp));
  const analyst = await createUser(tp, { role: Role.ANALYST });
  const address = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${address}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${analyst.token}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
    if (json.code !== 0) throw new Error(`${path}: ${json.message}`);
    return json.data;
  };

  // List pages: common words, rarer model numbers and lot fragments, and words that match nothing.
  const keywords = Array.from({ length: SAMPLES }, (_, i) => (i % 4 < 2 ? kind.words[i % kind.words.length]! : i % 4 === 2 ? kind.rare(i) : `nothing-${i}`));
  const search = (keyword: string) =>
    post(`${kind.prefix}/search-records`, { clientId: bigClient, keyword, wordFields: kind.keywordFields, searchType: 3, orderFields: [{ key: kind.sortField, value: 2 }], limit: 20, offset: 0 });
  for (const k of keywords.slice(0, 10)) await search(k); // warm-up
  const listTimes: number[] = [];
  for (const k of keywords) listTimes.push((await timed(() => search(k)))[0]);
  const plainPage = await timed(() => post(`${kind.prefix}/search-records`, { clientId: bigClient, limit: 20, offset: 0 }));

  // Filter values: first answer per column (nothing cached), then the same again.
  const firstTimes: number[] = [];
  const againTimes: number[] = [];
  for (const fieldName of kind.filterFields) {
    firstTimes.push((await timed(() => post(`${kind.prefix}/fetch-filters`, { clientId: bigClient, fieldName })))[0]);
    againTimes.push((await timed(() => post(`${kind.prefix}/fetch-filters`, { clientId: bigClient, fieldName })))[0]);
  }

  // Export of one 100,000-record report, and the plain baseline over the same rows.
  const reportId = reportIds[0]!;
  // The export's query as the web writes it (the contract's downloadHref): the search call's conditions as JSON.
  const exportSearch = encodeURIComponent(JSON.stringify({ whereFields: [{ key: kind.reportKey, values: [reportId] }] }));
  const [exportRss, [exportMs, exportBytes]] = await withPeakRss(() =>
    timed(async () => {
      const res = await fetch(`${address}${kind.prefix}/export-search-result?clientId=${bigClient}&search=${exportSearch}`, { headers: { authorization: `Bearer ${analyst.token}` } });
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
        const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(kind.table)} WHERE report_id = ${reportId} AND ${sql.ref(kind.idColumn)} > ${last} ORDER BY ${sql.ref(kind.idColumn)} LIMIT 2000`.execute(db)).rows;
        if (rows.length === 0) break;
        for (const r of rows) sheet.addRow(Object.values(r).map((v) => (v instanceof Date ? v.toISOString() : typeof v === 'object' && v !== null ? JSON.stringify(v) : v))).commit();
        last = Number(rows[rows.length - 1]![kind.idColumn]);
      }
      sheet.commit();
      await writer.commit();
    }),
  );
  const exportedRows = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(kind.table)} WHERE report_id = ${reportId}`.execute(tp.portal.services.db)).rows[0]!.n);

  console.log(
    JSON.stringify({
      benchmark: `${kind.name} on the million-record client (PostgreSQL)`,
      records: { bigClient: BIG, smallClients: 20, perSmallClient: SMALL, seedSeconds: Math.round(seedMs / 1000) },
      listPage: { keywordFields: kind.keywordFields, samples: SAMPLES, p50Ms: percentile(listTimes, 50), p95Ms: percentile(listTimes, 95), maxMs: percentile(listTimes, 100), withoutKeywordMs: Math.round(plainPage[0]) },
      filterValues: { columns: kind.filterFields.length, firstP95Ms: percentile(firstTimes, 95), firstMaxMs: percentile(firstTimes, 100), repeatedP95Ms: percentile(againTimes, 95) },
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
