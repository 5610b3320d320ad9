import { sql, type Kysely } from 'kysely';

/**
 * An update upload stages its checked changes here in short transactions and applies them in one set-based
 * transaction at the end (kinds/ec/update-stages.ts). A stage shows a sign of life (`alive_at`) while its upload
 * runs; the leftovers of one whose process died are removed at start and by housekeeping. The changes table is
 * unlogged: staged rows are only ever useful to the process that is writing them, so a crash may lose them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE upload_stage (
    stage_id bigserial PRIMARY KEY,
    client_id integer NOT NULL,
    alive_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNLOGGED TABLE upload_stage_change (
    stage_id bigint NOT NULL,
    record_id bigint NOT NULL,
    vals jsonb NOT NULL,
    custom jsonb NOT NULL,
    common_category smallint,
    history jsonb NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX upload_stage_change_stage ON upload_stage_change (stage_id)`.execute(db);
}
