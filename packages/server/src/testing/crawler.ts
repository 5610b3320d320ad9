import { startJobs } from '../platform/jobs.js';
import { queuedOnly, type AnyQueueDef } from '../platform/queues.js';
import type { CrawlerQueue } from '../areas/crawler-tasks/queue.js';
import { crawlerQueue } from '../areas/crawler-tasks/worker.js';
import { crawlerSettled } from '../queues.js';
import { captureOptions, captureQueue } from '../areas/evidence/queue.js';
import { triageQueue } from '../areas/triage/evaluate.js';
import { pictureQueue } from '../records/pictures/queue.js';
import type { TestPortal } from './index.js';

/**
 * The crawler's worker on a test portal's database and pg-boss (what `npm run worker` runs), with the settings
 * given (CRAWLER_ALLOW_ORIGINS for a fixture marketplace on 127.0.0.1, pollers, batch). The queues its jobs send to
 * (evidence captures, the triage evaluation, the pictures) are only queued, unless `queues` gives them worked (a capture queue
 * with its browsers). Answers its stop, which leaves the work as a killed worker would.
 */
export async function startCrawlerForTest(tp: TestPortal, env: NodeJS.ProcessEnv, queues: AnyQueueDef[] = []): Promise<() => Promise<void>> {
  const { services } = tp.portal;
  const given = new Set(queues.map((q) => q.name));
  const downstream = [captureQueue(services, captureOptions(services.config), { work: false }), triageQueue(services, { work: false }), queuedOnly(pictureQueue(services))].filter((q) => !given.has(q.name));
  const jobs = await startJobs(services, tp.portal.database.pool, [], 1_000, [crawlerQueue(services, services.crawler as CrawlerQueue, { work: true, env, settled: crawlerSettled }), ...downstream, ...queues]);
  return () => jobs.stop();
}
