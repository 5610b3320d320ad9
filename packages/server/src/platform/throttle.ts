import { sql } from 'kysely';
import type { Db, Tx } from './db.js';

export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so every replica of the API shares them.
 * `blocked` only reads; `hit` counts one more event and answers whether the limit is now exceeded.
 */
export async function blockedFor(db: Db | Tx, key: string, rule: ThrottleRule, now: Date): Promise<number> {
  const row = await db.selectFrom('throttle').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row) return 0;
  const windowEnd = row.window_start.getTime() + rule.windowSeconds * 1000;
  if (windowEnd <= now.getTime() || row.hits < rule.limit) return 0;
  return Math.ceil((windowEnd - now.getTime()) / 1000);
}

export async function hit(db: Db | Tx, key: string, rule: ThrottleRule, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  await db
    .insertInto('throttle')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`CASE WHEN throttle.window_start <= ${windowStart} THEN 1 ELSE throttle.hits + 1 END`,
        window_start: sql`CASE WHEN throttle.window_start <= ${windowStart} THEN ${now} ELSE throttle.window_start END`,
      }),
    )
    .execute();
}

export async function clear(db: Db | Tx, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}
