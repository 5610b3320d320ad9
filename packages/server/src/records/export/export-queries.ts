import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { AnyRow, ListKind } from '../core/kind.js';
import { after, orderBy, type SortKey } from '../search/order.js';

/** The queries of the export (export.ts) and of a standard kind's export lookups (standard-export.ts). */

/** Both conditions (on alias `r`). */
export const bothOf = (a: Expression<SqlBool>, b: Expression<SqlBool>) => sql<SqlBool>`(${a} AND ${b})`;

/** Up to `limit` records matching `where` (the `select` columns), in the order of `keys`, after the record `last` if any. */
export async function recordPage<Row extends AnyRow>(
  db: Db | Tx,
  kind: ListKind<Row>,
  select: readonly string[],
  where: Expression<SqlBool>,
  keys: SortKey[],
  last: Row | undefined,
  limit: number,
): Promise<Row[]> {
  const columns = sql.join(select.map((c) => sql.ref(c)));
  const conds = last ? sql<SqlBool>`(${where}) AND ${after(kind, keys, last)}` : where;
  const res = await sql<Row>`SELECT ${columns} FROM ${sql.table(kind.table)} AS r WHERE ${conds} ORDER BY ${orderBy(kind, keys)} LIMIT ${limit}`.execute(db);
  return res.rows;
}

/** The client's trademarks with their numbers. */
export function trademarkNumbers(db: Db | Tx, clientId: number) {
  return db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute();
}

/** The client's reports of a standard kind with their names. */
export function reportNamesOf(db: Db | Tx, reportTable: 'ws_report' | 'sns_report', clientId: number) {
  return db.selectFrom(reportTable).select(['report_id', 'report_name']).where('client_id', '=', clientId).execute();
}
