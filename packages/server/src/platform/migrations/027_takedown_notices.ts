import { sql, type Kysely } from 'kysely';

/**
 * Takedown notices as sent (issue 18): the text that went to the platform, for which records, by whom and when.
 * Kept as written (never recomposed), so a rejected notice can be read as the platform got it. The records are
 * named by id in an array: a notice outlives a record's removal, and the client's users read notices by company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE takedown_notice (
      notice_id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      kind varchar(3) NOT NULL CHECK (kind IN ('ec', 'ws', 'sns')),
      channel varchar(20) NOT NULL,
      record_ids bigint[] NOT NULL,
      recipient varchar(2000) NOT NULL,
      subject varchar(2000) NOT NULL,
      body text NOT NULL,
      round smallint,
      sent_by integer REFERENCES users (user_id) ON DELETE SET NULL,
      sent_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX takedown_notice_client ON takedown_notice (client_id, kind, notice_id)`.execute(db);
  // A record's notices (the record detail, the acceptance monitor's "notices of a rejected listing").
  await sql`CREATE INDEX takedown_notice_records ON takedown_notice USING gin (record_ids)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE takedown_notice`.execute(db);
}
