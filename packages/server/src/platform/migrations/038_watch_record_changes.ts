import { sql, type Kysely } from 'kysely';

/**
 * The record lists' watch columns (issue 30): a record's latest watch change and when a watch first found it are read
 * by the record's id, and the list's "new since" filter by the client's runs, so both lookups get their index.
 * `crawler_listing.queued_at` (the database's time a listing was last put to do): the pump leaves a watch's re-checks
 * (several listings in one job) to their job for a while before it sends them again one by one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE crawler_listing ADD COLUMN queued_at timestamptz`.execute(db);
  await sql`CREATE INDEX watch_listing_record ON watch_listing (record_id) WHERE record_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX watch_change_listing ON watch_change (listing_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS watch_change_listing`.execute(db);
  await sql`DROP INDEX IF EXISTS watch_listing_record`.execute(db);
  await sql`ALTER TABLE crawler_listing DROP COLUMN IF EXISTS queued_at`.execute(db);
}
