import type { Services } from '../../platform/context.js';
import type { QueueDef } from '../../platform/queues.js';
import { attemptDelivery } from './deliver.js';
import { waitingDeliveries } from './delivery-repo.js';
import { DELIVER_QUEUE } from './queue-name.js';

export { DELIVER_QUEUE };

/**
 * The webhook delivery queue on pg-boss. The delivery row is the truth (its attempts say which attempt a job may
 * take), so a job sent twice or retried after a crash delivers once; waiting rows whose job was lost (a process
 * that died between commit and send cannot lose one: the send is in the transaction) are sent again at start.
 * A job ends with its attempt recorded: the retries are the area's (deliver.ts), not pg-boss's.
 */
export function deliveryQueue(services: Services): QueueDef<typeof DELIVER_QUEUE> {
  return {
    name: DELIVER_QUEUE,
    options: { retryLimit: 1, expireInSeconds: Math.ceil((services.config.webhooks.timeoutMs * 3) / 1000) + 30 },
    sendOptions: ({ deliveryId, attempt }) => ({ singletonKey: `${deliveryId}.${attempt}` }),
    // Two receivers can be slow at once without holding the others back; a poll a second is soon enough.
    workers: 2,
    pollingIntervalSeconds: 1,
    handler: ({ deliveryId, attempt }) => attemptDelivery(services, deliveryId, attempt),
    async started(queues) {
      for (const d of await waitingDeliveries(services.db)) {
        await queues.send(DELIVER_QUEUE, { deliveryId: d.id, attempt: d.attempts }, d.next_attempt_at ? { startAfter: d.next_attempt_at } : {});
      }
    },
  };
}
