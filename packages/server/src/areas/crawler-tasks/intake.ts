import type PgBoss from 'pg-boss';
import { CRAWLER_QUEUE, type CrawlJob, type CrawlerQueue } from './queue.js';

/**
 * Takes crawler jobs from pg-boss as slots free up. pg-boss's own `work` loop takes a batch, waits for all of it and
 * then for its polling interval (at least half a second), so at 20 ms a page the workers sat idle most of the time
 * (7 pages/s at concurrency 8 in bench/crawler.ts). Here up to `concurrency` jobs run at once, a finished job's slot
 * is refilled at once, a send of this process wakes the intake, and an empty queue is polled every `pollMs` for the
 * jobs other processes send. A job whose run throws is failed, so pg-boss retries it (every write is idempotent).
 */
export interface Intake {
  /** Stops taking jobs; the runs in progress go on (the worker's drain aborts them). */
  stop(): Promise<void>;
  /** Waits (at most `limitMs`) for the runs taken to be completed or failed on pg-boss. */
  settled(limitMs: number): Promise<void>;
}

export function startIntake(
  boss: PgBoss,
  queue: CrawlerQueue,
  opts: { concurrency: number; pollMs: number; run: (job: CrawlJob) => Promise<void>; onError: (err: unknown) => void },
): Intake {
  const active = new Set<Promise<void>>();
  let stopping = false;
  let woken = false;
  let wake: (() => void) | undefined;
  const signal = () => {
    woken = true;
    wake?.();
  };
  const unlisten = queue.onSend(signal);

  const take = (job: PgBoss.Job<CrawlJob>) => {
    const done = opts
      .run(job.data)
      .then(
        () => boss.complete(CRAWLER_QUEUE, job.id),
        (err: unknown) => {
          opts.onError(err);
          return boss.fail(CRAWLER_QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) });
        },
      )
      .catch(opts.onError)
      .finally(() => {
        active.delete(done);
        signal();
      });
    active.add(done);
  };

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      const free = opts.concurrency - active.size;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<CrawlJob>(CRAWLER_QUEUE, { batchSize: free });
          if (!stopping) jobs.forEach(take);
          else if (jobs.length > 0) await boss.fail(CRAWLER_QUEUE, jobs.map((j) => j.id)); // back to the queue for the next worker
        } catch (err) {
          opts.onError(err);
        }
      }
      // A slot freed or a send meanwhile: fetch again at once. Otherwise wait for one of them, or the poll.
      if (stopping || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, opts.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    async stop() {
      stopping = true;
      unlisten();
      signal();
      await loop;
    },
    async settled(limitMs) {
      await Promise.race([Promise.allSettled([...active]), new Promise((r) => setTimeout(r, limitMs).unref())]);
    },
  };
}
