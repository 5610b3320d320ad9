import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged, roomForBulkWrite } from './changes.js';
import { openBatch } from './batches.js';
import type { AnyRow, HistoryAnswer, HistoryValue, KindName, ListKind } from './kind.js';
import { colOf, visibleTo } from './search.js';

/**
 * What every record kind does the same way: find one visible record, its history, the set-based batch update
 * with its history rows, writing a detail save's changes, and the per-user column chooser.
 */

export type { HistoryValue };

/** The client's name, for notices and export file names ('' when it is gone). */
export async function clientName(db: Db | Tx, clientId: number): Promise<string> {
  const row = await db.selectFrom('client').select('client_name').where('client_id', '=', clientId).executeTakeFirst();
  return row?.client_name ?? '';
}

/** One record the user may see; another company's, an unpublished one (client users) or none: objectNotFound. */
export async function findVisible<Row extends AnyRow>(ctx: AuthedContext, kind: ListKind<Row>, clientId: number, recordId: number, lock = false): Promise<Row> {
  const found = await sql<Row>`
    SELECT r.* FROM ${sql.table(kind.table)} AS r
    WHERE ${colOf(kind, kind.idField)} = ${recordId} AND ${visibleTo(ctx, clientId, kind.table)}
    ${lock ? sql`FOR UPDATE` : sql``}`.execute(ctx.db);
  const row = found.rows[0];
  if (!row) throw new AppError('objectNotFound');
  return row;
}

export async function history(ctx: AuthedContext, kind: ListKind, clientId: number, recordId: number): Promise<HistoryAnswer> {
  await findVisible(ctx, kind, clientId, recordId);
  const rows = await ctx.db
    .selectFrom(sql<{ id: number; source: string; fields: unknown; created_at: Date; user_id: number | null; record_id: number; client_id: number }>`${sql.table(kind.historyTable)}`.as('h'))
    .leftJoin('users as u', 'u.user_id', 'h.user_id')
    .select(['h.id', 'h.source', 'h.fields', 'h.created_at', 'u.user_name'])
    .where('h.record_id', '=', recordId)
    .where('h.client_id', '=', clientId)
    .orderBy('h.id', 'desc')
    .execute();
  return {
    history: rows.map((r) => ({
      id: Number(r.id),
      updateByUserName: r.user_name ?? '',
      createdAt: new Date(r.created_at).toISOString(),
      source: r.source,
      fields: r.fields as Record<string, HistoryValue>,
    })),
  };
}

/**
 * Sets one column on many records of a client in one statement; when any id is not a record the user may see,
 * nothing changes (the call's transaction is rolled back) and the answer is objectNotFound. One history row per
 * record (one INSERT ... SELECT). The batch is kept with each record's previous value so its maker can undo it
 * (batches.ts). Answers the batch and the published records among them (for the client's notice).
 */
export async function batchSet(
  ctx: AuthedContext,
  kind: ListKind & { name: KindName },
  input: { clientId: number; recordIds: number[] },
  change: { column: string; historyKey: string; value: number; source: string },
): Promise<{ updateCount: number; batchId: number; published: number[] }> {
  const ids = [...new Set(input.recordIds)];
  const idList = sql`${ids}::bigint[]`;
  const id = sql.ref(kind.idColumn);
  await roomForBulkWrite(ctx.db);
  const column = sql.ref(change.column);
  const batchId = await openBatch(ctx, kind, input.clientId, { field: change.historyKey, value: change.value }, ids.length);
  const fields = JSON.stringify({ [change.historyKey]: change.value });
  const table = sql.table(kind.table);
  // Each record's value before the batch (for its undo) kept straight from the rows, under the lock the update needs
  // anyway (no round trip of the values); then the update; then the history rows, which the batch's own end at.
  // One statement joining a locked CTE to the UPDATE measured slower on PostgreSQL (README, guard rails).
  await sql`
    INSERT INTO record_batch_item (batch_id, record_id, previous)
    SELECT ${batchId}, r.${id}, r.${column} FROM ${table} AS r
    WHERE ${visibleTo(ctx, input.clientId, kind.table)} AND r.${id} = ANY(${idList}) FOR UPDATE OF r`.execute(ctx.db);
  const updated = await sql<{ id: string; published: boolean }>`
    UPDATE ${table} AS r SET ${column} = ${change.value}, updated_at = ${ctx.now}
    WHERE ${visibleTo(ctx, input.clientId, kind.table)} AND r.${id} = ANY(${idList})
    RETURNING r.${id} AS id, r.published`.execute(ctx.db);
  if (updated.rows.length !== ids.length) throw new AppError('objectNotFound');
  await sql`
    WITH history AS (
      INSERT INTO ${sql.table(kind.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
      SELECT r.${id}, r.client_id, ${ctx.user.userId}, ${change.source}, ${fields}::jsonb, ${ctx.now}
      FROM ${table} r WHERE r.client_id = ${input.clientId} AND r.${id} = ANY(${idList}) ORDER BY r.${id} RETURNING id)
    UPDATE record_batch SET last_history_id = (SELECT coalesce(max(id), 0) FROM history) WHERE batch_id = ${batchId}`.execute(ctx.db);
  await recordsChanged(ctx.services, ctx.db, kind, input.clientId, [change.historyKey]);
  const published = updated.rows.filter((r) => r.published).map((r) => Number(r.id)).sort((a, b) => a - b);
  return { updateCount: ids.length, batchId, published };
}

/** Writes a detail save's changed columns, its history row (keyed by answer names) and drops the derived caches. */
export async function writeChanges(
  ctx: AuthedContext,
  kind: ListKind,
  record: { id: number; clientId: number },
  set: Record<string, HistoryValue>,
  changed: Record<string, HistoryValue>,
): Promise<void> {
  const assignments = Object.entries(set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  await sql`UPDATE ${sql.table(kind.table)} SET ${sql.join([...assignments, sql`updated_at = ${ctx.now}`])} WHERE ${sql.ref(kind.idColumn)} = ${record.id}`.execute(ctx.db);
  await sql`
    INSERT INTO ${sql.table(kind.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
    VALUES (${record.id}, ${record.clientId}, ${ctx.user.userId}, 'update', ${JSON.stringify(changed)}::jsonb, ${ctx.now})`.execute(ctx.db);
  await recordsChanged(ctx.services, ctx.db, kind, record.clientId, Object.keys(changed));
}

/** The list's column chooser, per user and kind (null until the user chooses). */
export async function getColumns(ctx: AuthedContext, kind: ListKind) {
  const row = await ctx.db.selectFrom('users').select(kind.columnsColumn).where('user_id', '=', ctx.user.userId).executeTakeFirst();
  return { columns: (row?.[kind.columnsColumn] as string[] | null | undefined) ?? null };
}

export async function setColumns(ctx: AuthedContext, kind: ListKind, columns: string[]) {
  const unique = [...new Set(columns)];
  await ctx.db.updateTable('users').set({ [kind.columnsColumn]: JSON.stringify(unique) }).where('user_id', '=', ctx.user.userId).execute();
  return { columns: unique };
}
