import type { CrawlerQueue } from './areas/crawler-tasks/queue.js';
import { crawlerQueue, type SettledByType } from './areas/crawler-tasks/worker.js';
import { finishWatchRun } from './areas/watches/finish.js';
import { TaskType } from '@portal/contract';
import { letterReminderJob } from './areas/client-settings/reminders.js';
import { contractReminderJob } from './areas/clients/reminders.js';
import { settleRollupsJob } from './areas/dashboards/rollups.js';
import { repriceQueue } from './kinds/ec/reprice.js';
import { captureOptions, captureQueue } from './areas/evidence/queue.js';
import { requestReminderJob } from './areas/service-requests/reminders.js';
import { recheckJob } from './areas/takedown-recheck/job.js';
import { trademarkReminderJob } from './areas/trademarks/reminders.js';
import { nightlySignalsJob, signalsQueue } from './areas/triage-signals/queue.js';
import { triageQueue } from './areas/triage/evaluate.js';
import { deliveryQueue } from './areas/webhooks/queue.js';
import type { Services } from './platform/context.js';
import { housekeepingJob } from './ops/housekeeping.js';
import { watchTickJob } from './areas/watches/tick.js';
import { digestJob } from './areas/alerts/digest.js';
import { domainRunQueue } from './areas/domain-watch/queue.js';
import { domainWatchTickJob } from './areas/domain-watch/schedule.js';
import { dailyQueue, type DailyJob } from './platform/jobs.js';
import { pictureQueue } from './records/pictures/queue.js';
import type { AnyQueueDef, QueueDef, QueueName } from './platform/queues.js';

/** What the areas built on the crawler do when a task of theirs has settled. */
export const crawlerSettled: SettledByType = { [TaskType.WATCH]: finishWatchRun };

/** Every daily job of every area. */
export const dailyJobs: DailyJob[] = [housekeepingJob, contractReminderJob, letterReminderJob, trademarkReminderJob, requestReminderJob, settleRollupsJob, recheckJob, nightlySignalsJob, watchTickJob, digestJob, domainWatchTickJob];

/**
 * The queue registry: every queue the process runs, each declared once in its area. The record is keyed by every
 * queue anyone may send to (`QueuePayloads`), so a sendable queue without a definition does not compile; the start
 * refuses a definition without a handler, and a queue whose jobs send to one missing here (platform/queues.ts).
 */
export function queueRegistry(services: Services, crawler: CrawlerQueue, opts: { crawlerWorker: boolean; env: NodeJS.ProcessEnv }): AnyQueueDef[] {
  const sendable: { [N in QueueName]: QueueDef<N> } = {
    'evidence-capture': captureQueue(services, captureOptions(services.config)),
    'ec-reprice': repriceQueue(services),
    'triage-signals': signalsQueue(services),
    'triage-evaluate': triageQueue(services),
    'webhook-deliver': deliveryQueue(services),
    'domain-watch-run': domainRunQueue(services),
    'picture-look': pictureQueue(services),
    crawler: crawlerQueue(services, crawler, opts.crawlerWorker ? { work: true, env: opts.env, settled: crawlerSettled } : { work: false }),
  };
  return [...Object.values(sendable), ...dailyJobs.map((job) => dailyQueue(services, job))];
}
