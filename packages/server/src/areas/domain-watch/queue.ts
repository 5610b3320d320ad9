import type { Services } from '../../platform/context.js';
import type { QueueDef } from '../../platform/queues.js';
import { DOMAIN_RUN_QUEUE } from './queue-name.js';
import { workRun } from './run.js';

export { DOMAIN_RUN_QUEUE };

/**
 * The domain watch runs' queue: one run at a time per worker, no retry (a run that fails is marked failed and the
 * next is started by hand or schedule; a retry would resolve thousands of names again). A run whose job expired
 * unfinished is marked failed at the watch's next start (schedule.ts).
 */
export function domainRunQueue(services: Services): QueueDef<typeof DOMAIN_RUN_QUEUE> {
  return {
    name: DOMAIN_RUN_QUEUE,
    options: { retryLimit: 0, expireInSeconds: 3600 },
    async handler({ runId }) {
      await workRun(services, runId);
    },
  };
}
