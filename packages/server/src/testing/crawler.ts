import { startJobs } from '../platform/jobs.js';
import type { CrawlerQueue } from '../areas/crawler-tasks/queue.js';
import { startCrawlerWorker } from '../areas/crawler-tasks/worker.js';
import type { TestPortal } from './index.js';

/**
 * The crawler's worker on a test portal's database and pg-boss (what `npm run worker` runs), with the settings
 * given (CRAWLER_ALLOW_ORIGINS for a fixture marketplace on 127.0.0.1, pollers, batch). Answers its stop, which
 * leaves the work as a killed worker would.
 */
export async function startCrawlerForTest(tp: TestPortal, env: NodeJS.ProcessEnv): Promise<() => Promise<void>> {
  const queue = tp.portal.services.crawler as CrawlerQueue;
  const jobs = await startJobs(tp.portal.services, tp.portal.database.pool, [], 1_000, [
    async (boss) => {
      await queue.attach(boss);
      return startCrawlerWorker(tp.portal.services, boss, queue, env);
    },
  ]);
  return () => jobs.stop();
}
