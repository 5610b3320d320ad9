import { DomainRunStatus, type CandidateState, type DomainRunCounts } from '@portal/contract';
import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { DomainCandidateTable, DomainWatchTable } from '../../platform/schema.js';

/** SQL of domain watches, their runs and the candidates they found (issue 32). */

type Conn = Db | Tx;

const watchColumns = [
  'w.id', 'w.client_id', 'c.client_name', 'w.domains', 'w.words', 'w.keywords', 'w.fuzzers', 'w.tlds', 'w.schedule', 'w.schedule_anchor', 'w.next_run_at', 'w.promote_threshold', 'w.created_by', 'w.updated_by', 'w.created_at', 'w.updated_at',
] as const;

function watches(db: Conn) {
  return db.selectFrom('domain_watch as w').innerJoin('client as c', 'c.client_id', 'w.client_id').where('c.deleted_at', 'is', null);
}

export type DomainWatchRow = Awaited<ReturnType<typeof findWatch>> & object;

export function findWatch(db: Conn, watchId: number) {
  return watches(db).select(watchColumns).where('w.id', '=', watchId).executeTakeFirst();
}

/** The watch, locked for the rest of the transaction (a run's start, an edit, a removal). */
export function lockWatch(db: Conn, watchId: number) {
  return db.selectFrom('domain_watch').select(['id', 'schedule', 'schedule_anchor', 'next_run_at']).where('id', '=', watchId).forUpdate().executeTakeFirst();
}

/** A client's watches, or (no client) every client's, or those of the clients an analyst manages (`managedBy`). */
export async function listWatches(db: Conn, input: { clientId?: number | undefined; managedBy?: number | undefined; offset: number; limit: number }) {
  let q = watches(db);
  if (input.clientId !== undefined) q = q.where('w.client_id', '=', input.clientId);
  if (input.managedBy !== undefined) {
    const userId = input.managedBy;
    q = q.where('w.client_id', 'in', (eb) => eb.selectFrom('client_manager').select('client_id').where('user_id', '=', userId));
  }
  const rows = await q.select(watchColumns).orderBy('w.id', 'desc').offset(input.offset).limit(input.limit).execute();
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function ownerOfWatch(db: Conn, watchId: number): Promise<number | undefined> {
  return (await watches(db).select('w.client_id').where('w.id', '=', watchId).executeTakeFirst())?.client_id;
}

/** The one client owning every candidate named; undefined when one is missing or they span clients. */
export async function ownerOfCandidates(db: Conn, candidateIds: number[]): Promise<number | undefined> {
  const ids = [...new Set(candidateIds)];
  if (ids.length === 0) return undefined;
  const rows = await watches(db).innerJoin('domain_candidate as d', 'd.watch_id', 'w.id').select(['d.id', 'w.client_id']).where('d.id', 'in', ids).execute();
  const clients = new Set(rows.map((r) => r.client_id));
  return rows.length === ids.length && clients.size === 1 ? [...clients][0] : undefined;
}

export async function insertWatch(db: Conn, values: Insertable<DomainWatchTable>): Promise<number> {
  return (await db.insertInto('domain_watch').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateWatch(db: Conn, watchId: number, changes: Updateable<DomainWatchTable>): Promise<void> {
  await db.updateTable('domain_watch').set(changes).where('id', '=', watchId).execute();
}

/** Removes the watch (its runs and candidates go with it) and its candidates' screenshot files. */
export async function deleteWatch(db: Conn, watchId: number): Promise<void> {
  await db
    .deleteFrom('stored_file')
    .where('name', 'in', (eb) => eb.selectFrom('domain_candidate').select('screenshot_file').where('watch_id', '=', watchId).where('screenshot_file', 'is not', null))
    .execute();
  await db.deleteFrom('domain_watch').where('id', '=', watchId).execute();
}

/** The watches whose next run is due at `now`; each start locks its watch and checks again (schedule.ts). */
export async function dueWatches(db: Conn, now: Date, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('domain_watch').select('id').where('next_run_at', '<=', now).orderBy('next_run_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

const runColumns = ['id', 'watch_id', 'status', 'started_at', 'finished_at', 'counts', 'capped', 'error'] as const;
export type DomainRunRow = Awaited<ReturnType<typeof findRun>> & object;

export function findRun(db: Conn, runId: number) {
  return db.selectFrom('domain_watch_run').select(runColumns).where('id', '=', runId).executeTakeFirst();
}

/** The run, locked: the worker's final write and a removal of its watch do not cross. */
export function lockRun(db: Conn, runId: number) {
  return db.selectFrom('domain_watch_run').select(runColumns).where('id', '=', runId).forUpdate().executeTakeFirst();
}

export function runningRun(db: Conn, watchId: number) {
  return db.selectFrom('domain_watch_run').select(['id', 'started_at']).where('watch_id', '=', watchId).where('status', '=', DomainRunStatus.RUNNING).executeTakeFirst();
}

export async function insertRun(db: Conn, watchId: number, now: Date): Promise<number> {
  return (await db.insertInto('domain_watch_run').values({ watch_id: watchId, status: DomainRunStatus.RUNNING, started_at: now }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function endRun(db: Conn, runId: number, end: { status: number; finishedAt: Date; counts?: DomainRunCounts; capped?: boolean; error?: string }): Promise<void> {
  await db
    .updateTable('domain_watch_run')
    .set({ status: end.status, finished_at: end.finishedAt, ...(end.counts && { counts: JSON.stringify(end.counts) }), ...(end.capped !== undefined && { capped: end.capped }), ...(end.error !== undefined && { error: end.error }) })
    .where('id', '=', runId)
    .where('status', '=', DomainRunStatus.RUNNING)
    .execute();
}

export async function listRuns(db: Conn, watchId: number, offset: number, limit: number) {
  const rows = await db.selectFrom('domain_watch_run').select(runColumns).where('watch_id', '=', watchId).orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const { n } = await db.selectFrom('domain_watch_run').select((eb) => eb.fn.countAll<number>().as('n')).where('watch_id', '=', watchId).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The last run of each watch. */
export function lastRuns(db: Conn, watchIds: number[]) {
  if (watchIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('domain_watch_run').distinctOn('watch_id').select(runColumns).where('watch_id', 'in', watchIds).orderBy('watch_id').orderBy('id', 'desc').execute();
}

const candidateColumns = [
  'id', 'domain', 'unicode', 'fuzzer', 'registered', 'live', 'score', 'reasons', 'dns', 'state', 'record_id', 'first_seen_at', 'last_seen_at',
  'page_url', 'page_title', 'site_category', 'screenshot_file', 'checked_at', 'registrar', 'domain_created_at', 'domain_expires_at', 'registration_source',
] as const;
export type CandidateRow = Awaited<ReturnType<typeof listCandidates>>['rows'][number];

export async function listCandidates(db: Conn, input: { watchId: number; state?: CandidateState | undefined; registeredOnly: boolean; offset: number; limit: number }) {
  let q = db.selectFrom('domain_candidate').where('watch_id', '=', input.watchId);
  if (input.state) q = q.where('state', '=', input.state);
  if (input.registeredOnly) q = q.where('registered', '=', true);
  const rows = await q.select(candidateColumns).orderBy('score', 'desc').orderBy('registered', 'desc').orderBy('domain').offset(input.offset).limit(input.limit).execute();
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** What a run needs to know of the candidates a watch has: by ASCII domain. */
export function knownCandidates(db: Conn, watchId: number) {
  return db
    .selectFrom('domain_candidate')
    .select(['id', 'domain', 'registered', 'state', 'fingerprint', 'live', 'page_fingerprint', 'screenshot_file'])
    .where('watch_id', '=', watchId)
    .execute();
}

/** The client's brand names and their keywords: the words a look-alike's page is searched for. */
export async function brandWordsOfClient(db: Conn, clientId: number): Promise<string[]> {
  const brands = await db.selectFrom('brand').select('brand_name as word').where('client_id', '=', clientId).execute();
  const keywords = await db.selectFrom('brand_keyword').select('keyword_name as word').where('client_id', '=', clientId).execute();
  return [...brands, ...keywords].map((r) => r.word);
}

/** The screenshot of a candidate, with the client owning it (the download checks the reader against it). */
export function candidateScreenshot(db: Conn, candidateId: number) {
  return db
    .selectFrom('domain_candidate as d')
    .innerJoin('domain_watch as w', 'w.id', 'd.watch_id')
    .innerJoin('client as c', 'c.client_id', 'w.client_id')
    .where('c.deleted_at', 'is', null)
    .select(['d.watch_id', 'w.client_id', 'd.screenshot_file'])
    .where('d.id', '=', candidateId)
    .executeTakeFirst();
}

export async function insertCandidates(db: Conn, rows: Insertable<DomainCandidateTable>[]): Promise<void> {
  // In slices: one statement's parameters stay well under PostgreSQL's 65,535.
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('domain_candidate').values(rows.slice(i, i + 500)).execute();
}

export async function updateCandidate(db: Conn, id: number, changes: Updateable<DomainCandidateTable>): Promise<void> {
  await db.updateTable('domain_candidate').set(changes).where('id', '=', id).execute();
}

/** Marks the run as the last to have seen these candidates (unchanged ones), in one statement. */
export async function touchCandidates(db: Conn, ids: number[], runId: number, now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000) await db.updateTable('domain_candidate').set({ last_seen_at: now, last_run_id: runId }).where('id', 'in', ids.slice(i, i + 5000)).execute();
}

export async function dismissCandidates(db: Conn, ids: number[]): Promise<number> {
  const result = await db.updateTable('domain_candidate').set({ state: 'dismissed' }).where('id', 'in', ids).where('state', '=', 'new').executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The WS records of a report, by their page domain. */
export function recordsOfReport(db: Conn, reportId: number) {
  return db.selectFrom('ws_record').select(['ws_id', 'page_domain']).where('report_id', '=', reportId).execute();
}

export async function markPromoted(db: Conn, id: number, recordId: number): Promise<void> {
  await db.updateTable('domain_candidate').set({ state: 'promoted', record_id: recordId }).where('id', '=', id).execute();
}
