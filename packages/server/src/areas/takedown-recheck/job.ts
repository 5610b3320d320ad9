import type { Services } from '../../platform/context.js';
import type { DailyJob } from '../../platform/jobs.js';
import { attachRecheckCapture, dueRechecks, insertRecheckCapture, recordUrlOf } from './repo.js';

/**
 * The daily re-check: records whose latest takedown round was set at least the client's `recheck_days` calendar
 * days ago (UTC) and that have no verdict yet get a capture on the evidence queue, marked as a re-check of that
 * round. A capture that failed (the site was down, a timeout) is tried again on the next runs, three times in
 * all; the verdict is filled in when a capture is done (`settle.ts`). At most RUN_MAX captures a run, the oldest
 * takedowns first: the rest wait a day rather than filling the queue for hours.
 */
export const RECHECK_ATTEMPTS = 3;
const RUN_MAX = 1000;

export async function queueRechecks(services: Services, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const due = await dueRechecks(services.db, today, RECHECK_ATTEMPTS, RUN_MAX);
  for (const row of due) {
    await services.db.transaction().execute(async (tx) => {
      const url = (await recordUrlOf(tx, row.kind, row.record_id))?.trim();
      if (!url) return;
      const captureId = await insertRecheckCapture(tx, row, url, now);
      // Only while the round is still the one to re-check (a save in between may have moved it).
      if (!(await attachRecheckCapture(tx, row, captureId))) throw new Skip();
      await services.queues.send('evidence-capture', { captureId }, { db: tx });
    }).catch((err: unknown) => {
      if (!(err instanceof Skip)) throw err;
    });
  }
  return due.length;
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
