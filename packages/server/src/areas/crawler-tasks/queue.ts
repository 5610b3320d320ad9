import type { Db } from '../../platform/db.js';
import type { QueueDef, Queues } from '../../platform/queues.js';
import { todoJobs } from './work-queries.js';

/**
 * The crawler's jobs on pg-boss: one per search page and one per listing, named by the row of our own work tables
 * (`crawler_page`, `crawler_listing`) that says what to do and whether it is done. The queue is `stately` with the
 * row as the singleton key, so a row has at most one job waiting and one running however often it is woken; a
 * row already done makes its job a no-op. Losing a job is harmless too: the pump re-sends the rows still to do of
 * the subtasks that run (after a worker was killed, or when the start came from a replica without workers).
 */
export const CRAWLER_QUEUE = 'crawler';
/**
 * A page, a listing, or a watch's re-check of listings it has read before (up to RECHECK_BATCH of one search page,
 * named by the first): each asked whether it changed (a conditional request), the unchanged ones done in one
 * statement, so a run that finds nothing changed costs a request per listing, not a job and its queries.
 */
export type CrawlJob = { kind: 'page' | 'listing'; id: number } | { kind: 'recheck'; id: number; ids: number[] };
export const RECHECK_BATCH = 25;

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    crawler: CrawlJob;
  }
}

/** The queue's declaration; how it is worked (the crawler's worker, or other processes) is the caller's (worker.ts). */
export const crawlerQueueDef = {
  name: CRAWLER_QUEUE,
  options: { policy: 'stately', retryLimit: 2, retryDelay: 5, expireInSeconds: 300 },
  sendOptions: (job: CrawlJob) => ({ singletonKey: `${job.kind}:${job.id}` }),
} satisfies QueueDef<typeof CRAWLER_QUEUE>;

/** Rows woken per pump round; the rest follow as these finish (each finished job frees its row). */
const PUMP_BATCH = 500;

export class CrawlerQueue {
  /** Sending: from the queue's start in this process to its worker's stop (a stopping worker sends no more). */
  private attached = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Db, private readonly queues: Queues) {}

  attach(): void {
    this.attached = true;
  }

  detach(): void {
    this.attached = false;
  }

  /** Sends the jobs in one statement (a row's job already waiting is kept) and wakes this process's intake. */
  async send(jobs: CrawlJob[]): Promise<void> {
    if (!this.attached || jobs.length === 0) return;
    if (!(await this.queues.insert(CRAWLER_QUEUE, jobs))) return;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after each send of this process (the intake takes the new jobs without waiting for its poll). */
  onSend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * For a call that starts subtasks: wakes them after the call's transaction has committed (the call cannot wait
   * for it). Until the commit the rows are not visible, so an early wake finds nothing and tries again a few times;
   * the pump is the backstop.
   */
  wakeSoon(subtaskIds: number[], tries = 5): void {
    if (!this.attached || subtaskIds.length === 0) return;
    setTimeout(() => {
      this.wake(subtaskIds).then(
        (sent) => {
          if (sent === 0 && tries > 1) this.wakeSoon(subtaskIds, tries - 1);
        },
        () => undefined, // the pump will send them
      );
    }, 50).unref();
  }

  /** Queues the work still to do of the subtasks named (all running subtasks when none are named). */
  async wake(subtaskIds?: number[]): Promise<number> {
    if (!this.attached) return 0;
    const jobs = await todoJobs(this.db, subtaskIds, PUMP_BATCH);
    await this.send(jobs);
    return jobs.length;
  }
}
