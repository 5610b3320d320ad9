import { sql } from 'kysely';
import type { Db } from './db.js';

/** Jobs not finished per queue and state, with the oldest one's age; none before pg-boss made its schema. */
export async function queueBacklog(db: Db): Promise<{ name: string; state: string; jobs: number; oldestSeconds: number }[]> {
  const exists = await sql<{ found: boolean }>`SELECT to_regclass('pgboss.job') IS NOT NULL AS found`.execute(db);
  if (!exists.rows[0]?.found) return [];
  const { rows } = await sql<{ name: string; state: string; jobs: number; oldest: number }>`
    SELECT name, state::text AS state, count(*)::int AS jobs, coalesce(extract(epoch FROM now() - min(created_on)), 0)::float8 AS oldest
    FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`.execute(db);
  return rows.map((r) => ({ name: r.name, state: r.state, jobs: r.jobs, oldestSeconds: Number(r.oldest) }));
}
