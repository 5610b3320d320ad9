import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, Role, type RecordRecheck } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { insertRecords, insertReport, insertSubcategory } from '../../kinds/ec/fixtures.js';
import { startCaptureQueue, type CaptureQueue } from '../evidence/queue.js';
import { dailyJobs } from '../../app.js';
import { queueRechecks } from './job.js';

/**
 * The re-check after a takedown through the real save call, the daily job's function, the real capture queue and
 * Debian's Chromium, against a fixture marketplace started here: a listing that has since gone (404), one still
 * live, one answering 200 with a Japanese "removed" page, and one that redirects to the site's search.
 */
const LIVE = '<!doctype html><html><head><meta charset="utf-8"><title>Fake bag</title></head><body><h1>Fake bag 9,800 JPY</h1><p>In stock</p></body></html>';
const REMOVED_JA = '<!doctype html><html><head><meta charset="utf-8"></head><body><div class="msg">申し訳ございません。この商品は削除されました。</div></body></html>';

let server: http.Server;
let origin: string;
let tp: TestPortal;
let queue: CaptureQueue;
let acme: number;
let other: number;
let analyst: TestUser;
let outsider: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;
let report: number;
/** Records saved with rounds must be categorized (the save rule). */
let categorized: { ec_category_id: number; ec_categorize_date: string };
const DAY = 24 * 3600_000;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/item/live')) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LIVE);
    if (path.startsWith('/item/removed')) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(REMOVED_JA);
    if (path.startsWith('/item/moved')) return void res.writeHead(302, { location: '/search?q=bag' }).end();
    if (path.startsWith('/search')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Results for bag</h1>');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tp = await startTestPortal();
  queue = await startCaptureQueue(tp.portal.services, tp.portal.database.pool, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    browsers: 1,
    // No page here hangs: the limit only has to outlast a capture on a loaded machine (two test files run at once,
    // and the first page with Japanese text waits for Chromium's CJK fonts).
    timeoutMs: 25_000,
    maxBytes: 2 * 1024 * 1024,
    policy: { allowPrivate: false, allowOrigins: [origin] },
  });
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme);
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  report = await insertReport(tp, acme, 'November');
  categorized = { ec_category_id: await insertSubcategory(tp, 'RC1', 2), ec_categorize_date: '2026-11-18' };
});
afterAll(async () => {
  await queue?.stop();
  await tp?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const db = () => tp.portal.services.db;
const recheckOf = async (user: TestUser, recordId: number, clientId = acme) => tp.post('/api/takedown-recheck/get-record', { clientId, kind: 'ec', recordId }, { token: user.token });

/** Sets round 1 to takedown through the detail save, as an analyst does. */
async function takedown(recordId: number): Promise<void> {
  const res = await tp.post('/api/ec-data/update-record', { clientId: acme, recordId, process1Result: 2, process1Date: '2026-11-20' }, { token: analyst.token });
  expect(res.body).toMatchObject({ code: 0 });
}

/** Waits until every re-check capture the job queued is finished. */
async function settled(recordIds: number[]): Promise<Map<number, RecordRecheck>> {
  for (;;) {
    const answers = await Promise.all(recordIds.map(async (id) => [id, ((await recheckOf(analyst, id)).body.data as { recheck: RecordRecheck }).recheck] as const));
    if (answers.every(([, r]) => r?.recheck && r.recheck.state !== 'pending')) return new Map(answers);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('re-check after a takedown', () => {
  let live: number;
  let gone: number;
  let removed: number;
  let moved: number;

  it('keeps the days per client, 1 to 14, changed only by its managing analysts', async () => {
    expect((await tp.post('/api/analyst/get-recheck-settings', { clientId: acme }, { token: acmeUser.token })).body.data).toEqual({ days: 1 });
    const set = await tp.post('/api/analyst/set-recheck-settings', { clientId: acme, days: 3 }, { token: analyst.token });
    expect(set.body.data).toEqual({ days: 3 });
    for (const days of [0, 15, 2.5]) {
      const bad = await tp.post('/api/analyst/set-recheck-settings', { clientId: acme, days }, { token: analyst.token, locale: 'ja' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('再確認までの日数は1から14の整数で入力してください。');
    }
    expect((await tp.post('/api/analyst/set-recheck-settings', { clientId: acme, days: 1 }, { token: acmeUser.token })).status).toBe(403);
    expect((await tp.post('/api/analyst/set-recheck-settings', { clientId: acme, days: 1 }, { token: outsider.token })).status).toBe(403);
    expect((await tp.post('/api/analyst/get-recheck-settings', { clientId: acme }, { token: otherUser.token })).status).toBe(403);
    expect((await tp.post('/api/analyst/get-recheck-settings', { clientId: acme }, { token: analyst.token })).body.data).toEqual({ days: 3 });
  });

  it('waits the client\'s days after the takedown result is saved, then captures each listing again', async () => {
    [live, gone, removed, moved] = (await insertRecords(tp, acme, report, ['live', 'gone', 'removed', 'moved'].map((p) => ({ ec_product_url: `${origin}/item/${p}-1`, ...categorized })))) as [number, number, number, number];
    // The listing as it was, before the takedown: a capture someone asked for.
    const first = await tp.post('/api/evidence/capture', { clientId: acme, kind: 'ec', recordId: live }, { token: analyst.token });
    expect(first.body.code).toBe(0);
    for (const id of [live, gone, removed, moved]) await takedown(id);
    // A record whose round is not a takedown is never re-checked.
    const [notice] = await insertRecords(tp, acme, report, [{ ec_product_url: `${origin}/item/live-2`, ec_process1_result: 3, ec_process1_date: '2026-11-20' }]);
    const rows = await db().selectFrom('takedown_recheck').select(['ec_id', 'round', 'verdict', 'capture_id']).where('client_id', '=', acme).execute();
    expect(rows.map((r) => Number(r.ec_id)).sort()).toEqual([live, gone, removed, moved].sort());
    expect(rows.every((r) => r.round === 1 && r.verdict === null && r.capture_id === null)).toBe(true);
    expect(rows.some((r) => Number(r.ec_id) === notice)).toBe(false);

    // Three days (the setting): nothing on the second day, every one on the third.
    expect(await queueRechecks(tp.portal.services, new Date(Date.now() + 2 * DAY))).toBe(0);
    // The third day, through the daily job the portal schedules.
    const job = dailyJobs.find((d) => d.name === 'takedown-recheck')!;
    expect(job.cron).toBe('40 0 * * *');
    await job.run(tp.portal.services, new Date(Date.now() + 3 * DAY));
    const queued = await db().selectFrom('evidence_capture').select(['ec_id', 'recheck_round', 'requested_by']).where('client_id', '=', acme).where('recheck_round', 'is not', null).execute();
    expect(queued.map((c) => Number(c.ec_id)).sort()).toEqual([live, gone, removed, moved].sort());
    expect(queued.every((c) => c.recheck_round === 1 && c.requested_by === null)).toBe(true);
    // Queued once: a second run the same day finds them pending.
    expect(await queueRechecks(tp.portal.services, new Date(Date.now() + 3 * DAY))).toBe(0);
  });

  it('finds the 404, the removed page and the redirect to a search gone, and the live listing still live', async () => {
    const found = await settled([live, gone, removed, moved]);
    expect(found.get(gone)).toMatchObject({ round: 1, verdict: 'gone', verdictReason: 'status 404', recheck: { state: 'done', status: 404, recheckRound: 1 } });
    expect(found.get(removed)).toMatchObject({ verdict: 'gone', verdictReason: 'phrase "この商品は削除されました"' });
    expect(found.get(moved)).toMatchObject({ verdict: 'gone', verdictReason: 'redirect to /search?q=bag' });
    const stillLive = found.get(live)!;
    expect(stillLive).toMatchObject({ verdict: 'live', recheck: { state: 'done', status: 200, recheckRound: 1 } });
    // Side by side: the capture from before the takedown and the re-check.
    expect(stillLive.original).toMatchObject({ state: 'done', recheckRound: null });
    expect(stillLive.original!.id).toBeLessThan(stillLive.recheck!.id);
    expect(found.get(gone)!.original).toBeNull();
  });

  it('counts and filters the still-live listings on the record list', async () => {
    const search = (user: TestUser, extra: Record<string, unknown> = {}) => tp.post('/api/ec-data/search-records', { clientId: acme, ...extra }, { token: user.token });
    expect((await search(analyst)).body.data).toMatchObject({ stillLiveCount: 1 });
    const filtered = (await search(analyst, { filterStillLive: 1 })).body.data as { records: { ec_id: number }[]; total: number };
    expect(filtered.records.map((r) => r.ec_id)).toEqual([live]);
    expect((await search(acmeUser, { filterStillLive: true })).body.data).toMatchObject({ stillLiveCount: 1, total: 1 });
    // An unpublished record's verdict is not the client's to see.
    await db().updateTable('ec_record').set({ published: false }).where('ec_id', '=', live).execute();
    expect((await search(acmeUser)).body.data).toMatchObject({ stillLiveCount: 0 });
    expect((await search(analyst)).body.data).toMatchObject({ stillLiveCount: 1 });
    expect((await recheckOf(acmeUser, live)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    await db().updateTable('ec_record').set({ published: true }).where('ec_id', '=', live).execute();
  });

  it("shows client users their own company's verdicts only", async () => {
    expect((await recheckOf(acmeUser, gone)).body.data).toMatchObject({ recheck: { verdict: 'gone' } });
    expect((await recheckOf(otherUser, gone)).status).toBe(403);
    expect((await recheckOf(analyst, gone, other)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    // Another company's user cannot see the count or the filter either.
    expect((await tp.post('/api/ec-data/search-records', { clientId: acme, filterStillLive: 1 }, { token: otherUser.token })).status).toBe(403);
  });

  it('starts again when the result changes, and forgets the re-check when the round is no longer a takedown', async () => {
    await db().updateTable('ec_record').set({ ec_process2_result: 2, ec_process2_date: '2026-11-22' }).where('ec_id', '=', live).execute();
    expect((await recheckOf(analyst, live)).body.data).toMatchObject({ recheck: { round: 2, verdict: null, recheck: null } });
    await db().updateTable('ec_record').set({ ec_process2_result: 3, ec_process1_result: 3 }).where('ec_id', '=', live).execute();
    expect((await recheckOf(analyst, live)).body.data).toEqual({ recheck: null });
    // Its captures stay as evidence.
    const kept = await tp.post('/api/evidence/list', { clientId: acme, kind: 'ec', recordId: live }, { token: analyst.token });
    expect((kept.body.data as { evidence: { recheckRound: number | null }[] }).evidence.map((e) => e.recheckRound)).toEqual([1, null]);
  });

  it('goes with its record: a removed record leaves no re-check behind', async () => {
    const gone = await db().selectFrom('takedown_recheck').select('ec_id').where('ec_id', 'is not', null).executeTakeFirstOrThrow();
    await db().deleteFrom('ec_record').where('ec_id', '=', gone.ec_id!).execute();
    expect(await db().selectFrom('takedown_recheck').select('recheck_id').where('ec_id', '=', gone.ec_id).execute()).toEqual([]);
    expect((await db().selectFrom('takedown_recheck').select('recheck_id').execute()).length).toBeGreaterThan(0);
  });
});
