/** The queue of domain watch runs: each job works one run row that `run-now` (or a schedule) made. */
export const DOMAIN_RUN_QUEUE = 'domain-watch-run';

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    'domain-watch-run': { runId: number };
  }
}
