/** The queue of webhook delivery attempts: each job is "try delivery N, attempt number `attempt + 1`". */
export const DELIVER_QUEUE = 'webhook-deliver';

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    'webhook-deliver': { deliveryId: number; attempt: number };
  }
}
