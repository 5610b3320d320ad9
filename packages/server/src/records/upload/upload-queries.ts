import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { RecordTable } from './write-queries.js';

/** What an upload reads of the client and its records (upload.ts, list-matching.ts); its writes are write-queries.ts. */

/** The client's trademarks with their numbers. */
export function clientTrademarks(db: Db | Tx, clientId: number) {
  return db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute();
}

/** Which of `ids` are records of the client. */
export async function knownRecordIds(db: Db | Tx, table: RecordTable, clientId: number, ids: number[]): Promise<Set<number>> {
  const recordId = sql.ref(table.idColumn);
  const found = await sql<{ id: number }>`
    SELECT ${recordId} AS id FROM ${sql.table(table.table)}
    WHERE client_id = ${clientId} AND ${recordId} = ANY(${ids}::bigint[])`.execute(db);
  return new Set(found.rows.map((f) => Number(f.id)));
}

/** The client's special URLs (type 1 white list, 2 black list). */
export function specialUrls(db: Db | Tx, clientId: number) {
  return db.selectFrom('special_url').select(['type', 'url', 'seller', 'seller_id']).where('client_id', '=', clientId).execute();
}
