import type { Pool } from 'pg';
import type { Services } from './context.js';
import { JOB_STOP_TIMEOUT_MS, type AnyQueueDef, type QueueDef, type QueueName } from './queues.js';

export { JOB_STOP_TIMEOUT_MS };

/**
 * A daily job: a plain function of (services, now) so that tests drive it with a clock they control. In the queue
 * registry it is a scheduled queue (`dailyQueue`) on the process's one pg-boss (queues.ts).
 */
export interface DailyJob {
  name: string;
  /** cron in UTC */
  cron: string;
  run(services: Services, now: Date): Promise<void>;
  /** The queues its run sends to (they must run in the same process). */
  sendsTo?: readonly QueueName[];
}

export interface Jobs {
  stop(): Promise<void>;
}

/** The daily job as a registry entry: scheduled, run with the services' clock, its time logged. */
export function dailyQueue(services: Services, job: DailyJob): QueueDef {
  return {
    name: job.name,
    cron: job.cron,
    sendsTo: job.sendsTo ?? [],
    async handler() {
      const started = Date.now();
      await job.run(services, services.clock());
      services.log.info({ job: job.name, ms: Date.now() - started }, 'job done');
    },
  };
}

/** Starts the services' queues with these daily jobs and other queues (tests; app.ts starts the whole registry). */
export async function startJobs(services: Services, pool: Pool, jobs: DailyJob[], stopTimeoutMs = JOB_STOP_TIMEOUT_MS, queues: AnyQueueDef[] = []): Promise<Jobs> {
  await services.queues.start(pool, [...jobs.map((job) => dailyQueue(services, job)), ...queues], stopTimeoutMs);
  return { stop: () => services.queues.stop() };
}
