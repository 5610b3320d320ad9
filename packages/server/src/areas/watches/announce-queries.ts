import { DEFAULT_WATCH_TIMEZONE, type RunCounts } from '@portal/contract';
import type { Db, Tx } from '../../platform/db.js';

/** What a run's announcement says, and to whom: the watch's author if still a live user. */
export async function runAnnouncement(db: Db | Tx, watchId: number, runId: number) {
  const row = await db
    .selectFrom('watch_run as r')
    .innerJoin('watch as w', 'w.id', 'r.watch_id')
    .innerJoin('client as c', 'c.client_id', 'w.client_id')
    .leftJoin('users as u', (j) => j.onRef('u.user_id', '=', 'w.created_by').on('u.deleted_at', 'is', null))
    .select(['r.status', 'r.counts', 'r.error', 'r.started_at', 'r.finished_at', 'w.name', 'w.schedule', 'w.client_id', 'c.client_name', 'u.user_id', 'u.user_locale'])
    .where('r.id', '=', runId)
    .where('r.watch_id', '=', watchId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    status: row.status,
    counts: row.counts as RunCounts,
    error: row.error,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    clientId: row.client_id,
    name: row.name,
    clientName: row.client_name,
    timezone: row.schedule.timezone ?? DEFAULT_WATCH_TIMEZONE,
    author: row.user_id === null ? null : { user_id: row.user_id, user_locale: row.user_locale ?? 'en' },
  };
}
