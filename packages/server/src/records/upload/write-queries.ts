import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { PackedRows } from './packed-rows.js';
import type { HistoryTableName, RecordTableName } from '../core/tables.js';

/**
 * Set-based writes of uploaded rows: one INSERT ... SELECT FROM unnest(arrays) per chunk (as fast as COPY into the
 * same table with its indexes, measured, and the same on PostgreSQL and PGlite). Update uploads are staged and
 * applied in update-queries.ts.
 */
export interface RecordChange {
  id: number;
  values: Record<string, string | number | null>;
  custom: Record<string, string>;
  /** The aggregate category derived from the row's category (RecordTable.commonCategoryColumn), or null. */
  commonCategory: number | null;
}

/** A record field a sheet carries, with its column and SQL type. Text columns store '' for a blank cell. */
export type FieldColumn = [field: string, column: string, type: string];

/** Where a record kind's uploaded rows go: its tables, id column, sheet fields, and the columns only some kinds have. */
export interface RecordTable {
  table: RecordTableName;
  historyTable: HistoryTableName;
  idColumn: string;
  fields: FieldColumn[];
  /** Custom column values (jsonb column `custom_info`). */
  customInfo: boolean;
  /** The aggregate category column set with the subcategory, if the kind has one. */
  commonCategoryColumn?: string;
  /**
   * The price's US dollar amount, filled by the insert itself (EC, migration 021): the table's row trigger would do
   * it too, but a PL/pgSQL call per row made large uploads on PGlite a third slower.
   */
  usdPrice?: { price: string; currency: string; usd: string };
}

/**
 * One INSERT ... SELECT FROM unnest of a packed batch (its columns' array literals, packed-rows.ts), plus `perRow`
 * columns the main thread adds (one value per row) and `constants` (the same value in every row: the client, the
 * report, the time). The records' ids follow the rows' order.
 */
export async function insertRows(
  db: Db | Tx,
  spec: RecordTable,
  packed: PackedRows,
  perRow: [column: string, type: string, values: unknown[]][],
  constants: [column: string, type: string, value: unknown][],
): Promise<void> {
  if (packed.size === 0) return;
  const columns = [...packed.columns, ...perRow.map(([column]) => column)];
  const arrays = [
    ...packed.literals.map((literal, i) => sql`${literal}::${sql.raw(packed.types[i]!)}[]`),
    ...perRow.map(([, type, values]) => sql`${values}::${sql.raw(type)}[]`),
  ];
  const names = columns.map((_, i) => sql.raw(`c${i}`));
  const target = [...columns, ...constants.map(([column]) => column)];
  const selected = [...names.map((n) => sql`u.${n}`), ...constants.map(([, type, value]) => sql`${value}::${sql.raw(type)}`)];
  const priced = spec.usdPrice;
  const [price, currency] = priced ? [columns.indexOf(priced.price), columns.indexOf(priced.currency)] : [-1, -1];
  if (priced && price >= 0 && currency >= 0) {
    // In the sheet's order (the join may hash), so the records' ids follow their rows as without it.
    await sql`INSERT INTO ${sql.table(spec.table)} (${sql.join([...target, priced.usd].map((c) => sql.ref(c)))})
      SELECT ${sql.join(selected)}, u.${sql.raw(`c${price}`)} * x.usd_rate
      FROM unnest(${sql.join(arrays)}) WITH ORDINALITY AS u(${sql.join(names)}, row_order)
      LEFT JOIN (SELECT DISTINCT ON (currency) currency, usd_rate FROM exchange_rate ORDER BY currency, rate_date DESC) x ON x.currency = u.${sql.raw(`c${currency}`)}
      ORDER BY u.row_order`.execute(db);
    return;
  }
  await sql`INSERT INTO ${sql.table(spec.table)} (${sql.join(target.map((c) => sql.ref(c)))})
    SELECT ${sql.join(selected)} FROM unnest(${sql.join(arrays)}) AS u(${sql.join(names)})`.execute(db);
}
