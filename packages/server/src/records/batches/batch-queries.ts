import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { KindName, ListKind } from '../core/kind.js';

/**
 * The statements of a batch update and of its undo (batches.ts, writes.ts): the batch's row, each record's previous
 * value, the records' update and their history rows. `visible` is the user's visibility predicate on the records
 * (alias `r`, visibleTo).
 */

type BatchKind = ListKind & { name: KindName };

/** Inserts the row of a batch about to be written; answers its id. */
export async function insertBatch(
  db: Db | Tx,
  batch: { kind: KindName; clientId: number; userId: number; field: string; value: number; recordCount: number; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('record_batch')
    .values({
      kind: batch.kind,
      client_id: batch.clientId,
      user_id: batch.userId,
      field: batch.field,
      value: batch.value,
      record_count: batch.recordCount,
      last_history_id: 0, // set by the batch's statement, to its own last history row
      created_at: batch.at,
    })
    .returning('batch_id')
    .executeTakeFirstOrThrow();
  return row.batch_id;
}

/** Drops the user's batches of the kind and client but `keep` (only the newest one can be undone). */
export async function dropOlderBatches(db: Db | Tx, at: { userId: number; kind: KindName; clientId: number }, keep: number): Promise<void> {
  await db
    .deleteFrom('record_batch')
    .where('user_id', '=', at.userId)
    .where('kind', '=', at.kind)
    .where('client_id', '=', at.clientId)
    .where('batch_id', '<>', keep)
    .execute();
}

/** The user's newest batch of the kind and client made after `since` and not undone, or undefined. */
export async function findLastBatch(db: Db | Tx, at: { userId: number; kind: KindName; clientId: number }, since: Date) {
  return db
    .selectFrom('record_batch')
    .selectAll()
    .where('user_id', '=', at.userId)
    .where('kind', '=', at.kind)
    .where('client_id', '=', at.clientId)
    .where('undone_at', 'is', null)
    .where('created_at', '>', since)
    .orderBy('batch_id', 'desc')
    .executeTakeFirst();
}

/** The batch of the kind and client, locked for its undo, or undefined. */
export async function lockBatch(db: Db | Tx, kind: KindName, clientId: number, batchId: number) {
  return db
    .selectFrom('record_batch')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where('kind', '=', kind)
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Keeps each record's value before the batch (for its undo) straight from the rows, under the lock the update needs
 * anyway (no round trip of the values). Only records in `visible` are kept.
 */
export async function keepPrevious(db: Db | Tx, kind: ListKind, batchId: number, change: { column: string; ids: number[] }, visible: Expression<SqlBool>): Promise<void> {
  await sql`
    INSERT INTO record_batch_item (batch_id, record_id, previous)
    SELECT ${batchId}, r.${sql.ref(kind.idColumn)}, r.${sql.ref(change.column)} FROM ${sql.table(kind.table)} AS r
    WHERE ${visible} AND r.${sql.ref(kind.idColumn)} = ANY(${sql`${change.ids}::bigint[]`}) FOR UPDATE OF r`.execute(db);
}

/** Sets the column on the records in `visible`; answers the updated ones with whether they are published. */
export async function setColumn(
  db: Db | Tx,
  kind: ListKind,
  change: { column: string; value: number; ids: number[]; at: Date },
  visible: Expression<SqlBool>,
): Promise<{ id: string; published: boolean }[]> {
  const id = sql.ref(kind.idColumn);
  const updated = await sql<{ id: string; published: boolean }>`
    UPDATE ${sql.table(kind.table)} AS r SET ${sql.ref(change.column)} = ${change.value}, updated_at = ${change.at}
    WHERE ${visible} AND r.${id} = ANY(${sql`${change.ids}::bigint[]`})
    RETURNING r.${id} AS id, r.published`.execute(db);
  return updated.rows;
}

/** One history row per record of the batch (in id order), and the batch's last history id, which its own end at. */
export async function writeBatchHistory(
  db: Db | Tx,
  kind: ListKind,
  batchId: number,
  rows: { clientId: number; ids: number[]; userId: number; source: string; fields: string; at: Date },
): Promise<void> {
  const id = sql.ref(kind.idColumn);
  await sql`
    WITH history AS (
      INSERT INTO ${sql.table(kind.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
      SELECT r.${id}, r.client_id, ${rows.userId}, ${rows.source}, ${rows.fields}::jsonb, ${rows.at}
      FROM ${sql.table(kind.table)} r WHERE r.client_id = ${rows.clientId} AND r.${id} = ANY(${sql`${rows.ids}::bigint[]`}) ORDER BY r.${id} RETURNING id)
    UPDATE record_batch SET last_history_id = (SELECT coalesce(max(id), 0) FROM history) WHERE batch_id = ${batchId}`.execute(db);
}

/**
 * The batch's records changed since (in id order): gone, no longer in `visible`, its value is not the batch's, or a
 * later history row names the field.
 */
export async function changedSince(
  db: Db | Tx,
  kind: ListKind,
  batch: { batch_id: number; client_id: number; field: string; value: number; last_history_id: number },
  visible: Expression<SqlBool>,
): Promise<number[]> {
  const id = sql.ref(kind.idColumn);
  const column = sql.ref(kind.fields[batch.field]!.column);
  const changed = await sql<{ id: string }>`
    SELECT i.record_id AS id FROM record_batch_item i
    LEFT JOIN ${sql.table(kind.table)} r ON r.${id} = i.record_id AND ${visible}
    WHERE i.batch_id = ${batch.batch_id} AND (
      r.${id} IS NULL OR r.${column} IS DISTINCT FROM coalesce(i.value, ${batch.value})
      OR EXISTS (SELECT 1 FROM ${sql.table(kind.historyTable)} h
                 WHERE h.client_id = ${batch.client_id} AND h.record_id = i.record_id AND h.id > ${batch.last_history_id} AND h.fields ? ${batch.field}))
    ORDER BY i.record_id`.execute(db);
  return changed.rows.map((r) => Number(r.id));
}

/** Sets the batch's field of its records of the client back to their previous values; answers them, with whether published. */
export async function restorePrevious(
  db: Db | Tx,
  kind: ListKind,
  batch: { batchId: number; field: string; clientId: number; at: Date },
): Promise<{ id: string; published: boolean }[]> {
  const id = sql.ref(kind.idColumn);
  const restored = await sql<{ id: string; published: boolean }>`
    UPDATE ${sql.table(kind.table)} AS r SET ${sql.ref(kind.fields[batch.field]!.column)} = i.previous, updated_at = ${batch.at}
    FROM record_batch_item i WHERE i.batch_id = ${batch.batchId} AND r.${id} = i.record_id AND r.client_id = ${batch.clientId}
    RETURNING r.${id} AS id, r.published`.execute(db);
  return restored.rows;
}

/**
 * A batch that set companion columns beside its field (accepted triage suggestions: EC's aggregate category,
 * product category and remark) kept their previous values by answer field in `also` (migration 029): each goes
 * back too. Only whitelisted fields of the kind are written.
 */
export async function restoreCompanions(db: Db | Tx, kind: BatchKind, clientId: number, batchId: number): Promise<void> {
  const keys = await sql<{ key: string }>`
    SELECT DISTINCT jsonb_object_keys(also) AS key FROM record_batch_item WHERE batch_id = ${batchId} AND also IS NOT NULL`.execute(db);
  for (const { key } of keys.rows) {
    const field = kind.fields[key];
    if (!field) continue;
    const value = field.kind === 'text' ? sql`i.also->>${key}` : field.kind === 'int' ? sql`(i.also->>${key})::integer` : sql`(i.also->>${key})::numeric`;
    await sql`
      UPDATE ${sql.table(kind.table)} AS r SET ${sql.ref(field.column)} = ${value}
      FROM record_batch_item i WHERE i.batch_id = ${batchId} AND i.also ? ${key} AND r.${sql.ref(kind.idColumn)} = i.record_id AND r.client_id = ${clientId}`.execute(db);
  }
}

/** The undo's history row per record of the batch (source 'batch-undo'): the previous values that went back. */
export async function writeUndoHistory(db: Db | Tx, kind: ListKind, batch: { batchId: number; field: string; clientId: number; userId: number; at: Date }): Promise<void> {
  await sql`
    INSERT INTO ${sql.table(kind.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
    SELECT i.record_id, ${batch.clientId}, ${batch.userId}, 'batch-undo', jsonb_build_object(${batch.field}::text, i.previous) || coalesce(i.also, '{}'::jsonb), ${batch.at}
    FROM record_batch_item i WHERE i.batch_id = ${batch.batchId} ORDER BY i.record_id`.execute(db);
}

export async function markUndone(db: Db | Tx, batchId: number, at: Date): Promise<void> {
  await db.updateTable('record_batch').set({ undone_at: at }).where('batch_id', '=', batchId).execute();
}
