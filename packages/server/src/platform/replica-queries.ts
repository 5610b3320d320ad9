import { sql } from 'kysely';
import type { Db, Tx } from './db.js';

/** The primary's WAL position now: at or after the end of every transaction committed before it was asked. */
export async function primaryWalLsn(db: Db): Promise<string> {
  const row = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(db);
  return row.rows[0]!.lsn;
}

/**
 * Where a standby stands, asked inside the transaction a call then reads in: whether it has replayed `wanted` (a
 * caller's LSN; null: none asked, always true), compared as pg_lsn by PostgreSQL, and how many seconds its replay
 * is behind (0 when it has replayed all it received: an idle primary sends nothing, which is no lag). A database
 * that is not in recovery (a promoted standby, or a primary named as the read URL) is compared by its own position.
 */
export async function standbyPosition(tx: Tx, wanted: string | null): Promise<{ replayed: boolean; lagSeconds: number }> {
  const row = await sql<{ replayed: boolean | null; lag: number | null }>`
    SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END) >= ${wanted}::pg_lsn AS replayed,
           CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                ELSE extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8 END AS lag`.execute(tx);
  const r = row.rows[0]!;
  return { replayed: wanted === null || r.replayed === true, lagSeconds: r.lag ?? 0 };
}
