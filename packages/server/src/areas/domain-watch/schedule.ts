import { DomainRunStatus, type WatchSchedule } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { DailyJob } from '../../platform/jobs.js';
import { nextRunAfter } from '../watches/schedule.js';
import { DOMAIN_RUN_QUEUE } from './queue-name.js';
import * as q from './queries.js';

/**
 * Domain watches on their own schedule (issue 32 point 1: "its own schedule otherwise"), timed as the watches of
 * issue 30 are (watches/schedule.ts). A tick every minute starts the due ones; a watch whose last run still goes on
 * is not started again, its next time moves on.
 */

/** The schedule's columns for a watch given this schedule at `now` (null: run by hand only). */
export function scheduleColumns(schedule: WatchSchedule | null | undefined, now: Date) {
  return schedule
    ? { schedule: JSON.stringify(schedule), schedule_anchor: now, next_run_at: nextRunAfter(schedule, now, now) }
    : { schedule: null, schedule_anchor: null, next_run_at: null };
}

/**
 * A run still "running" this long after its start lost its worker (a process killed mid-run: the job expires after
 * an hour, and a run writes only at its end): it is marked failed, so the watch can run again.
 */
export const ABANDONED_AFTER_MS = 2 * 3_600_000;

/** Starts a run (a row, and its job queued in the same transaction); undefined when one is already running. */
export async function startRun(trx: Db | Tx, services: Services, watchId: number, now: Date): Promise<number | undefined> {
  const running = await q.runningRun(trx, watchId);
  if (running && now.getTime() - running.started_at.getTime() < ABANDONED_AFTER_MS) return undefined;
  if (running) await q.endRun(trx, running.id, { status: DomainRunStatus.FAILED, finishedAt: now, error: 'abandoned: no worker finished it' });
  const runId = await q.insertRun(trx, watchId, now);
  await services.queues.send(DOMAIN_RUN_QUEUE, { runId }, { db: trx });
  return runId;
}

const TICK_BATCH = 100;

/** Starts the due watches, each in its own transaction; answers how many started. */
export async function startDueDomainWatches(services: Services, now: Date): Promise<number> {
  let started = 0;
  for (const watchId of await q.dueWatches(services.db, now, TICK_BATCH)) {
    try {
      const runId = await services.db.transaction().execute(async (trx) => {
        const watch = await q.lockWatch(trx, watchId);
        if (!watch?.schedule || !watch.next_run_at || watch.next_run_at > now) return undefined;
        await q.updateWatch(trx, watchId, { next_run_at: nextRunAfter(watch.schedule, now, watch.schedule_anchor ?? now) });
        return startRun(trx, services, watchId, now);
      });
      if (runId !== undefined) started++;
    } catch (err) {
      services.log.error({ err, domainWatch: watchId }, 'domain watch run could not start');
    }
  }
  return started;
}

export const domainWatchTickJob: DailyJob = {
  name: 'domain-watch-tick',
  cron: '* * * * *',
  sendsTo: [DOMAIN_RUN_QUEUE],
  run: async (services, now) => {
    const started = await startDueDomainWatches(services, now);
    if (started > 0) services.log.info({ started }, 'domain watches started');
  },
};
