import { sql, type Kysely } from 'kysely';

/**
 * Evidence captures (issue 18): a browser's record of a listing as it was, for EC, WS and SNS records alike.
 * A row is queued (pending), then done (files and hashes filled) or failed (a reason); nobody changes or deletes
 * one after that. Each row hangs on exactly one record by a cascading key, so only the record's removal removes
 * it; the PNG and HTML are stored_file rows (kind `capture`), swept by housekeeping once no capture names them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE evidence_capture (
      capture_id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      kind varchar(3) NOT NULL CHECK (kind IN ('ec', 'ws', 'sns')),
      ec_id bigint REFERENCES ec_record (ec_id) ON DELETE CASCADE,
      ws_id bigint REFERENCES ws_record (ws_id) ON DELETE CASCADE,
      sns_id bigint REFERENCES sns_record (sns_id) ON DELETE CASCADE,
      url varchar(2000) NOT NULL,
      state varchar(10) NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
      reason varchar(40),
      reason_detail varchar(500),
      final_url varchar(4000),
      http_status smallint,
      png_file varchar(100) REFERENCES stored_file (name),
      html_file varchar(100) REFERENCES stored_file (name),
      sha256_png char(64),
      sha256_html char(64),
      requested_by integer REFERENCES users (user_id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL,
      captured_at timestamptz,
      CHECK ((ec_id IS NOT NULL)::int + (ws_id IS NOT NULL)::int + (sns_id IS NOT NULL)::int = 1)
    )`.execute(db);
  // The record's captures, newest first; also what a cascading delete of many records looks rows up by.
  await sql`CREATE INDEX evidence_capture_ec ON evidence_capture (ec_id, capture_id) WHERE ec_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX evidence_capture_ws ON evidence_capture (ws_id, capture_id) WHERE ws_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX evidence_capture_sns ON evidence_capture (sns_id, capture_id) WHERE sns_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX evidence_capture_pending ON evidence_capture (capture_id) WHERE state = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE evidence_capture`.execute(db);
}
