import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { MatchResult } from './matching.js';

/**
 * Set-based writes of uploaded rows: one INSERT ... SELECT FROM unnest(arrays) per batch (close to COPY's speed,
 * and the same on PostgreSQL and PGlite), one UPDATE ... FROM unnest per batch for update uploads.
 */
export interface NewRecord {
  values: Record<string, string | number | null>;
  custom: Record<string, string>;
  hints: MatchResult;
  urlKey: string;
  commonCategory: number | null;
}
export interface RecordChange {
  id: number;
  values: Record<string, string | number | null>;
  custom: Record<string, string>;
  commonCategory: number | null;
}

/** A record field a sheet carries, with its column and SQL type. Text columns store '' for a blank cell. */
export type FieldColumn = [field: string, column: string, type: string];

/** Where a record kind's uploaded rows go: its tables, id column, sheet fields, and the EC-only extra columns. */
export interface RecordTable {
  table: 'ec_record' | 'ws_record';
  historyTable: 'ec_record_history' | 'ws_record_history';
  idColumn: string;
  fields: FieldColumn[];
  /** Custom column values (jsonb column `custom_info`). */
  customInfo: boolean;
  /** The aggregate category column set with the subcategory, if the kind has one. */
  commonCategoryColumn?: string;
}

const FIELD_COLUMNS: FieldColumn[] = [
  ['ec_no', 'ec_no', 'int'],
  ['ec_site', 'ec_site', 'text'],
  ['ec_scan_date', 'ec_scan_date', 'date'],
  ['ec_search_keyword', 'ec_search_keyword', 'text'],
  ['ec_product_no', 'ec_product_no', 'text'],
  ['ec_product_title', 'ec_product_title', 'text'],
  ['ec_product_url', 'ec_product_url', 'text'],
  ['ec_product_brand', 'ec_product_brand', 'text'],
  ['ec_product_seller', 'ec_product_seller', 'text'],
  ['ec_product_seller_url', 'ec_product_seller_url', 'text'],
  ['ec_product_price', 'ec_product_price', 'numeric'],
  ['ec_product_currency', 'ec_product_currency', 'text'],
  ['ec_product_image_url', 'ec_product_image_url', 'text'],
  ['ec_product_onsell_count', 'ec_product_onsell_count', 'int'],
  ['ec_product_sold_count', 'ec_product_sold_count', 'int'],
  ['ec_product_region', 'ec_product_region', 'text'],
  ['ec_product_city', 'ec_product_city', 'text'],
  ['ec_categorize_date', 'ec_categorize_date', 'date'],
  ['ec_product_category_id', 'ec_product_category_id', 'int'],
  ['ec_category_id', 'ec_category_id', 'int'],
  ['ec_categorize_remarks', 'ec_categorize_remarks', 'text'],
  ['ec_response_action', 'ec_response_action', 'smallint'],
  ['ec_response_reason', 'ec_response_reason', 'text'],
  ['ec_response_trademark', 'ec_response_trademark', 'int'],
  ['ec_response_date', 'ec_response_date', 'date'],
  ['ec_process1_date', 'ec_process1_date', 'date'],
  ['ec_process1_result', 'ec_process1_result', 'smallint'],
  ['ec_process1_confirm_date', 'ec_process1_confirm_date', 'date'],
  ['ec_process2_date', 'ec_process2_date', 'date'],
  ['ec_process2_result', 'ec_process2_result', 'smallint'],
  ['ec_process2_confirm_date', 'ec_process2_confirm_date', 'date'],
  ['ec_process3_date', 'ec_process3_date', 'date'],
  ['ec_process3_result', 'ec_process3_result', 'smallint'],
  ['ec_process3_confirm_date', 'ec_process3_confirm_date', 'date'],
  ['declarationStatus', 'declaration_status', 'text'],
  ['ec_process_result', 'ec_process_result', 'smallint'],
  ['ec_process_confirm_date', 'ec_process_confirm_date', 'date'],
  ['ec_process_remarks', 'ec_process_remarks', 'text'],
];
export const EC_TABLE: RecordTable = {
  table: 'ec_record',
  historyTable: 'ec_record_history',
  idColumn: 'ec_id',
  fields: FIELD_COLUMNS,
  customInfo: true,
  commonCategoryColumn: 'ec_category_common_type_id',
};

const arrayOf = (values: unknown[], type: string) => sql`${values}::${sql.raw(type)}[]`;

/**
 * One INSERT ... SELECT FROM unnest of the sheet fields of `rows` plus the `extra` columns (one value per row).
 * A blank text field is stored as ''.
 */
export async function insertRows(
  db: Db | Tx,
  spec: RecordTable,
  rows: Record<string, string | number | null>[],
  extra: [column: string, type: string, values: unknown[]][],
): Promise<void> {
  const columns: string[] = [];
  const arrays: ReturnType<typeof arrayOf>[] = [];
  for (const [field, column, type] of spec.fields) {
    columns.push(column);
    arrays.push(arrayOf(rows.map((r) => r[field] ?? (type === 'text' ? '' : null)), type));
  }
  for (const [column, type, values] of extra) {
    columns.push(column);
    arrays.push(arrayOf(values, type));
  }
  await sql`INSERT INTO ${sql.table(spec.table)} (${sql.join(columns.map((c) => sql.ref(c)))}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(db);
}

export async function insertRecords(
  db: Db | Tx,
  at: { clientId: number; reportId: number; now: Date; seen: Set<string> },
  rows: NewRecord[],
): Promise<void> {
  // A listing already recorded for this client (in any report), or earlier in this sheet, is a repeat.
  const keys = [...new Set(rows.map((r) => r.urlKey))];
  const known = await db.selectFrom('ec_record').select('url_key').where('client_id', '=', at.clientId).where('url_key', 'in', keys).execute();
  const existing = new Set(known.map((k) => k.url_key));
  const repeat = rows.map((r) => {
    const isRepeat = existing.has(r.urlKey) || at.seen.has(r.urlKey);
    at.seen.add(r.urlKey);
    return isRepeat;
  });

  const extra: [string, string, unknown[]][] = [
    ['client_id', 'int', rows.map(() => at.clientId)],
    ['report_id', 'int', rows.map(() => at.reportId)],
    ['ec_category_common_type_id', 'smallint', rows.map((r) => r.commonCategory)],
    ['custom_info', 'jsonb', rows.map((r) => JSON.stringify(r.custom))],
    ['ec_blacklist_object', 'text', rows.map((r) => r.hints.blacklist)],
    ['ec_whitelist_object', 'text', rows.map((r) => r.hints.whitelist)],
    ['ec_is_need_to_check', 'boolean', rows.map((r) => r.hints.needToCheck)],
    ['ec_title_hint_word', 'text', rows.map((r) => r.hints.titleHints)],
    ['ec_brand_hint_word', 'text', rows.map((r) => r.hints.brandHints)],
    ['url_key', 'text', rows.map((r) => r.urlKey)],
    ['is_repeat', 'boolean', repeat],
    ['updated_at', 'timestamptz', rows.map(() => at.now.toISOString())],
  ];
  await insertRows(db, EC_TABLE, rows.map((r) => r.values), extra);
}

/**
 * Applies the cells an update sheet fills; a blank cell leaves its field as it is. One history row per record
 * names the fields the sheet set.
 */
export async function updateRecords(
  db: Db | Tx,
  at: { clientId: number; userId: number; now: Date },
  changes: RecordChange[],
  spec: RecordTable = EC_TABLE,
): Promise<void> {
  const present = spec.fields.filter(([field]) => changes.some((c) => c.values[field] !== undefined));
  const sets = present.map(([, column]) => sql`${sql.ref(column)} = COALESCE(v.${sql.ref(column)}, r.${sql.ref(column)})`);
  const arrays = [arrayOf(changes.map((c) => c.id), 'bigint'), ...present.map(([field, , type]) => arrayOf(changes.map((c) => c.values[field] ?? null), type))];
  const names = [spec.idColumn, ...present.map(([, column]) => column)];
  const extraSets = [];
  if (spec.commonCategoryColumn) {
    arrays.push(arrayOf(changes.map((c) => c.commonCategory), 'smallint'));
    names.push('common_category');
    extraSets.push(sql`${sql.ref(spec.commonCategoryColumn)} = COALESCE(v.common_category, r.${sql.ref(spec.commonCategoryColumn)})`);
  }
  if (spec.customInfo) {
    arrays.push(arrayOf(changes.map((c) => JSON.stringify(c.custom)), 'jsonb'));
    names.push('custom');
    extraSets.push(sql`custom_info = r.custom_info || v.custom`);
  }
  const id = sql.ref(spec.idColumn);
  await sql`
    UPDATE ${sql.table(spec.table)} r SET ${sql.join([...sets, ...extraSets, sql`updated_at = ${at.now}`])}
    FROM unnest(${sql.join(arrays)}) AS v(${sql.join(names.map((n) => sql.ref(n)))})
    WHERE r.${id} = v.${id} AND r.client_id = ${at.clientId}`.execute(db);

  const history = changes.map((c) => {
    const fields: Record<string, unknown> = {};
    for (const [field] of spec.fields) if (c.values[field] !== undefined && c.values[field] !== null) fields[field] = c.values[field];
    for (const [name, value] of Object.entries(c.custom)) fields[`custom:${name}`] = value;
    return JSON.stringify(fields);
  });
  await sql`
    INSERT INTO ${sql.table(spec.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
    SELECT id, ${at.clientId}, ${at.userId}, 'upload-update', f, ${at.now}
    FROM unnest(${arrayOf(changes.map((c) => c.id), 'bigint')}, ${arrayOf(history, 'jsonb')}) AS h(id, f)`.execute(db);
}
