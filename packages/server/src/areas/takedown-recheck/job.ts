import { sql } from 'kysely';
import type { Services } from '../../platform/context.js';
import type { DailyJob } from '../../platform/jobs.js';
import { URL_OF } from '../evidence/repo.js';
import { RECORD_TABLES } from '../../records/core/tables.js';

/**
 * The daily re-check: records whose latest takedown round was set at least the client's `recheck_days` calendar
 * days ago (UTC) and that have no verdict yet get a capture on the evidence queue, marked as a re-check of that
 * round. A capture that failed (the site was down, a timeout) is tried again on the next runs, three times in
 * all; the verdict is filled in when a capture is done (`settle.ts`). At most RUN_MAX captures a run, the oldest
 * takedowns first: the rest wait a day rather than filling the queue for hours.
 */
export const RECHECK_ATTEMPTS = 3;
const RUN_MAX = 1000;

interface Due {
  recheck_id: number;
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  record_id: string;
  round: number;
}

export async function queueRechecks(services: Services, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const due = await sql<Due>`
    SELECT t.recheck_id, t.client_id, t.kind, COALESCE(t.ec_id, t.ws_id, t.sns_id) AS record_id, t.round
    FROM takedown_recheck t
    JOIN client c ON c.client_id = t.client_id AND c.deleted_at IS NULL
    LEFT JOIN client_setting s ON s.client_id = t.client_id
    LEFT JOIN evidence_capture e ON e.capture_id = t.capture_id
    WHERE t.verdict IS NULL AND (t.capture_id IS NULL OR e.state = 'failed') AND t.attempts < ${RECHECK_ATTEMPTS}
      AND (t.takedown_at AT TIME ZONE 'UTC')::date + COALESCE(s.recheck_days, 1) <= ${today}::date
    ORDER BY t.takedown_at, t.recheck_id
    LIMIT ${RUN_MAX}`.execute(services.db);
  for (const row of due.rows) {
    await services.db.transaction().execute(async (tx) => {
      const t = RECORD_TABLES[row.kind];
      const found = await sql<{ url: string }>`SELECT ${URL_OF[row.kind]} AS url FROM ${sql.table(t.records)} AS r WHERE r.${sql.ref(t.id)} = ${row.record_id}`.execute(tx);
      const url = found.rows[0]?.url.trim();
      if (!url) return;
      const { capture_id } = await tx
        .insertInto('evidence_capture')
        .values({ client_id: row.client_id, kind: row.kind, [t.id]: Number(row.record_id), url, state: 'pending', requested_by: null, requested_at: now, recheck_round: row.round })
        .returning('capture_id')
        .executeTakeFirstOrThrow();
      // Only while the round is still the one to re-check (a save in between may have moved it).
      const moved = await tx
        .updateTable('takedown_recheck')
        .set((eb) => ({ capture_id, attempts: eb('attempts', '+', 1) }))
        .where('recheck_id', '=', row.recheck_id)
        .where('round', '=', row.round)
        .where('verdict', 'is', null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw new Skip();
      await services.queues.send('evidence-capture', { captureId: capture_id }, { db: tx });
    }).catch((err: unknown) => {
      if (!(err instanceof Skip)) throw err;
    });
  }
  return due.rows.length;
}

/** Rolls back a re-check whose row changed since it was read. */
class Skip extends Error {}

export const recheckJob: DailyJob = {
  name: 'takedown-recheck',
  // Shortly after midnight UTC: a takedown of yesterday with the default of one day is re-checked this morning.
  cron: '40 0 * * *',
  sendsTo: ['evidence-capture'],
  run: async (services, now) => {
    const queued = await queueRechecks(services, now);
    services.log.info({ queued }, 'takedown re-checks queued');
  },
};
