import type { Pool } from 'pg';
import type { Services } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import type { DailyJob } from '../../platform/jobs.js';
import { queuedOnly, type AnyQueueDef, type QueueDef } from '../../platform/queues.js';
import { computeNetworks } from './networks.js';
import { computePriceScores } from './price-queries.js';
import { clientsWithRecords } from './repo.js';

/**
 * The `triage-signals` job (issue 19, points 4 and 5): a client's abnormal-price scores and seller networks,
 * recomputed whole in one transaction, then the triage rules re-evaluated (`triage-evaluate`, the triage area's
 * queue, in the same process). Queued when an upload finishes (records/upload/upload.ts) and nightly for every
 * client with records. The queue is `stately` with the client as key: one job waits per client at most, so ten
 * uploads in a row cost one or two computations, not ten.
 */
export const SIGNALS_QUEUE = 'triage-signals';
/** The triage area's queue (triage/evaluate.ts), by name: this area does not import that one. */
export const EVALUATE_QUEUE = 'triage-evaluate';

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    'triage-signals': { clientId: number };
  }
}

export interface SignalsQueue {
  stop(): Promise<void>;
}

export interface SignalsResult {
  scored: number;
  sellers: number;
  networks: number;
  ms: number;
}

/** The job's work for one client, in one transaction (readers see the old signals or the new, never half). */
export async function computeSignals(db: Db, clientId: number, now: Date): Promise<SignalsResult> {
  const started = Date.now();
  return db.transaction().execute(async (tx) => {
    const scored = await computePriceScores(tx, clientId, now);
    const { sellers, networks } = await computeNetworks(tx, clientId, now);
    return { scored, sellers: sellers.length, networks: networks.length, ms: Date.now() - started };
  });
}

/** The queue's definition: one job at a time, then the client's rules re-evaluated on the triage queue. */
export function signalsQueue(services: Services): QueueDef<typeof SIGNALS_QUEUE> {
  return {
    name: SIGNALS_QUEUE,
    options: { policy: 'stately', retryLimit: 2, retryDelay: 60 },
    sendOptions: ({ clientId }) => ({ singletonKey: String(clientId) }),
    sendsTo: [EVALUATE_QUEUE],
    async handler({ clientId }) {
      const result = await computeSignals(services.db, clientId, services.clock());
      services.log.info({ clientId, ...result }, 'triage signals computed');
      // The rules read these signals: re-evaluate them.
      await services.queues.send(EVALUATE_QUEUE, { clientId });
    },
  };
}

/**
 * The signals queue on the services' queues (tests): `work: false` only queues (the test looks at what was queued);
 * working, it needs the evaluation queue it sends to among `others`.
 */
export async function startSignalsQueue(services: Services, pool: Pool, opts: { work: boolean } = { work: true }, others: AnyQueueDef[] = []): Promise<SignalsQueue> {
  const queue = signalsQueue(services);
  await services.queues.start(pool, [opts.work ? queue : queuedOnly(queue), ...others]);
  return { stop: () => services.queues.stop() };
}

/** Nightly: every live client with records gets its signals recomputed (rates and master prices change too). */
export const nightlySignalsJob: DailyJob = {
  name: 'triage-signals-nightly',
  cron: '30 1 * * *',
  sendsTo: [SIGNALS_QUEUE],
  async run(services) {
    for (const clientId of await clientsWithRecords(services.db)) await services.queues.send(SIGNALS_QUEUE, { clientId });
  },
};
