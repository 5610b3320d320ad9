import { sql, type Kysely } from 'kysely';

/**
 * Pictures read again when the client's marks change (issue 31): a picture's words and logos are read when it is
 * fetched, against the trademarks and brands the client had then. A counter per client goes up whenever a word or a
 * design mark is added or changed (`picture_marks_version`); a picture remembers the counter it was read under
 * (`read_version`), and the pictures job reads again, after every new picture, the ones read under an older one.
 * Counters, not times: a trademark saved while a job loads the marks would slip between two clocks. Rows stored
 * before start at 0 on both sides, so nothing is read again until a mark changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE client_setting ADD COLUMN picture_marks_version integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE record_picture ADD COLUMN read_version integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX record_picture_read ON record_picture (client_id, kind, read_version, picture_id) WHERE state = 'done'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX record_picture_read`.execute(db);
  await sql`ALTER TABLE record_picture DROP COLUMN read_version`.execute(db);
  await sql`ALTER TABLE client_setting DROP COLUMN picture_marks_version`.execute(db);
}
