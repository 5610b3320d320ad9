import type { Db } from '../../platform/db.js';
import type { DailyJob } from '../../platform/jobs.js';
import { clientsWithUnsettledChanges, settleClientRollups } from './repo.js';

/**
 * The dashboard rollups are kept by the database (migration 015) as inserted deltas: each writing statement adds its
 * own rows, so writers never wait for each other. Settling folds a client's rows into one per key, in one short
 * transaction per client, for the clients with changes since (their unsettled `dashboard_change` rows); readers see
 * the same sums before and after. Answers how many clients it settled.
 */
export async function settleRollups(db: Db): Promise<number> {
  const clients = await clientsWithUnsettledChanges(db);
  for (const clientId of clients) await db.transaction().execute((tx) => settleClientRollups(tx, clientId));
  return clients.length;
}

/** Every five minutes: the rows a busy client's writes leave stay few, so the dashboards read few. */
export const settleRollupsJob: DailyJob = {
  name: 'dashboard-rollups',
  cron: '*/5 * * * *',
  run: async (services) => {
    const clients = await settleRollups(services.db);
    if (clients > 0) services.log.info({ clients }, 'dashboard rollups settled');
  },
};
