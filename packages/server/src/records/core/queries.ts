import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { AnyRow, HistoryAnswer, HistoryValue, ListKind } from './kind.js';
import { colOf, visibleTo } from './visibility-queries.js';

/**
 * What every record kind does the same way: find one visible record, its history and the per-user column chooser
 * (the batch update and a detail save's writes are in ../batches/writes.ts).
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
