import { sql, type Kysely } from 'kysely';

/**
 * Evidence of crawled listings (issue 15, point 6): a task may ask for a capture of each listing it scrapes. The
 * capture is the record evidence of issue 18 (evidence_capture), made once the listing is a record of the task's
 * report, and keeps the crawled listing it came from, so the task's evidence download (export type 3) finds its
 * captures, by subtask too. A listing removed with its task leaves the record's capture in place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE crawler_task ADD COLUMN capture_evidence boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE evidence_capture ADD COLUMN crawler_listing_id integer REFERENCES crawler_listing (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX evidence_capture_listing ON evidence_capture (crawler_listing_id) WHERE crawler_listing_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE evidence_capture DROP COLUMN crawler_listing_id`.execute(db);
  await sql`ALTER TABLE crawler_task DROP COLUMN capture_evidence`.execute(db);
}
