import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { HistoryValue, ListKind } from '../core/kind.js';

/** The statements of a detail save (save.ts, writes.ts): the record's changed columns, its history row, its checks. */

/** Sets the record's columns (`set`, by column) and its updated_at; the client too, so only its partition is read. */
export async function updateRecord(db: Db | Tx, kind: ListKind, record: { id: number; clientId: number }, set: Record<string, HistoryValue>, at: Date): Promise<void> {
  const assignments = Object.entries(set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  await sql`
    UPDATE ${sql.table(kind.table)} SET ${sql.join([...assignments, sql`updated_at = ${at}`])}
    WHERE client_id = ${record.clientId} AND ${sql.ref(kind.idColumn)} = ${record.id}`.execute(db);
}

/** The save's history row (source 'update', keyed by answer names). */
export async function insertSaveHistory(
  db: Db | Tx,
  kind: ListKind,
  record: { id: number; clientId: number },
  by: { userId: number; at: Date },
  changed: Record<string, HistoryValue>,
): Promise<void> {
  await sql`
    INSERT INTO ${sql.table(kind.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
    VALUES (${record.id}, ${record.clientId}, ${by.userId}, 'update', ${JSON.stringify(changed)}::jsonb, ${by.at})`.execute(db);
}

/** Whether the trademark is one of the client's. */
export async function isClientTrademark(db: Db | Tx, clientId: number, trademarkId: number): Promise<boolean> {
  const tm = await db.selectFrom('trademark').select('trademark_id').where('trademark_id', '=', trademarkId).where('client_id', '=', clientId).executeTakeFirst();
  return tm !== undefined;
}
