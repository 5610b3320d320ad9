import { sql } from 'kysely';
import type { Pool } from 'pg';
import type { Services } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import type { QueueDef } from '../../platform/queues.js';

/**
 * Repricing a currency's records (`ec_price_usd`, migration 021) after an administrator sets its rate, as a pg-boss
 * job sent in the rate call's transaction: the call answers at once instead of updating (and holding) every record
 * of the currency, and the dashboard rollup triggers see small statements. The job works in keyset batches by
 * `ec_id`, each its own short transaction reading the currency's latest rate, and passes again until a pass changes
 * nothing (a rate set meanwhile). Only differing rows are written, so a job run twice, or retried, does no harm.
 */
export const REPRICE_QUEUE = 'ec-reprice';
export const REPRICE_BATCH = 5_000;

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    'ec-reprice': { currency: string };
  }
}

export interface RepriceQueue {
  stop(): Promise<void>;
}

/** Reprices the currency's records at its latest rate, batch after batch; answers how many records changed. */
export async function repriceCurrency(db: Db, currency: string, batchSize = REPRICE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    let changedInPass = 0;
    let after = 0;
    for (;;) {
      const { rows } = await db.transaction().execute((tx) =>
        sql<{ last: string | null; changed: string }>`
          WITH batch AS (
            SELECT ec_id FROM ec_record WHERE ec_product_currency = ${currency} AND ec_product_price IS NOT NULL AND ec_id > ${after}
            ORDER BY ec_id LIMIT ${batchSize}),
          upd AS (
            UPDATE ec_record r SET ec_price_usd = r.ec_product_price * x.usd_rate
            FROM batch b, (SELECT usd_rate FROM exchange_rate WHERE currency = ${currency} ORDER BY rate_date DESC LIMIT 1) x
            WHERE r.ec_id = b.ec_id AND r.ec_price_usd IS DISTINCT FROM r.ec_product_price * x.usd_rate
            RETURNING 1)
          SELECT (SELECT max(ec_id) FROM batch) AS last, (SELECT count(*) FROM upd) AS changed`.execute(tx),
      );
      const row = rows[0]!;
      changedInPass += Number(row.changed);
      if (row.last === null) break;
      after = Number(row.last);
    }
    total += changedInPass;
    if (changedInPass === 0) return total;
  }
}

/** The queue's definition; `work: false` only queues (tests run the job themselves). */
export function repriceQueue(services: Services, opts: { work: boolean } = { work: true }): QueueDef<typeof REPRICE_QUEUE> {
  const queue: QueueDef<typeof REPRICE_QUEUE> = { name: REPRICE_QUEUE, options: { retryLimit: 3, retryDelay: 30 } };
  if (!opts.work) return { ...queue, elsewhere: true };
  return {
    ...queue,
    async handler({ currency }) {
      const started = Date.now();
      const records = await repriceCurrency(services.db, currency);
      services.log.info({ currency, records, ms: Date.now() - started }, 'records repriced');
    },
  };
}

/** The reprice queue alone on the services' queues (tests). */
export async function startRepriceQueue(services: Services, pool: Pool, opts: { work: boolean } = { work: true }): Promise<RepriceQueue> {
  await services.queues.start(pool, [repriceQueue(services, opts)]);
  return { stop: () => services.queues.stop() };
}
