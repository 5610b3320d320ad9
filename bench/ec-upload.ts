import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Role } from '@portal/contract';
import { createClient, createUser, startTestPortal } from '@portal/server/testing';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { benchKind } from './kind.js';
import { EC, SNS, WS, writeCsv, writeSheet } from './report-sheets.js';

/**
 * Benchmark: a new upload of a 100,000-row .xlsx through the portal's real HTTP call (every cell checked, every
 * row matched against master data, stored in one transaction) against an independent baseline of the same rows:
 * ExcelJS's streaming reader (WorkbookReader, shared strings cached, styles ignored) plus COPY into a table of as
 * many text columns (no indexes). The same rows as a UTF-8 CSV go through the portal too (the CSV path). Also the
 * peak RSS of each process. PostgreSQL only (TEST_DB=postgres). BENCH_UPLOAD_ROWS overrides the row count,
 * BENCH_UPLOAD_RUNS the number of runs (3) whose medians are reported.
 * - BENCH_KIND=ec (the default): a marketplace report of 60 columns (39 record columns + 21 custom columns);
 * - BENCH_KIND=ws: a website report with every WS column (35: the WS upload refuses columns it does not know and
 *   has no custom columns, so there is no filler), a multi-line whois in every row;
 * - BENCH_KIND=sns: a social media report with every SNS column (36, the two list-match columns skipped as an
 *   export's are), platforms and SNS categories by name, every row matched against the client's black and white lists.
 */
const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000);

const kind = { ec: EC, ws: WS, sns: SNS }[benchKind()];
const COLUMNS = kind.header.length;

/** The baseline: ExcelJS stream-parses the same file and its rows are COPYed as text into a table of as many text columns. */
async function baseline(file: string, url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS bench_copy');
    await client.query(`CREATE TABLE bench_copy (${Array.from({ length: COLUMNS }, (_, i) => `c${i} text`).join(', ')})`);
    const started = performance.now();
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', worksheets: 'emit', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
    const escape = (v: unknown) => (v === null || v === undefined ? '\\N' : String(v).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!));
    async function* lines() {
      for await (const sheet of reader) {
        for await (const r of sheet) {
          if (r.number === 1) continue;
          const values = r.values as unknown[];
          yield `${Array.from({ length: COLUMNS }, (_, i) => escape(values[i + 1])).join('\t')}\n`;
        }
        break;
      }
    }
    await pipeline(Readable.from(lines()), client.query(copyFrom('COPY bench_copy FROM STDIN')));
    const ms = performance.now() - started;
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM bench_copy');
    if (Number(rows[0]!.n) !== ROWS) throw new Error(`baseline copied ${rows[0]!.n} rows`);
    await client.query('DROP TABLE bench_copy');
    return ms;
  } finally {
    await client.end();
  }
}

async function portalUpload(file: string, name: string): Promise<{ ms: number; peakRssMb: number; baseRssMb: number; peakHeapMb: number; peakExternalMb: number; count: number }> {
  const tp = await startTestPortal({ checkAnswers: false });
  try {
    const db = tp.portal.services.db;
    const clientId = await createClient(tp, 'Bench Co');
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    await kind.setup(tp, clientId);
    const address = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });

    global.gc?.();
    const baseRss = process.memoryUsage().rss;
    let peak = baseRss;
    let peakHeap = 0;
    let peakExternal = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakExternal = Math.max(peakExternal, m.external + m.arrayBuffers);
    }, 25);
    const started = performance.now();
    // curl sends the file from disk, so the measured process holds only the portal (as a server would).
    const out = await new Promise<string>((resolve, reject) =>
      execFile('curl', ['-s', '-H', `authorization: Bearer ${analyst.token}`, '-F', `clientId=${clientId}`, '-F', `file=@${file};filename=${name}`, `${address}${kind.call}`], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    const body = JSON.parse(out) as { code: number; message: string; data: { count: number } | null };
    const ms = performance.now() - started;
    clearInterval(sampler);
    if (body.code !== 0) throw new Error(`upload refused: ${body.message} ${JSON.stringify(body.data).slice(0, 500)}`);
    return { ms, peakRssMb: Math.round(peak / 1024 / 1024), baseRssMb: Math.round(baseRss / 1024 / 1024), peakHeapMb: Math.round(peakHeap / 1024 / 1024), peakExternalMb: Math.round(peakExternal / 1024 / 1024), count: body.data!.count };
  } finally {
    await tp.close();
  }
}

if (process.env.TEST_DB !== 'postgres') throw new Error('the upload benchmark runs on PostgreSQL: TEST_DB=postgres');
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const file = path.join(os.tmpdir(), `bench-upload-${kind.name.toLowerCase()}-${ROWS}.xlsx`);
const csvFile = file.replace(/\.xlsx$/, '.csv');
const mode = process.argv[2];

/** Each side runs in a process of its own, so one's garbage does not count in the other's peak memory. */
function inChild(which: 'baseline' | 'portal' | 'portal-csv'): { ms: number; maxRssMb: number; count: number; peakRssMb?: number } {
  // Both run with the heap limit the server is started with (`npm run serve`: NODE_HEAP_MB, default 384); the portal
  // also with its young generation (NODE_SEMI_SPACE_MB, default 8). The baseline keeps V8's default young generation:
  // ExcelJS with 4 MB semi-spaces took twice as long, and the baseline is measured at its best.
  const heap = [`--max-old-space-size=${process.env.NODE_HEAP_MB ?? 384}`, ...(which === 'baseline' ? [] : [`--max-semi-space-size=${process.env.NODE_SEMI_SPACE_MB ?? 8}`])];
  const out = execFileSync(process.execPath, [...heap, ...process.execArgv, import.meta.filename, which], { env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number; maxRssMb: number; count: number };
}
const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

if (mode === 'baseline') {
  const ms = await baseline(file, url);
  console.log(JSON.stringify({ ms, maxRssMb: maxRssMb(), count: ROWS }));
} else if (mode === 'portal' || mode === 'portal-csv') {
  const r = mode === 'portal' ? await portalUpload(file, 'bench.xlsx') : await portalUpload(csvFile, 'bench.csv');
  console.log(JSON.stringify({ ms: r.ms, maxRssMb: maxRssMb(), peakRssMb: r.peakRssMb, baseRssMb: r.baseRssMb, heap: r.peakHeapMb, external: r.peakExternalMb, count: r.count }));
} else {
  if (!fs.existsSync(file)) await writeSheet(kind, file, ROWS);
  if (!fs.existsSync(csvFile)) await writeCsv(kind, csvFile, ROWS);
  const sizeMb = Math.round((fs.statSync(file).size / 1024 / 1024) * 10) / 10;
  // The machine's speed drifts by 10-20 % from one minute to the next: each run measures the three side by side, and
  // the figures are the medians over BENCH_UPLOAD_RUNS runs (the peaks, the highest of any run).
  const runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
  const measured: { base: number; portal: number; csv: number }[] = [];
  let peaks = { base: 0, portal: 0, csv: 0 };
  for (let run = 0; run < runs; run += 1) {
    const base = inChild('baseline');
    const portal = inChild('portal');
    const csv = inChild('portal-csv');
    if (portal.count !== ROWS || csv.count !== ROWS) throw new Error(`the portal stored ${portal.count} and ${csv.count} rows of ${ROWS}`);
    measured.push({ base: base.ms, portal: portal.ms, csv: csv.ms });
    peaks = { base: Math.max(peaks.base, base.maxRssMb), portal: Math.max(peaks.portal, portal.maxRssMb), csv: Math.max(peaks.csv, csv.maxRssMb) };
    console.error(JSON.stringify({ run: run + 1, baselineSeconds: +(base.ms / 1000).toFixed(1), portalSeconds: +(portal.ms / 1000).toFixed(1), csvSeconds: +(csv.ms / 1000).toFixed(1), portalPeakRssMb: portal.maxRssMb, csvPeakRssMb: csv.maxRssMb }));
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const baseMs = median(measured.map((m) => m.base));
  const portalMs = median(measured.map((m) => m.portal));
  const csvMs = median(measured.map((m) => m.csv));
  console.log(
    JSON.stringify({
      benchmark: `${kind.name} new upload vs ExcelJS streaming parse + COPY`,
      rows: ROWS,
      columns: COLUMNS,
      fileMb: sizeMb,
      runs,
      baselineSeconds: Number((baseMs / 1000).toFixed(1)),
      baselineRowsPerSecond: Math.round(ROWS / (baseMs / 1000)),
      baselinePeakRssMb: peaks.base,
      portalSeconds: Number((portalMs / 1000).toFixed(1)),
      portalRowsPerSecond: Math.round(ROWS / (portalMs / 1000)),
      ratio: Number((baseMs / portalMs).toFixed(2)),
      ratioPerRun: measured.map((m) => Number((m.base / m.portal).toFixed(2))),
      portalPeakRssMb: peaks.portal,
      csvMb: Math.round((fs.statSync(csvFile).size / 1024 / 1024) * 10) / 10,
      csvSeconds: Number((csvMs / 1000).toFixed(1)),
      csvRatio: Number((baseMs / csvMs).toFixed(2)),
      csvPeakRssMb: peaks.csv,
    }),
  );
}
