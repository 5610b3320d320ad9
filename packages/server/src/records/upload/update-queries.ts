import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { RecordChange, RecordTable } from './write-queries.js';

/**
 * An update upload's changes are staged, then applied at once. While the worker reads and checks the sheet, each
 * checked batch goes into `upload_stage_change` under the upload's stage id with short statements (on the embedded
 * database, one connection, a transaction open for the whole read would stop every other call for its length).
 * When the whole sheet is good, one transaction applies every staged change with one set-based statement (records
 * and their history rows) plus whatever the caller adds: readers see all of it or none of it, also after a crash
 * (staged rows never change a record by themselves). Stages whose process died are removed at start and by
 * housekeeping, like imports (import-queries.ts).
 */

/** Rows deleted per statement when a stage is removed (short, like its writes). */
const DELETE_CHUNK = 5000;

export async function beginStage(db: Db, clientId: number): Promise<number> {
  const created = await sql<{ stage_id: number }>`INSERT INTO upload_stage (client_id) VALUES (${clientId}) RETURNING stage_id`.execute(db);
  return Number(created.rows[0]!.stage_id);
}

export async function stageAlive(db: Db, stageId: number): Promise<void> {
  await sql`UPDATE upload_stage SET alive_at = now() WHERE stage_id = ${stageId}`.execute(db);
}

/** The history row of a change: the fields the sheet set (blank cells leave a field alone and are not named). */
function historyOf(change: RecordChange, spec: RecordTable): string {
  const fields: Record<string, unknown> = {};
  for (const [field] of spec.fields) if (change.values[field] !== undefined && change.values[field] !== null) fields[field] = change.values[field];
  for (const [name, value] of Object.entries(change.custom)) fields[`custom:${name}`] = value;
  return JSON.stringify(fields);
}

/** Stages checked changes (one INSERT ... SELECT FROM unnest). */
export async function stageChanges(db: Db, stageId: number, spec: RecordTable, changes: RecordChange[]): Promise<void> {
  const values = changes.map((c) => {
    const set: Record<string, string | number> = {};
    for (const [field, column] of spec.fields) {
      const value = c.values[field];
      if (value !== undefined && value !== null) set[column] = value;
    }
    return JSON.stringify(set);
  });
  await sql`
    INSERT INTO upload_stage_change (stage_id, record_id, vals, custom, common_category, history)
    SELECT ${stageId}, * FROM unnest(${changes.map((c) => c.id)}::bigint[], ${values}::jsonb[], ${changes.map((c) => JSON.stringify(c.custom))}::jsonb[],
      ${changes.map((c) => c.commonCategory)}::smallint[], ${changes.map((c) => historyOf(c, spec))}::jsonb[])`.execute(db);
}

/**
 * Applies a stage inside the caller's transaction: every staged change of the client's records (a blank cell
 * leaves its field as it is) and one history row per record. `columns` are the record columns any change sets.
 * Answers the ids of the changed records that are published.
 */
export async function applyStage(
  tx: Tx,
  stageId: number,
  at: { clientId: number; userId: number; now: Date },
  spec: RecordTable,
  columns: Set<string>,
): Promise<number[]> {
  const sets = spec.fields
    .filter(([, column]) => columns.has(column))
    .map(([, column, type]) => sql`${sql.ref(column)} = COALESCE((s.vals->>${column})::${sql.raw(type)}, r.${sql.ref(column)})`);
  if (spec.commonCategoryColumn) sets.push(sql`${sql.ref(spec.commonCategoryColumn)} = COALESCE(s.common_category, r.${sql.ref(spec.commonCategoryColumn)})`);
  if (spec.customInfo) sets.push(sql`custom_info = r.custom_info || s.custom`);
  sets.push(sql`updated_at = ${at.now}`);
  const id = sql.ref(`r.${spec.idColumn}`);
  // The stage's rows are taken first (MATERIALIZED): the freshly filled staging table has no statistics, and
  // PostgreSQL otherwise joined it to the records row by row (over 3 minutes for 100,000 changes).
  const published = await sql<{ id: number }>`
    WITH s AS MATERIALIZED (SELECT * FROM upload_stage_change WHERE stage_id = ${stageId}),
    changed AS (
      UPDATE ${sql.table(spec.table)} r SET ${sql.join(sets)}
      FROM s
      WHERE ${id} = s.record_id AND r.client_id = ${at.clientId}
      RETURNING ${id} AS id, r.published, s.history
    ), history AS (
      INSERT INTO ${sql.table(spec.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
      SELECT id, ${at.clientId}, ${at.userId}, 'upload-update', history, ${at.now} FROM changed
    )
    SELECT id FROM changed WHERE published ORDER BY id`.execute(tx);
  return published.rows.map((p) => Number(p.id));
}

/** Removes a stage: its staged rows in short statements, then the stage. */
export async function dropStage(db: Db, stageId: number): Promise<void> {
  for (;;) {
    const res = await sql`
      DELETE FROM upload_stage_change WHERE ctid = ANY(ARRAY(SELECT ctid FROM upload_stage_change WHERE stage_id = ${stageId} LIMIT ${DELETE_CHUNK}))`.execute(db);
    if (Number(res.numAffectedRows ?? 0) < DELETE_CHUNK) break;
  }
  await sql`DELETE FROM upload_stage WHERE stage_id = ${stageId}`.execute(db);
}

/** Removes stages silent for longer than `silentMs` (0: all of them, at the start of the embedded database). */
export async function dropAbandonedStages(db: Db, silentMs: number): Promise<number> {
  const stale = await sql<{ stage_id: number }>`
    SELECT stage_id FROM upload_stage WHERE alive_at <= now() - make_interval(secs => ${silentMs / 1000})`.execute(db);
  for (const { stage_id } of stale.rows) await dropStage(db, Number(stage_id));
  // Rows whose stage row is already gone (a crash between the two deletes of dropStage).
  await sql`DELETE FROM upload_stage_change c WHERE NOT EXISTS (SELECT 1 FROM upload_stage s WHERE s.stage_id = c.stage_id)`.execute(db);
  return stale.rows.length;
}
