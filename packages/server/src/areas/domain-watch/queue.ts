import { CaptureBrowsers } from '../../platform/capture.js';
import type { Services } from '../../platform/context.js';
import type { QueueDef } from '../../platform/queues.js';
import { DOMAIN_RUN_QUEUE } from './queue-name.js';
import { workRun } from './run.js';

export { DOMAIN_RUN_QUEUE };

/** The screenshot browsers of domain watch runs: the capture settings, the domain watch's private-address rule. */
export function domainWatchBrowsers(services: Services): CaptureBrowsers {
  const c = services.config.capture;
  return new CaptureBrowsers({ executablePath: c.chromiumPath, browsers: c.browsers, timeoutMs: c.timeoutMs, maxBytes: c.maxBytes, policy: { allowPrivate: services.config.domainWatch.allowPrivate } });
}

/**
 * The domain watch runs' queue: one run at a time per worker, no retry (a run that fails is marked failed and the
 * next is started by hand or schedule; a retry would resolve thousands of names again). A run whose job expired
 * unfinished is marked failed at the watch's next start (schedule.ts). The worker keeps its own capture browsers for
 * the pages' screenshots (started on the first page, closed when the queue stops), as the evidence queue does.
 */
export function domainRunQueue(services: Services): QueueDef<typeof DOMAIN_RUN_QUEUE> {
  const browsers = domainWatchBrowsers(services);
  return {
    name: DOMAIN_RUN_QUEUE,
    options: { retryLimit: 0, expireInSeconds: 3600 },
    async handler({ runId }) {
      await workRun(services, runId, browsers);
    },
    stopped: () => browsers.close(),
  };
}
