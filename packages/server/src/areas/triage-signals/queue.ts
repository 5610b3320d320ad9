import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { DailyJob } from '../../platform/jobs.js';
import { computeNetworks } from './networks.js';
import { computePriceScores } from './prices.js';

/**
 * The `triage-signals` job (issue 19, points 4 and 5): a client's abnormal-price scores and seller networks,
 * recomputed whole in one transaction, then the triage rules re-evaluated (`triage-evaluate`, the triage area's
 * queue, sent by name when it exists). Queued when an upload finishes (records/upload/upload.ts) and nightly for every
 * client with records. The queue is `stately` with the client as key: one job waits per client at most, so ten
 * uploads in a row cost one or two computations, not ten.
 */
export const SIGNALS_QUEUE = 'triage-signals';
export const EVALUATE_QUEUE = 'triage-evaluate';

export interface SignalsQueue {
  send(clientId: number, db: Db | Tx): Promise<void>;
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

const through = (db: Db | Tx) => ({ db: { executeSql: async (text: string, values: unknown[]) => db.executeQuery(CompiledQuery.raw(text, values)) } });

/** The queue, when this process runs jobs; `work: false` only queues (tests run the job themselves). */
export async function startSignalsQueue(services: Services, pool: Pool, opts: { work: boolean } = { work: true }): Promise<SignalsQueue> {
  const boss = new PgBoss({ db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) }, schema: 'pgboss', schedule: false });
  boss.on('error', (err: Error) => services.log.error({ err }, 'triage signals queue error'));
  await boss.start();
  await boss.createQueue(SIGNALS_QUEUE, { name: SIGNALS_QUEUE, policy: 'stately', retryLimit: 2, retryDelay: 60 });
  if (opts.work) {
    await boss.work<{ clientId: number }>(SIGNALS_QUEUE, { batchSize: 1 }, async (jobs) => {
      for (const job of jobs) {
        const result = await computeSignals(services.db, job.data.clientId, services.clock());
        services.log.info({ clientId: job.data.clientId, ...result }, 'triage signals computed');
        // The rules read these signals: re-evaluate them, when the triage area runs its queue here.
        if (await boss.getQueue(EVALUATE_QUEUE)) await boss.send(EVALUATE_QUEUE, { clientId: job.data.clientId });
      }
    });
  }
  const queue: SignalsQueue = {
    // Through the caller's connection: queued with the change that asks for it, in the same transaction.
    send: async (clientId, db) => {
      await boss.send(SIGNALS_QUEUE, { clientId }, { singletonKey: String(clientId), ...through(db) });
    },
    stop: async () => {
      services.triageSignals = null;
      await boss.stop({ graceful: true, timeout: 7_000 });
    },
  };
  services.triageSignals = queue;
  return queue;
}

/** Nightly: every live client with records gets its signals recomputed (rates and master prices change too). */
export const nightlySignalsJob: DailyJob = {
  name: 'triage-signals-nightly',
  cron: '30 1 * * *',
  async run(services) {
    const { rows } = await sql<{ client_id: number }>`
      SELECT c.client_id FROM client c WHERE c.deleted_at IS NULL
        AND (EXISTS (SELECT 1 FROM ec_record r WHERE r.client_id = c.client_id) OR EXISTS (SELECT 1 FROM sns_record r WHERE r.client_id = c.client_id))`.execute(services.db);
    for (const r of rows) await services.triageSignals?.send(r.client_id, services.db);
  },
};
