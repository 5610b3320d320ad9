import { CrawlRowState, TaskStatus, WatchRunStatus, type RunCounts } from '@portal/contract';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { WatchTable } from '../../platform/schema.js';

/** SQL of watches, their runs, what they know of each listing and what each run found changed (issue 30). */

type Conn = Db | Tx;

const watchColumns = [
  'w.id', 'w.client_id', 'c.client_name', 'w.name', 'w.kind', 'w.schedule', 'w.schedule_anchor', 'w.target_count', 'w.capture_evidence', 'w.paused', 'w.task_id',
  'w.next_run_at', 'w.created_by', 'w.created_at',
] as const;

function watches(db: Conn) {
  return db.selectFrom('watch as w').innerJoin('client as c', 'c.client_id', 'w.client_id').where('c.deleted_at', 'is', null);
}

export type WatchRow = Awaited<ReturnType<typeof findWatch>> & object;

export function findWatch(db: Conn, watchId: number) {
  return watches(db).select(watchColumns).where('w.id', '=', watchId).executeTakeFirst();
}

/** The watch, locked for the rest of the transaction (a run's start, an edit, a removal). */
export function lockWatch(db: Conn, watchId: number) {
  return db.selectFrom('watch').selectAll().where('id', '=', watchId).forUpdate().executeTakeFirst();
}

export async function listWatches(db: Conn, input: { clientId?: number | undefined; offset: number; limit: number }) {
  let q = watches(db);
  if (input.clientId !== undefined) q = q.where('w.client_id', '=', input.clientId);
  const rows = await q.select(watchColumns).orderBy('w.id', 'desc').offset(input.offset).limit(input.limit).execute();
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function ownerOfWatch(db: Conn, watchId: number): Promise<number | undefined> {
  return (await watches(db).select('w.client_id').where('w.id', '=', watchId).executeTakeFirst())?.client_id;
}

export async function insertWatch(db: Conn, values: Insertable<WatchTable>): Promise<number> {
  return (await db.insertInto('watch').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateWatch(db: Conn, watchId: number, changes: Updateable<WatchTable>): Promise<void> {
  await db.updateTable('watch').set(changes).where('id', '=', watchId).execute();
}

export async function deleteWatch(db: Conn, watchId: number): Promise<void> {
  await db.deleteFrom('watch').where('id', '=', watchId).execute();
}

/** The watches due at `now` (not paused); each start locks its watch and checks again (runs.ts). */
export async function dueWatches(db: Conn, now: Date, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('watch').select('id').where('paused', '=', false).where('next_run_at', '<=', now).orderBy('next_run_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

const runColumns = ['id', 'watch_id', 'run_no', 'status', 'started_at', 'finished_at', 'counts', 'error', 'report_id'] as const;

export function runningRun(db: Conn, watchId: number) {
  return db.selectFrom('watch_run').select(runColumns).where('watch_id', '=', watchId).where('status', '=', WatchRunStatus.RUNNING).executeTakeFirst();
}

export async function insertRun(db: Conn, values: { watch_id: number; run_no: number; status: number; started_at: Date; finished_at?: Date }): Promise<number> {
  return (await db.insertInto('watch_run').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function listRuns(db: Conn, watchId: number, offset: number, limit: number) {
  const rows = await db.selectFrom('watch_run').select(runColumns).where('watch_id', '=', watchId).orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const { n } = await db.selectFrom('watch_run').select((eb) => eb.fn.countAll<number>().as('n')).where('watch_id', '=', watchId).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The last run of each watch. */
export function lastRuns(db: Conn, watchIds: number[]) {
  if (watchIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('watch_run').distinctOn('watch_id').select(runColumns).where('watch_id', 'in', watchIds).orderBy('watch_id').orderBy('id', 'desc').execute();
}

/** The running run of the watch whose task this is, claimed for its finish (only one finisher gets it). */
export function claimRunOfTask(db: Conn, taskId: number) {
  return db
    .selectFrom('watch_run as r')
    .innerJoin('watch as w', 'w.id', 'r.watch_id')
    .select(['r.id', 'r.watch_id', 'r.run_no', 'w.client_id', 'w.created_by', 'w.capture_evidence'])
    .where('w.task_id', '=', taskId)
    .where('r.status', '=', WatchRunStatus.RUNNING)
    .forUpdate()
    .executeTakeFirst();
}

export async function endRun(db: Conn, runId: number, end: { status: number; finishedAt: Date; counts?: RunCounts; error?: string | null; reportId?: number | null }): Promise<void> {
  await db
    .updateTable('watch_run')
    .set({
      status: end.status,
      finished_at: end.finishedAt,
      ...(end.counts && { counts: JSON.stringify(end.counts) }),
      ...(end.error !== undefined && { error: end.error }),
      ...(end.reportId !== undefined && { report_id: end.reportId }),
    })
    .where('id', '=', runId)
    .execute();
}

/** The listings the task's run `runNo` found and read, with their fields. */
export function listingsSeenInRun(db: Conn, taskId: number, runNo: number) {
  return db
    .selectFrom('crawler_listing')
    .select(['id', 'url', 'fields'])
    .where('task_id', '=', taskId)
    .where('seen_run', '=', runNo)
    .where('state', '=', CrawlRowState.DONE)
    .orderBy('id')
    .execute();
}

/** What the watch knows of each listing, with whether its record's takedown says "taken down" (final or any round's result 2). */
export function knownListings(db: Conn, watchId: number) {
  return db
    .selectFrom('watch_listing as l')
    .leftJoin('ec_record as r', 'r.ec_id', 'l.record_id')
    .select(['l.id', 'l.url', 'l.record_id', 'l.fields', 'l.missed', 'l.gone', 'l.back_reported'])
    .select(sql<boolean>`coalesce(r.ec_process_result = 2 OR r.ec_process1_result = 2 OR r.ec_process2_result = 2 OR r.ec_process3_result = 2, false)`.as('taken_down'))
    .where('l.watch_id', '=', watchId)
    .execute();
}

export interface ListingWrite {
  url: string;
  fields: Record<string, string>;
  missed: number;
  gone: boolean;
  backReported: boolean;
  seen: boolean;
}

/** Writes what the watch now knows of each listing (new ones added): the id of each by URL. */
export async function saveListings(db: Conn, watchId: number, runNo: number, rows: ListingWrite[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const saved = await db
      .insertInto('watch_listing')
      .values(chunk.map((r) => ({ watch_id: watchId, url: r.url, fields: JSON.stringify(r.fields), first_run: runNo, last_seen_run: r.seen ? runNo : 0, missed: r.missed, gone: r.gone, back_reported: r.backReported })))
      .onConflict((oc) =>
        oc.columns(['watch_id', 'url']).doUpdateSet((eb) => ({
          fields: eb.ref('excluded.fields'),
          missed: eb.ref('excluded.missed'),
          gone: eb.ref('excluded.gone'),
          back_reported: eb.ref('excluded.back_reported'),
          last_seen_run: sql<number>`CASE WHEN excluded.last_seen_run > 0 THEN excluded.last_seen_run ELSE watch_listing.last_seen_run END`,
        })),
      )
      .returning(['id', 'url'])
      .execute();
    for (const s of saved) ids.set(s.url, s.id);
  }
  return ids;
}

export async function insertChanges(db: Conn, runId: number, changes: { listingId: number; change: string; fields: unknown[] }[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 500) {
    const chunk = changes.slice(i, i + 500);
    if (chunk.length > 0) await db.insertInto('watch_change').values(chunk.map((c) => ({ run_id: runId, listing_id: c.listingId, change: c.change, fields: JSON.stringify(c.fields) }))).execute();
  }
}

/** The run's new listings get the records their report made (by URL, of that report). */
export async function linkNewRecords(db: Conn, watchId: number, clientId: number, reportId: number, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await sql`UPDATE watch_listing l SET record_id = r.ec_id
    FROM ec_record r
    WHERE l.watch_id = ${watchId} AND l.url IN (${sql.join(urls)}) AND l.record_id IS NULL
      AND r.client_id = ${clientId} AND r.report_id = ${reportId} AND r.ec_product_url = l.url`.execute(db);
}

export async function listChanges(db: Conn, runId: number, change: string | undefined, offset: number, limit: number) {
  let q = db.selectFrom('watch_change as c').innerJoin('watch_listing as l', 'l.id', 'c.listing_id').where('c.run_id', '=', runId);
  if (change) q = q.where('c.change', '=', change);
  const rows = await q.select(['c.id', 'c.change', 'c.fields', 'l.url', 'l.record_id']).orderBy('c.id').offset(offset).limit(limit).execute();
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** A watch run of the task: its search pages to read again (from the first), its subtasks pending. */
export async function queueWatchRun(db: Conn, taskId: number, runNo: number, now: Date): Promise<number[]> {
  await db.updateTable('crawler_task').set({ status: TaskStatus.PENDING, run_no: runNo, updated_at: now }).where('id', '=', taskId).execute();
  const subtasks = await db.updateTable('crawler_subtask').set({ status: TaskStatus.PENDING, error: null, record_count: 0 }).where('task_id', '=', taskId).returning('id').execute();
  const ids = subtasks.map((s) => s.id);
  if (ids.length === 0) return ids;
  await db.deleteFrom('crawler_page').where('subtask_id', 'in', ids).where('page_no', '>', 1).execute();
  await db.updateTable('crawler_page').set({ state: CrawlRowState.TODO, tries: 0 }).where('subtask_id', 'in', ids).execute();
  await sql`INSERT INTO crawler_page (subtask_id, url, page_no) SELECT id, start_url, 1 FROM crawler_subtask WHERE id IN (${sql.join(ids)}) ON CONFLICT DO NOTHING`.execute(db);
  return ids;
}

/** A task's subtasks' errors, for a failed run. */
export async function subtaskErrors(db: Conn, taskId: number): Promise<string[]> {
  const rows = await db.selectFrom('crawler_subtask').select('error').where('task_id', '=', taskId).where('error', 'is not', null).execute();
  return rows.map((r) => r.error!).filter(Boolean);
}

/** The task's status and run number, locked for the rest of the transaction. */
export function taskState(db: Conn, taskId: number) {
  return db.selectFrom('crawler_task').select(['status', 'run_no']).where('id', '=', taskId).forUpdate().executeTakeFirstOrThrow();
}

/** Every source of the watch's task looks for this many listings. */
export async function setTargetCount(db: Conn, taskId: number, targetCount: number): Promise<void> {
  await db.updateTable('crawler_subtask').set({ target_count: targetCount }).where('task_id', '=', taskId).execute();
}

/** What a run saw of listings that are records, in their records' history (source `watch-changed|gone|back`). */
export async function insertRecordHistory(db: Conn, rows: { recordId: number; clientId: number; source: string; fields: Record<string, string | null>; at: Date }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (chunk.length > 0) {
      await db.insertInto('ec_record_history').values(chunk.map((r) => ({ record_id: r.recordId, client_id: r.clientId, user_id: null, source: r.source, fields: JSON.stringify(r.fields) as never, created_at: r.at }))).execute();
    }
  }
}
