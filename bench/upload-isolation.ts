import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@portal/contract';
import { blankSheetUnderRatio, createClient, createUser, startTestPortal, type TestPortal } from '@portal/server/testing';
import ExcelJS from 'exceljs';

/**
 * Benchmark: do uploads hold other users hostage? Another signed-in user's call mix (the record list search of a
 * client with 5,000 records, the notice count, userinfo; CONCURRENCY loops) is timed idle, during a new upload of
 * BENCH_UPLOAD_ROWS rows (default 100,000; 12 columns, checked, matched and written as an import), during an update
 * upload of all of those records (a comment and a date each: staged, then applied in one transaction) and during the
 * zip bomb (1 GB of blanks under the ratio limit, with honest sizes, so it is read to its end; uploaded again and again),
 * printing p50/p95/max of each and the ratio of p95 to idle (target ≤ 2). Uploads are sent by curl from disk in a
 * child process. TEST_DB selects the database (both run with `npm run bench`); BENCH_SECONDS (default 5) is the
 * idle measurement and the least time the bomb is measured for.
 */
const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 4;
const HEADER = ['Site', 'Scan date', 'Search keyword', 'Listing title', 'Listing URL', 'Seller', 'Seller URL', 'Price', 'Currency', 'Inventory', 'Sold', 'Ship-from region'];

function row(n: number) {
  return ['Amazon', '2026-10', 'sakura', `Sakura Glow lotion ${n % 500} ml, compatible with refill ${n}`, `https://www.amazon.example/dp/B${String(n).padStart(9, '0')}`,
    `seller-${n % 997}`, `https://www.amazon.example/shop/seller-${n % 997}`, 10 + (n % 300) / 4, 'USD', n % 50, n % 20, 'CN'];
}

async function writeSheet(file: string, rows: number, from = 1): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Report');
  sheet.addRow(HEADER).commit();
  for (let n = from; n < from + rows; n++) sheet.addRow(row(n)).commit();
  sheet.commit();
  await writer.commit();
}

/** The update sheet: every record of the big upload gets a comment and a first report date. */
async function writeUpdateSheet(file: string, ids: number[]): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Report');
  sheet.addRow(['ID', 'Comments', 'Report date']).commit();
  for (const id of ids) sheet.addRow([id, `checked ${id}`, '2026-1101']).commit();
  sheet.commit();
  await writer.commit();
}

function curlUpload(address: string, token: string, clientId: number, file: string, call = 'upload-report'): Promise<{ code: number; message: string }> {
  return new Promise((resolve, reject) =>
    execFile('curl', ['-s', '-H', `authorization: Bearer ${token}`, '-F', `clientId=${clientId}`, '-F', `file=@${file};filename=upload.xlsx`, `${address}/api/ec-report/${call}`], { maxBuffer: 64 * 1024 * 1024 }, (err, out) =>
      err ? reject(err) : resolve(JSON.parse(out) as { code: number; message: string }),
    ),
  );
}

/** The other user's calls in CONCURRENCY loops until `stop` says so; each call's milliseconds. */
async function callMix(address: string, token: string, clientId: number, stop: () => boolean): Promise<number[]> {
  const calls: [string, unknown][] = [
    ['/api/ec-data/search-records', { clientId, keyword: 'lotion', wordFields: ['ec_product_title'], searchType: 1 }],
    ['/api/notication/unviewed-notice-count', {}],
    ['/api/user/userinfo', {}],
  ];
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, loop) => {
      for (let i = loop; !stop(); i++) {
        const [url, body] = calls[i % calls.length]!;
        const started = performance.now();
        const res = await fetch(`${address}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
        const answer = (await res.json()) as { code: number; message: string };
        if (answer.code !== 0) throw new Error(`${url}: ${answer.message}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
};
const summary = (times: number[]) => ({ calls: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: percentile(times, 100) });

async function main(tp: TestPortal) {
  const db = tp.portal.services.db;
  const uploadClient = await createClient(tp, 'Uploader Co');
  const otherClient = await createClient(tp, 'Reader Co');
  const uploader = await createUser(tp, { role: Role.ANALYST });
  const reader = await createUser(tp, { role: Role.ANALYST });
  await db.insertInto('client_manager').values([{ client_id: uploadClient, user_id: uploader.userId }, { client_id: otherClient, user_id: reader.userId }]).execute();
  const address = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-isolation-'));
  const seed = path.join(dir, 'seed.xlsx');
  const big = path.join(dir, 'big.xlsx');
  const bomb = path.join(dir, 'bomb.xlsx');
  const update = path.join(dir, 'update.xlsx');
  try {
    await writeSheet(seed, 5000, 1);
    await writeSheet(big, ROWS, 1_000_000);
    // 1 GB of blanks under the ratio limit with honest sizes: read to its end (the lying bomb is refused at once now).
    fs.writeFileSync(bomb, blankSheetUnderRatio());
    const seeded = await curlUpload(address, reader.token, otherClient, seed);
    if (seeded.code !== 0) throw new Error(`seed upload refused: ${seeded.message}`);

    const timed = (stop: () => boolean) => callMix(address, reader.token, otherClient, stop);
    await timed(((end) => () => performance.now() > end)(performance.now() + 1000)); // warm-up
    const idleEnd = performance.now() + SECONDS * 1000;
    const idle = summary(await timed(() => performance.now() > idleEnd));

    let uploading = true;
    const uploadStarted = performance.now();
    const uploaded = curlUpload(address, uploader.token, uploadClient, big).finally(() => (uploading = false));
    const during = summary(await timed(() => !uploading));
    const uploadSeconds = Number(((performance.now() - uploadStarted) / 1000).toFixed(1));
    const result = await uploaded;
    if (result.code !== 0) throw new Error(`upload refused: ${result.message}`);

    const ids = (await db.selectFrom('ec_record').select('ec_id').where('client_id', '=', uploadClient).orderBy('ec_id').execute()).map((r) => Number(r.ec_id));
    await writeUpdateSheet(update, ids);
    let updating = true;
    const updateStarted = performance.now();
    const updated = curlUpload(address, uploader.token, uploadClient, update, 'batch-update').finally(() => (updating = false));
    const duringUpdate = summary(await timed(() => !updating));
    const updateSeconds = Number(((performance.now() - updateStarted) / 1000).toFixed(1));
    const updateResult = await updated;
    if (updateResult.code !== 0) throw new Error(`update upload refused: ${updateResult.message}`);

    let bombing = true;
    const bombEnd = performance.now() + SECONDS * 1000;
    let bombs = 0;
    const bombLoop = (async () => {
      while (performance.now() < bombEnd) {
        const refused = await curlUpload(address, uploader.token, uploadClient, bomb);
        if (refused.code === 0) throw new Error('the bomb was accepted');
        bombs += 1;
      }
    })().finally(() => (bombing = false));
    const duringBomb = summary(await timed(() => !bombing));
    await bombLoop;

    console.log(
      JSON.stringify({
        benchmark: "another user's calls idle vs during a new upload, an update upload and a 1 GB zip bomb read to its end",
        database: process.env.TEST_DB ?? 'pglite',
        rows: ROWS,
        idle,
        upload: { ...during, seconds: uploadSeconds, p95Ratio: Number((during.p95 / idle.p95).toFixed(2)) },
        update: { ...duringUpdate, seconds: updateSeconds, p95Ratio: Number((duringUpdate.p95 / idle.p95).toFixed(2)) },
        bomb: { ...duringBomb, bombs, p95Ratio: Number((duringBomb.p95 / idle.p95).toFixed(2)) },
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const tp = await startTestPortal({ checkAnswers: false });
try {
  await main(tp);
} finally {
  await tp.close();
}
