import PgBoss from 'pg-boss';
import type { Services } from './context.js';

/**
 * Background work on pg-boss in the same database, so jobs survive restarts and spread over any number of
 * worker processes. On PGlite it runs through the same pool (one connection), as the architecture notes.
 * Each daily job is a plain function of (services, now) so that tests drive it with a clock they control.
 */
export interface DailyJob {
  name: string;
  /** cron in UTC */
  cron: string;
  run(services: Services, now: Date): Promise<void>;
}

export interface Jobs {
  stop(): Promise<void>;
}

/**
 * How long a stop waits for running jobs before handing them back. pg-boss then fails them with "shut down while
 * active", and a failed job with retries left returns to the queue for the next worker (daily jobs skip what an
 * earlier run already did). Below the 10 s in which the server must be gone after SIGTERM.
 */
export const JOB_STOP_TIMEOUT_MS = 7_000;

/** A worker of an area on the same pg-boss (the crawler): started after the daily jobs, stopped before the boss. */
export type BossWorker = (boss: PgBoss) => Promise<(() => Promise<void>) | undefined>;

export async function startJobs(services: Services, pool: import('pg').Pool, jobs: DailyJob[], stopTimeoutMs = JOB_STOP_TIMEOUT_MS, workers: BossWorker[] = []): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema: 'pgboss',
  });
  boss.on('error', (err: Error) => services.log.error({ err }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, async () => {
      const started = Date.now();
      await job.run(services, services.clock());
      services.log.info({ job: job.name, ms: Date.now() - started }, 'job done');
    });
  }
  const stoppers: (() => Promise<void>)[] = [];
  for (const start of workers) {
    const stop = await start(boss);
    if (stop) stoppers.push(stop);
  }
  return {
    async stop() {
      for (const stop of stoppers) await stop();
      await boss.stop({ graceful: true, timeout: stopTimeoutMs });
    },
  };
}
