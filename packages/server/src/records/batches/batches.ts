import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged } from '../search/changes.js';
import type { KindName, ListKind } from '../core/kind.js';
import { notifyRecordsChanged, type NoticeKind } from '../core/notices.js';
import { visibleTo } from '../core/visibility.js';

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
  const batch = await ctx.db
    .insertInto('record_batch')
    .values({
      kind: kind.name,
      client_id: clientId,
      user_id: ctx.user.userId,
      field: change.field,
      value: change.value,
      record_count: recordCount,
      last_history_id: 0, // set by the batch's statement, to its own last history row
      created_at: ctx.now,
    })
    .returning('batch_id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .deleteFrom('record_batch')
    .where('user_id', '=', ctx.user.userId)
    .where('kind', '=', kind.name)
    .where('client_id', '=', clientId)
    .where('batch_id', '<>', batch.batch_id)
    .execute();
  return batch.batch_id;
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
  const row = await ctx.db
    .selectFrom('record_batch')
    .selectAll()
    .where('user_id', '=', ctx.user.userId)
    .where('kind', '=', kind.name)
    .where('client_id', '=', clientId)
    .where('undone_at', 'is', null)
    .where('created_at', '>', new Date(ctx.now.getTime() - UNDO_WINDOW_MS))
    .orderBy('batch_id', 'desc')
    .executeTakeFirst();
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
  const batch = await ctx.db
    .selectFrom('record_batch')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where('kind', '=', kind.name)
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
  // Another user's batch: refused the same way whether it exists or not (its ids say nothing to guess from).
  if (!batch || batch.user_id !== ctx.user.userId) throw new AppError('batchNotUndoable');
  if (batch.undone_at !== null) throw new AppError('batchAlreadyUndone');
  if (ctx.now.getTime() - new Date(batch.created_at).getTime() > UNDO_WINDOW_MS) throw new AppError('batchUndoExpired', { minutes: UNDO_WINDOW_MS / 60_000 });

  const id = sql.ref(kind.idColumn);
  const column = sql.ref(kind.fields[batch.field]!.column);
  // Changed since: gone, no longer visible, its value is not the batch's, or a later history row names the field.
  const changed = await sql<{ id: string }>`
    SELECT i.record_id AS id FROM record_batch_item i
    LEFT JOIN ${sql.table(kind.table)} r ON r.${id} = i.record_id AND ${visibleTo(ctx, clientId, kind.table)}
    WHERE i.batch_id = ${batchId} AND (
      r.${id} IS NULL OR r.${column} IS DISTINCT FROM coalesce(i.value, ${batch.value})
      OR EXISTS (SELECT 1 FROM ${sql.table(kind.historyTable)} h
                 WHERE h.record_id = i.record_id AND h.id > ${batch.last_history_id} AND h.fields ? ${batch.field}))
    ORDER BY i.record_id`.execute(ctx.db);
  if (changed.rows.length > 0) {
    const ids = changed.rows.map((r) => Number(r.id));
    throw new AppError('batchChangedSince', { count: ids.length, records: named(ids) });
  }

  const restored = await sql<{ id: string; published: boolean }>`
    UPDATE ${sql.table(kind.table)} AS r SET ${column} = i.previous, updated_at = ${ctx.now}
    FROM record_batch_item i WHERE i.batch_id = ${batchId} AND r.${id} = i.record_id AND r.client_id = ${clientId}
    RETURNING r.${id} AS id, r.published`.execute(ctx.db);
  await restoreCompanions(ctx, kind, clientId, batchId);
  await sql`
    INSERT INTO ${sql.table(kind.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
    SELECT i.record_id, ${clientId}, ${ctx.user.userId}, 'batch-undo', jsonb_build_object(${batch.field}::text, i.previous) || coalesce(i.also, '{}'::jsonb), ${ctx.now}
    FROM record_batch_item i WHERE i.batch_id = ${batchId} ORDER BY i.record_id`.execute(ctx.db);
  await ctx.db.updateTable('record_batch').set({ undone_at: ctx.now }).where('batch_id', '=', batchId).execute();
  await recordsChanged(ctx.services, ctx.db, kind, clientId, [batch.field]);
  const published = restored.rows.filter((r) => r.published).map((r) => Number(r.id)).sort((a, b) => a - b);
  await notifyRecordsChanged(ctx, ctx.db, kind, clientId, published);
  return { updateCount: restored.rows.length };
}

/**
 * A batch that set companion columns beside its field (accepted triage suggestions: EC's aggregate category,
 * product category and remark) kept their previous values by answer field in `also` (migration 029): each goes
 * back too. Only whitelisted fields of the kind are written.
 */
async function restoreCompanions(ctx: AuthedContext, kind: BatchKind, clientId: number, batchId: number): Promise<void> {
  const keys = await sql<{ key: string }>`
    SELECT DISTINCT jsonb_object_keys(also) AS key FROM record_batch_item WHERE batch_id = ${batchId} AND also IS NOT NULL`.execute(ctx.db);
  for (const { key } of keys.rows) {
    const field = kind.fields[key];
    if (!field) continue;
    const value = field.kind === 'text' ? sql`i.also->>${key}` : field.kind === 'int' ? sql`(i.also->>${key})::integer` : sql`(i.also->>${key})::numeric`;
    await sql`
      UPDATE ${sql.table(kind.table)} AS r SET ${sql.ref(field.column)} = ${value}
      FROM record_batch_item i WHERE i.batch_id = ${batchId} AND i.also ? ${key} AND r.${sql.ref(kind.idColumn)} = i.record_id AND r.client_id = ${clientId}`.execute(ctx.db);
  }
}
