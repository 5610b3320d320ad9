import { WatchRunStatus } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import { settleTask } from '../crawler-tasks/service.js';
import { nextRunAfter } from './schedule.js';
import { taskState, dueWatches, insertRun, lockWatch, queueWatchRun, runningRun, updateWatch } from './queries.js';

/**
 * Starting a watch's run, by its schedule (the tick, every minute, on whichever worker takes it) or at once ("run
 * now"). The watch row is locked for the start, and one running run per watch is also a unique index, so two
 * workers (or a tick and a click) never start two. A scheduled run whose previous run is still going is not started:
 * it is written down as skipped, and the watch's next time moves on.
 */

export type StartOutcome = { started: true; runId: number; subtaskIds: number[] } | { started: false; runId: number | null };

export async function startRun(trx: Db | Tx, watchId: number, now: Date, by: 'schedule' | 'hand'): Promise<StartOutcome> {
  const watch = await lockWatch(trx, watchId);
  if (!watch) fail('objectNotFound');
  if (by === 'schedule') {
    if (watch.paused || watch.next_run_at === null || watch.next_run_at > now) return { started: false, runId: null };
    await updateWatch(trx, watchId, { next_run_at: nextRunAfter(watch.schedule, now, watch.schedule_anchor) });
  }
  const task = await taskState(trx, watch.task_id);
  if (await runningRun(trx, watchId)) {
    if (by === 'hand') fail('watchRunning');
    // Why is the status itself (the screens say it in the reader's language).
    const runId = await insertRun(trx, { watch_id: watchId, run_no: task.run_no, status: WatchRunStatus.SKIPPED, started_at: now, finished_at: now });
    return { started: false, runId };
  }
  const runNo = task.run_no + 1;
  const runId = await insertRun(trx, { watch_id: watchId, run_no: runNo, status: WatchRunStatus.RUNNING, started_at: now });
  const subtaskIds = await queueWatchRun(trx, watch.task_id, runNo, now);
  await settleTask(trx, watch.task_id, now);
  return { started: true, runId, subtaskIds };
}

/** Watches started per tick at most (the rest are due at the next tick, a minute later). */
const TICK_BATCH = 200;

/**
 * The tick: starts every watch that is due, each in its own transaction (one watch's failure stops no other), and
 * wakes the crawler for them. Answers how many started.
 */
export async function startDueWatches(services: Services, now: Date): Promise<number> {
  const db: Db = services.db;
  let started = 0;
  const due = await dueWatches(db, now, TICK_BATCH);
  for (const watchId of due) {
    try {
      // A skipped start is written down on the watch's runs and announces nothing (the run it waited for does).
      const outcome = await db.transaction().execute((trx) => startRun(trx, watchId, now, 'schedule'));
      if (outcome.started) {
        started++;
        services.crawler.wakeSoon(outcome.subtaskIds);
      }
    } catch (err) {
      services.log.error({ err, watch: watchId }, 'watch run could not start');
    }
  }
  return started;
}
