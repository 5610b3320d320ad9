import { sql, type Kysely } from 'kysely';

/**
 * A new report upload writes its rows in small transactions while the report is marked `importing_since` (the
 * time of its last sign of life); every read leaves such reports and their records out, and one short transaction
 * clears the mark. Leftovers of an import whose process died are removed at start and by housekeeping.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ec_report', 'ws_report']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN importing_since timestamptz`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_importing`)} ON ${sql.table(table)} (client_id) WHERE importing_since IS NOT NULL`.execute(db);
  }
}
