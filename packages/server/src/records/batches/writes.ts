import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { HistoryValue, KindName, ListKind } from '../core/kind.js';
import { visibleTo } from '../core/visibility.js';
import { recordsChanged, roomForBulkWrite } from '../search/changes.js';
import { openBatch } from './batches.js';

/** The writes of a batch update and of a detail save, with their history rows; the derived caches dropped after. */

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

