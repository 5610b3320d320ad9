import pg from 'pg';
import type { Layout, Secrets } from './layout.js';
import { signalPgBouncer, writePgBouncerConfig } from './pgbouncer.js';
import { currentPrimary, currentStandby, promote, readRoles, stopServer, writeRoles } from './postgres.js';
import { waitFor } from './run.js';

/**
 * `npm run cluster -- failover`: the standby takes over from the primary. PgBouncer is paused (new transactions
 * wait in it instead of failing); the primary is stopped (fast), or found dead; the standby is promoted and awaited
 * until it takes writes; the roles are recorded (db/roles.json) so the next `npm run cluster` starts the promoted
 * node as the primary and makes the old one again as its standby; PgBouncer is pointed at the new primary, reloaded
 * and resumed. The portal's processes know only PgBouncer's address: their pools keep their connections to it, the
 * statements in flight at the stop fail, and the ones sent meanwhile run on the new primary, late by the promotion.
 * Answers the milliseconds from the start to the new primary taking writes through PgBouncer.
 */
export async function failover(layout: Layout, secrets: Secrets, pgbouncerPid: number | undefined): Promise<{ ms: number }> {
  const started = Date.now();
  const old = currentPrimary(layout);
  const next = currentStandby(layout);
  if (readRoles(layout).standbyStale) throw new Error(`the standby (db/${next.node}) is stale after an earlier failover: restart the cluster first, which makes it again`);
  if (pgbouncerPid) signalPgBouncer(pgbouncerPid, 'pause');
  try {
    try {
      stopServer(old);
    } catch (err) {
      // Killed already (its postmaster.pid left behind), or stuck: the promotion goes on, the standby has what it had.
      console.error(`the primary did not stop cleanly: ${(err as Error).message}`);
    }
    promote(next);
    await waitFor(`db/${next.node} to leave recovery`, 60_000, async () => !(await inRecovery(next.port, secrets)));
    writeRoles(layout, { primary: next.node, standbyStale: true });
    writePgBouncerConfig(layout, secrets);
    if (pgbouncerPid) signalPgBouncer(pgbouncerPid, 'reload');
  } finally {
    // Resumed even when the promotion failed: held transactions then fail rather than wait for PgBouncer's timeout.
    if (pgbouncerPid) signalPgBouncer(pgbouncerPid, 'resume');
  }
  await waitFor('a write through PgBouncer', 30_000, () => writesThroughBouncer(layout, secrets));
  return { ms: Date.now() - started };
}

async function inRecovery(port: number, secrets: Secrets): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: secrets.superPassword, database: 'postgres' });
  await client.connect();
  try {
    return (await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r')).rows[0]!.r;
  } finally {
    await client.end();
  }
}

/** Whether PgBouncer's `portal` entry reaches a server taking writes (not one in recovery). */
async function writesThroughBouncer(layout: Layout, secrets: Secrets): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port: layout.ports.bouncer, user: 'portal', password: secrets.portalPassword, database: 'portal', connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return !(await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r')).rows[0]!.r;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
