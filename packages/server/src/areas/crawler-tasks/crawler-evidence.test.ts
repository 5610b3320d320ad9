import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, Role, TaskStatus, type Evidence } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startCrawlerForTest, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { captureQueue } from '../evidence/queue.js';
import { slotsOf } from '../../records/upload/upload.js';
import { UPLOAD_LIMITS, entryChunks, zipEntries } from '../../records/sheets/xlsx-zip.js';
import { startFixtureMarket, type FixtureMarket } from './fixture-market.js';

/**
 * A crawler task with evidence on, against the fixture market: each listing that becomes a record is captured by
 * the record evidence's queue (Debian's Chromium), the record's evidence tab lists the capture, and export type 3
 * zips the files with a manifest whose SHA-256 sums match the files. Also: the task's report waits for its
 * analyst's own upload in progress instead of running beside it.
 */
let tp: TestPortal;
let market: FixtureMarket;
let analyst: TestUser;
let clientId: number;
let stopJobs: (() => Promise<void>) | undefined;

const env = { CRAWLER_RETRIES: '2', CRAWLER_RETRY_BASE_MS: '20', CRAWLER_TIMEOUT_MS: '2000', CRAWLER_POLL_SECONDS: '0.5', CRAWLER_PUMP_MS: '1000', CRAWLER_WORKERS: '1', CRAWLER_BATCH: '3' };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  market = await startFixtureMarket();
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Evidenced Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  await tp.portal.services.db.insertInto('ec_site').values({ name: 'JSON Mart', url: market.origin, region: 'JP', category_id: null, has_crawler: true, max_concurrency: 2 }).execute();
  // The crawler's worker and the capture queue with its browser, on the one job system of the portal.
  const capture = captureQueue(tp.portal.services, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    browsers: 1,
    // No page here hangs: the limit only has to outlast a capture on a loaded machine (two test files run at once,
    // and the first page with Japanese text waits for Chromium's CJK fonts).
    timeoutMs: 25_000,
    maxBytes: 2 * 1024 * 1024,
    policy: { allowPrivate: false, allowOrigins: [market.origin] },
  });
  stopJobs = await startCrawlerForTest(tp, { ...env, CRAWLER_ALLOW_ORIGINS: market.origin }, [capture]);
}, 60_000);
afterAll(async () => {
  await stopJobs?.();
  await tp?.close();
  await market?.close();
});

type Task = { id: number; status: number; reportId: number | null; captureEvidence: boolean; subtasks: { id: number; error: string | null }[] };
const detail = async (taskId: number) => (await tp.post('/api/ec-crawler-task/detail', { taskId }, { token: analyst.token })).body.data!.task as Task;
async function until<T>(what: () => Promise<T>, done: (t: T) => boolean, limitMs = 60_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const t = await what();
    if (done(t)) return t;
    if (Date.now() > end) throw new Error(`never got there: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
async function runTask(body: Record<string, unknown>): Promise<Task> {
  const created = await tp.post('/api/ec-crawler-task/create', { clientId, planStartDate: '2026-12-01', title: 'Evidence sweep', type: 0, ...body }, { token: analyst.token });
  expect(created.body.code, created.body.message).toBe(0);
  const task = created.body.data!.task as Task;
  const started = await tp.post('/api/ec-crawler-command/start', { taskId: task.id, subtaskIds: [] }, { token: analyst.token });
  expect(started.body.code, started.body.message).toBe(0);
  return task;
}

/** The files of a zip, read back with the project's own zip reader. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crawler-zip-')), 'evidence.zip');
  fs.writeFileSync(file, bytes);
  const fd = fs.openSync(file, 'r');
  try {
    const out = new Map<string, Buffer>();
    const budget = { limits: UPLOAD_LIMITS, inflated: 0 };
    for (const entry of zipEntries(fd, bytes.length)) {
      const chunks: Buffer[] = [];
      for await (const c of entryChunks(fd, entry, budget)) chunks.push(c);
      out.set(entry.name, Buffer.concat(chunks));
    }
    return out;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe('crawler evidence', () => {
  it('captures each listing of a task with evidence on, shows it on the record, and zips it with a manifest', async () => {
    const task = await runTask({ captureEvidence: true, subtasksInfo: [{ site: 'JSON Mart', keyword: 'bag', startUrl: `${market.origin}/json/search?q=bag&page=1`, targetCount: 3 }] });
    expect(task.captureEvidence).toBe(true);
    const { reportId } = await until(() => detail(task.id), (t) => t.status === TaskStatus.FINISHED && t.reportId !== null);
    const db = tp.portal.services.db;
    const rows = await until(
      () => db.selectFrom('evidence_capture as e').innerJoin('crawler_listing as l', 'l.id', 'e.crawler_listing_id').select(['e.capture_id', 'e.ec_id', 'e.state', 'e.reason_detail', 'l.url']).where('l.task_id', '=', task.id).orderBy('l.id').execute(),
      (r) => r.length === 3 && r.every((c) => c.state !== 'pending'),
    );
    expect(rows.map((r) => [r.state, r.reason_detail])).toEqual([['done', null], ['done', null], ['done', null]]);
    // Each capture is of a record of the task's report, of the listing's own page.
    const records = await db.selectFrom('ec_record').select(['ec_id', 'ec_product_url']).where('report_id', '=', reportId!).orderBy('ec_id').execute();
    expect(new Set(rows.map((r) => Number(r.ec_id)))).toEqual(new Set(records.map((r) => Number(r.ec_id))));
    for (const r of rows) expect(records.find((x) => Number(x.ec_id) === Number(r.ec_id))!.ec_product_url).toBe(r.url);

    // The record's evidence tab (the existing evidence list) shows the capture; its HTML is the page as served.
    const first = rows[0]!;
    const served = Buffer.from(await (await fetch(first.url)).arrayBuffer());
    const listed = await tp.post('/api/evidence/list', { clientId, kind: 'ec', recordId: Number(first.ec_id) }, { token: analyst.token });
    const evidence = (listed.body.data!.evidence as Evidence[])[0]!;
    expect(evidence).toMatchObject({ id: first.capture_id, state: 'done', url: first.url, finalUrl: first.url, status: 200, sha256Html: sha256(served) });
    const png = await tp.get(`/api/evidence/file?clientId=${clientId}&id=${first.capture_id}&part=png`, { token: analyst.token });
    expect([png.status, sha256(png.bytes)]).toEqual([200, evidence.sha256Png]);

    // Export type 3: the manifest first, then each capture's PNG and HTML, each matching its SHA-256.
    const zip = await tp.get(`/api/ec-crawler-command/download?taskId=${task.id}&exportType=3&subtaskIds=${task.subtasks[0]!.id}`, { token: analyst.token });
    expect([zip.status, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    const files = await unzip(zip.bytes);
    const [header, ...lines] = files.get('manifest.csv')!.toString('utf8').replace(/^\ufeff/, '').trim().split('\r\n');
    expect(header).toBe('file,sha256,captureId,recordId,site,keyword,listingUrl,finalUrl,httpStatus,state,reason,capturedAt');
    expect(lines).toHaveLength(6);
    expect([...files.keys()]).toEqual(['manifest.csv', ...lines.map((l) => l.split(',')[0])]);
    for (const line of lines) {
      const [file, hash, captureId, , site, keyword, listingUrl, finalUrl, status, state, , capturedAt] = line.split(',');
      expect(sha256(files.get(file!)!)).toBe(hash);
      expect([site, keyword, finalUrl, status, state]).toEqual(['JSON Mart', 'bag', listingUrl, '200', 'done']);
      expect(Number.isNaN(Date.parse(capturedAt!))).toBe(false);
      const stored = await db.selectFrom('evidence_capture').select(['sha256_png', 'sha256_html']).where('capture_id', '=', Number(captureId)).executeTakeFirstOrThrow();
      expect(hash).toBe(file!.endsWith('.png') ? stored.sha256_png : stored.sha256_html);
    }
    expect(sha256(files.get(`evidence/capture-${first.capture_id}.html`)!)).toBe(sha256(served));

    // A clone keeps the setting; a task without evidence has none to download.
    const clone = await tp.post('/api/ec-crawler-task/clone', { taskId: task.id }, { token: analyst.token });
    expect((clone.body.data!.task as Task).captureEvidence).toBe(true);
  }, 120_000);

  it('a task without evidence captures nothing, and its analyst\'s upload in progress makes its report wait, not fail', async () => {
    const bad = await tp.post('/api/ec-crawler-task/create', { clientId, planStartDate: '2026-12-01', title: 'x', type: 0, captureEvidence: 'yes' }, { token: analyst.token, locale: 'ja' });
    expect([bad.status, bad.body.message]).toEqual([400, '証拠の取得はオンかオフで指定してください。']);

    // The analyst is uploading (their one upload slot is taken) when the task finishes.
    const release = await slotsOf(tp.portal.services).acquire(analyst.userId, new AbortController().signal);
    let released = false;
    try {
      const task = await runTask({ subtasksInfo: [{ site: 'JSON Mart', keyword: 'bag', startUrl: `${market.origin}/json/search?q=bag&page=2`, targetCount: 2 }] });
      expect(task.captureEvidence).toBe(false);
      await until(() => detail(task.id), (t) => t.status === TaskStatus.FINISHED);
      await new Promise((r) => setTimeout(r, 2_500));
      const waiting = await detail(task.id);
      expect([waiting.reportId, waiting.subtasks[0]!.error]).toEqual([null, null]);
      // While the report runs, it is the analyst's upload in progress: the slot is one per analyst, shared.
      release();
      released = true;
      const done = await until(() => detail(task.id), (t) => t.reportId !== null);
      const count = await tp.portal.services.db.selectFrom('ec_record').select((eb) => eb.fn.countAll<number>().as('n')).where('report_id', '=', done.reportId!).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
      const listed = await tp.portal.services.db.selectFrom('evidence_capture as e').innerJoin('crawler_listing as l', 'l.id', 'e.crawler_listing_id').select('e.capture_id').where('l.task_id', '=', task.id).execute();
      expect(listed).toEqual([]);
      const zip = await tp.get(`/api/ec-crawler-command/download?taskId=${task.id}&exportType=3`, { token: analyst.token });
      expect(JSON.parse(zip.bytes.toString()).code).toBe(ErrorCode.TASK_STATE);
    } finally {
      if (!released) release();
    }
  }, 120_000);
});
