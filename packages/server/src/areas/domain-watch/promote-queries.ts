import type { Db, Tx } from '../../platform/db.js';

/** SQL of promotion (issue 32 point 4): what a WS record is made of, and which candidates a run promotes by itself. */

type Conn = Db | Tx;

const promotedColumns = [
  'd.id', 'w.client_id', 'd.domain', 'd.fuzzer', 'd.record_id', 'd.dns', 'd.site_category', 'd.page_url',
  'd.registrar', 'd.domain_created_at', 'd.domain_expires_at', 'd.registration_source',
] as const;
export type PromotedCandidate = Awaited<ReturnType<typeof candidatesToPromote>>[number];

/** The candidates to promote, with their client, what the record is made of and the record each became already (if any). */
export function candidatesToPromote(db: Conn, ids: number[]) {
  return db.selectFrom('domain_candidate as d').innerJoin('domain_watch as w', 'w.id', 'd.watch_id').select(promotedColumns).where('d.id', 'in', ids).orderBy('d.id').execute();
}

/**
 * The candidates a run promotes by itself: registered, seen by this run, new (not dismissed, not promoted), scoring
 * the watch's threshold or more; none when the watch has no threshold.
 */
export function candidatesAtThreshold(db: Conn, watchId: number, runId: number) {
  return db
    .selectFrom('domain_candidate as d')
    .innerJoin('domain_watch as w', 'w.id', 'd.watch_id')
    .select(promotedColumns)
    .where('d.watch_id', '=', watchId)
    .where('d.last_run_id', '=', runId)
    .where('d.registered', '=', true)
    .where('d.state', '=', 'new')
    .where('w.promote_threshold', 'is not', null)
    .whereRef('d.score', '>=', 'w.promote_threshold')
    .orderBy('d.id')
    .execute();
}

/** Who a run's promotion acts as: the watch's last editor, else its maker (the report and the captures name them). */
export function watchActor(db: Conn, watchId: number) {
  return db
    .selectFrom('domain_watch')
    .select(['client_id', (eb) => eb.fn.coalesce('updated_by', 'created_by').as('user_id')])
    .where('id', '=', watchId)
    .executeTakeFirst();
}
