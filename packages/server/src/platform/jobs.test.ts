import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../testing/index.js';
import { startJobs, type DailyJob } from './jobs.js';

/**
 * What a shutdown does to job workers: a job that ends within the stop timeout completes; one still running when
 * it runs out is handed back to the queue (state "retry"), so another worker takes it up.
 */
let tp: TestPortal;
let sender: PgBoss;
beforeAll(async () => {
  tp = await startTestPortal();
  const pool = tp.portal.database.pool;
  // Puts jobs on the queue at once, as the daily schedule would at its hour.
  sender = new PgBoss({ db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) }, schema: 'pgboss', supervise: false, schedule: false });
  await sender.start();
});
afterAll(async () => {
  await sender?.stop({ graceful: false });
  await tp?.close();
});

/** A job that says when it starts and runs for `ms`. */
function timedJob(name: string, ms: number) {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const job: DailyJob = {
    name,
    cron: '0 0 1 1 *',
    run: async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, ms).unref());
    },
  };
  return { job, running };
}

async function stateOf(id: string): Promise<{ state: string; output: unknown }> {
  const { rows } = await tp.portal.database.pool.query<{ state: string; output: unknown }>('SELECT state, output FROM pgboss.job WHERE id = $1', [id]);
  return rows[0]!;
}

describe('stopping the job workers', () => {
  it('waits for a job that ends within the timeout', async () => {
    const { job, running } = timedJob('drain-quick', 300);
    const jobs = await startJobs(tp.portal.services, tp.portal.database.pool, [job], 5_000);
    const id = (await sender.send(job.name, {}))!;
    await running;
    await jobs.stop();
    expect((await stateOf(id)).state).toBe('completed');
  });

  it('hands a job still running at the timeout back to the queue', async () => {
    const { job, running } = timedJob('drain-slow', 60_000);
    const jobs = await startJobs(tp.portal.services, tp.portal.database.pool, [job], 1_000);
    const id = (await sender.send(job.name, {}))!;
    await running;
    await jobs.stop();
    const { state, output } = await stateOf(id);
    expect(state).toBe('retry');
    expect(JSON.stringify(output)).toContain('shut down while active');
  });
});
