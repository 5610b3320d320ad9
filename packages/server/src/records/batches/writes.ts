import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { HistoryValue, KindName, ListKind } from '../core/kind.js';
import { visibleTo } from '../core/visibility-queries.js';
import { recordsChanged, roomForBulkWrite } from '../search/changes.js';
import { openBatch } from './batches.js';
import { keepPrevious, setColumn, writeBatchHistory } from './batch-queries.js';
import { insertSaveHistory, updateRecord } from './save-queries.js';

/**
 * The writes of a batch update and of a detail save, with their history rows (batch-queries.ts, save-queries.ts);
 * the derived caches dropped after.
 */

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
  await roomForBulkWrite(ctx.db);
  const batchId = await openBatch(ctx, kind, input.clientId, { field: change.historyKey, value: change.value }, ids.length);
  const fields = JSON.stringify({ [change.historyKey]: change.value });
  // Each record's value before the batch (for its undo) kept straight from the rows, under the lock the update needs
  // anyway (no round trip of the values); then the update; then the history rows, which the batch's own end at.
  // One statement joining a locked CTE to the UPDATE measured slower on PostgreSQL (README, guard rails).
  await keepPrevious(ctx.db, kind, batchId, { column: change.column, ids }, visibleTo(ctx, input.clientId, kind.table));
  const updated = await setColumn(ctx.db, kind, { column: change.column, value: change.value, ids, at: ctx.now }, visibleTo(ctx, input.clientId, kind.table));
  if (updated.length !== ids.length) throw new AppError('objectNotFound');
  await writeBatchHistory(ctx.db, kind, batchId, { clientId: input.clientId, ids, userId: ctx.user.userId, source: change.source, fields, at: ctx.now });
  await recordsChanged(ctx.services, ctx.db, kind, input.clientId, [change.historyKey]);
  const published = updated.filter((r) => r.published).map((r) => Number(r.id)).sort((a, b) => a - b);
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
  await updateRecord(ctx.db, kind, record, set, ctx.now);
  await insertSaveHistory(ctx.db, kind, record, { userId: ctx.user.userId, at: ctx.now }, changed);
  await recordsChanged(ctx.services, ctx.db, kind, record.clientId, Object.keys(changed));
}

