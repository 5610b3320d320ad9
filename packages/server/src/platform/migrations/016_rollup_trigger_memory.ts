import { sql, type Kysely } from 'kysely';

/**
 * The rollup triggers of migration 015 join and group a statement's transition rows; at the default work_mem (4 MB)
 * a 10,000-record batch's old and new rows (wide: about 60 columns) spilled to temporary files, and the trigger took
 * 145 ms where it takes 20 ms in memory (measured on 300,000 records, see README "Online dashboard and home").
 * The functions get their own work_mem; the writing statements that change many records at once raise theirs too
 * (`roomForBulkWrite`), since the transition rows are captured under the statement's setting.
 */
const FUNCTIONS = ['ec_record', 'ws_record'].flatMap((table) => ['insert', 'update', 'delete'].map((op) => `${table}_dashboard_${op}`));

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const fn of FUNCTIONS) await sql`ALTER FUNCTION ${sql.id(fn)}() SET work_mem = '64MB'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of FUNCTIONS) await sql`ALTER FUNCTION ${sql.id(fn)}() RESET work_mem`.execute(db);
}
