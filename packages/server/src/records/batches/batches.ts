import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged } from '../search/changes.js';
import type { KindName, ListKind } from '../core/kind.js';
import { notifyRecordsChanged, type NoticeKind } from '../core/notices.js';
import { visibleTo } from '../core/visibility-queries.js';
import { changedSince, dropOlderBatches, findLastBatch, insertBatch, lockBatch, markUndone, restoreCompanions, restorePrevious, writeUndoHistory } from './batch-queries.js';

/**
 * Undoing a batch update (issue 16, point 1). Each batch is kept with every record's value before it; its maker
 * may undo the last one of a kind and client within UNDO_WINDOW_MS: every record goes back to its previous value,
 * with a history row. A record whose batch field changed since (a later history row names it, or its value is no
 * longer the batch's) refuses the whole undo and is named, so nothing is half undone and nobody's later work is
 * overwritten. Only the maker's newest batch is kept per kind and client (an older one can no longer be undone).
 */
export const UNDO_WINDOW_MS = 10 * 60_000;
/** At most this many record ids in a refusal's message (then "and N more"). */
const NAMED_MAX = 20;

type BatchKind = ListKind & { name: KindName };

/**
 * Opens the row of a batch about to be written (in the batch's transaction), before its history rows, and drops the
 * maker's older one; answers its id, under which the batch's statement keeps each record's previous value.
 */
export async function openBatch(ctx: AuthedContext, kind: BatchKind, clientId: number, change: { field: string; value: number }, recordCount: number): Promise<number> {
  const at = { userId: ctx.user.userId, kind: kind.name, clientId };
  const batchId = await insertBatch(ctx.db, { ...at, field: change.field, value: change.value, recordCount, at: ctx.now });
  await dropOlderBatches(ctx.db, at, batchId);
  return batchId;
}

export interface LastBatch {
  batchId: number;
  field: string;
  value: number;
  count: number;
  createdAt: string;
  undoUntil: string;
}

/** The user's batch of this kind and client that can still be undone, or null. */
export async function lastBatch(ctx: AuthedContext, kind: BatchKind, clientId: number): Promise<{ batch: LastBatch | null }> {
  const row = await findLastBatch(ctx.db, { userId: ctx.user.userId, kind: kind.name, clientId }, new Date(ctx.now.getTime() - UNDO_WINDOW_MS));
  if (!row) return { batch: null };
  const created = new Date(row.created_at);
  return {
    batch: {
      batchId: row.batch_id,
      field: row.field,
      value: row.value,
      count: row.record_count,
      createdAt: created.toISOString(),
      undoUntil: new Date(created.getTime() + UNDO_WINDOW_MS).toISOString(),
    },
  };
}

const named = (ids: number[]) => (ids.length <= NAMED_MAX ? ids.join(', ') : `${ids.slice(0, NAMED_MAX).join(', ')} (+${ids.length - NAMED_MAX})`);

/** Undoes the user's batch (in the call's transaction): answers how many records went back. */
export async function undoBatch(ctx: AuthedContext, kind: BatchKind & NoticeKind, clientId: number, batchId: number): Promise<{ updateCount: number }> {
  const batch = await lockBatch(ctx.db, kind.name, clientId, batchId);
  // Another user's batch: refused the same way whether it exists or not (its ids say nothing to guess from).
  if (!batch || batch.user_id !== ctx.user.userId) throw new AppError('batchNotUndoable');
  if (batch.undone_at !== null) throw new AppError('batchAlreadyUndone');
  if (ctx.now.getTime() - new Date(batch.created_at).getTime() > UNDO_WINDOW_MS) throw new AppError('batchUndoExpired', { minutes: UNDO_WINDOW_MS / 60_000 });

  // Changed since: gone, no longer visible, its value is not the batch's, or a later history row names the field.
  const ids = await changedSince(ctx.db, kind, batch, visibleTo(ctx, clientId, kind.table));
  if (ids.length > 0) throw new AppError('batchChangedSince', { count: ids.length, records: named(ids) });

  const undone = { batchId, field: batch.field, clientId, userId: ctx.user.userId, at: ctx.now };
  const restored = await restorePrevious(ctx.db, kind, undone);
  await restoreCompanions(ctx.db, kind, clientId, batchId);
  await writeUndoHistory(ctx.db, kind, undone);
  await markUndone(ctx.db, batchId, ctx.now);
  await recordsChanged(ctx.services, ctx.db, kind, clientId, [batch.field]);
  const published = restored.filter((r) => r.published).map((r) => Number(r.id)).sort((a, b) => a - b);
  await notifyRecordsChanged(ctx, ctx.db, kind, clientId, published);
  return { updateCount: restored.length };
}

