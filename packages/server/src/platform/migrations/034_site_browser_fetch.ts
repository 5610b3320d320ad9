import { sql, type Kysely } from 'kysely';

/**
 * Sites whose listings are built by script (issue 29 point 5): the crawler fetches their pages through the capture
 * browsers (Debian's Chromium) and reads the page as the scripts left it. Off for every site until an analyst turns
 * it on: a browser costs far more than a plain request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ec_site ADD COLUMN fetch_with_browser boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ec_site DROP COLUMN IF EXISTS fetch_with_browser`.execute(db);
}
