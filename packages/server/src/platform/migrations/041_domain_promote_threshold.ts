import { sql, type Kysely } from 'kysely';

/**
 * Look-alike domains into the workflow (issue 32 point 4): a watch's candidates scoring its threshold (0-100) or
 * more become WS records at the end of a run; null promotes only by hand. Existing watches take the default, 70.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE domain_watch ADD COLUMN promote_threshold smallint DEFAULT 70 CHECK (promote_threshold BETWEEN 0 AND 100)`.execute(db);
}
