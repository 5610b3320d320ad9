import { sql, type Kysely } from 'kysely';

/**
 * Re-checks after a takedown (issue 18, point 2). When a round's result of a record becomes takedown (2), the
 * listing is captured again some days later (`client_setting.recheck_days`, 1-14, default 1) and classified as
 * gone or still live. `takedown_recheck` holds one row per record: its latest takedown round, when that result was
 * set, the re-check capture and the verdict.
 *
 * Row triggers on the record tables keep the rows, so every path that sets a round's result (the detail save,
 * update uploads, inherit, the demo, fixtures) is covered in the writing transaction. Their WHEN clause compares
 * the latest takedown round of the old and new row in C, so an upload or a batch that touches no round result
 * runs no function at all: a record whose latest takedown round changes gets a fresh row (the earlier re-check's
 * capture stays as evidence); one without a takedown round any more loses its row.
 */
const KINDS = [
  { table: 'ec_record', id: 'ec_id', prefix: 'ec_process' },
  { table: 'ws_record', id: 'ws_id', prefix: 'process' },
  { table: 'sns_record', id: 'sns_id', prefix: 'process' },
] as const;

/** The latest round whose result is takedown, for a row alias (NEW or OLD). */
const takedownRound = (row: string, prefix: string) =>
  `CASE WHEN ${row}.${prefix}3_result = 2 THEN 3 WHEN ${row}.${prefix}2_result = 2 THEN 2 WHEN ${row}.${prefix}1_result = 2 THEN 1 END`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE client_setting ADD COLUMN recheck_days smallint NOT NULL DEFAULT 1 CHECK (recheck_days BETWEEN 1 AND 14)`.execute(db);
  // A capture the re-check job asked for, and the round it re-checks.
  await sql`ALTER TABLE evidence_capture ADD COLUMN recheck_round smallint CHECK (recheck_round BETWEEN 1 AND 3)`.execute(db);
  await sql`
    CREATE TABLE takedown_recheck (
      recheck_id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      kind varchar(3) NOT NULL CHECK (kind IN ('ec', 'ws', 'sns')),
      ec_id bigint UNIQUE,
      ws_id bigint UNIQUE,
      sns_id bigint UNIQUE,
      round smallint NOT NULL CHECK (round BETWEEN 1 AND 3),
      takedown_at timestamptz NOT NULL,
      capture_id integer REFERENCES evidence_capture (capture_id) ON DELETE SET NULL,
      attempts smallint NOT NULL DEFAULT 0,
      verdict varchar(5) CHECK (verdict IN ('gone', 'live')),
      verdict_reason varchar(300),
      checked_at timestamptz,
      CHECK ((ec_id IS NOT NULL)::int + (ws_id IS NOT NULL)::int + (sns_id IS NOT NULL)::int = 1)
    )`.execute(db);
  // The job's look-up (not yet decided), and the list's still-live count and filter.
  await sql`CREATE INDEX takedown_recheck_open ON takedown_recheck (takedown_at) WHERE verdict IS NULL`.execute(db);
  await sql`CREATE INDEX takedown_recheck_live ON takedown_recheck (client_id, kind) WHERE verdict = 'live'`.execute(db);
  await sql`CREATE INDEX takedown_recheck_capture ON takedown_recheck (capture_id) WHERE capture_id IS NOT NULL`.execute(db);

  for (const k of KINDS) {
    const fn = `${k.table}_takedown_recheck`;
    const body = `BEGIN
      IF (${takedownRound('NEW', k.prefix)}) IS NULL THEN
        DELETE FROM takedown_recheck WHERE ${k.id} = NEW.${k.id};
      ELSE
        INSERT INTO takedown_recheck (client_id, kind, ${k.id}, round, takedown_at)
        VALUES (NEW.client_id, '${k.table.split('_')[0]}', NEW.${k.id}, ${takedownRound('NEW', k.prefix)}, now())
        ON CONFLICT (${k.id}) DO UPDATE SET round = EXCLUDED.round, takedown_at = EXCLUDED.takedown_at, capture_id = NULL,
          attempts = 0, verdict = NULL, verdict_reason = NULL, checked_at = NULL;
      END IF;
      RETURN NULL;
    END`;
    await sql`CREATE FUNCTION ${sql.id(fn)}() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(body)}`.execute(db);
    const rounds = [1, 2, 3].map((n) => `${k.prefix}${n}_result`).join(', ');
    // A record's removal removes its row. Not a foreign key: its per-row check locks each newly inserted record
    // (FOR KEY SHARE), which made a new upload of 100,000 rows with 33,000 takedowns take 27 s instead of 11 s; one
    // statement over the deleted rows does the cascade's work.
    const deleted = `${k.table}_takedown_recheck_deleted`;
    await sql`CREATE FUNCTION ${sql.id(deleted)}() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(`BEGIN
      DELETE FROM takedown_recheck t USING old_rows o WHERE t.${k.id} = o.${k.id};
      RETURN NULL;
    END`)}`.execute(db);
    await sql.raw(`CREATE TRIGGER takedown_recheck_delete AFTER DELETE ON ${k.table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${deleted}()`).execute(db);
    // Inserts (a new upload of 100,000 rows, many of them taken down) are taken per statement from the transition
    // table the rollup triggers already collect: one INSERT ... SELECT instead of a function call and an upsert per row
    // (which made such an upload 2.3 times slower).
    const inserted = `${k.table}_takedown_recheck_inserted`;
    await sql`CREATE FUNCTION ${sql.id(inserted)}() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(`BEGIN
      INSERT INTO takedown_recheck (client_id, kind, ${k.id}, round, takedown_at)
      SELECT n.client_id, '${k.table.split('_')[0]}', n.${k.id}, ${takedownRound('n', k.prefix)}, now() FROM new_rows n
      WHERE (${takedownRound('n', k.prefix)}) IS NOT NULL
      ON CONFLICT (${k.id}) DO UPDATE SET round = EXCLUDED.round, takedown_at = EXCLUDED.takedown_at, capture_id = NULL,
        attempts = 0, verdict = NULL, verdict_reason = NULL, checked_at = NULL;
      RETURN NULL;
    END`)}`.execute(db);
    await sql.raw(`CREATE TRIGGER takedown_recheck_insert AFTER INSERT ON ${k.table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${inserted}()`).execute(db);
    await sql.raw(`CREATE TRIGGER takedown_recheck_update AFTER UPDATE OF ${rounds} ON ${k.table} FOR EACH ROW
      WHEN ((${takedownRound('NEW', k.prefix)}) IS DISTINCT FROM (${takedownRound('OLD', k.prefix)})) EXECUTE FUNCTION ${fn}()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const k of KINDS) {
    await sql.raw(`DROP TRIGGER IF EXISTS takedown_recheck_insert ON ${k.table}`).execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS takedown_recheck_update ON ${k.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${k.table}_takedown_recheck()`).execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS takedown_recheck_delete ON ${k.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${k.table}_takedown_recheck_inserted()`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${k.table}_takedown_recheck_deleted()`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS takedown_recheck`.execute(db);
  await sql`ALTER TABLE evidence_capture DROP COLUMN IF EXISTS recheck_round`.execute(db);
  await sql`ALTER TABLE client_setting DROP COLUMN IF EXISTS recheck_days`.execute(db);
}
