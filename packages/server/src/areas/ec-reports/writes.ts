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

/** Record fields a sheet carries, with their column and SQL type. Text columns store '' for a blank cell. */
const FIELD_COLUMNS: [field: string, column: string, type: string][] = [
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
const TEXT = new Set(FIELD_COLUMNS.filter(([, , t]) => t === 'text').map(([f]) => f));

const arrayOf = (values: unknown[], type: string) => sql`${values}::${sql.raw(type)}[]`;

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

  const columns: string[] = [];
  const arrays: ReturnType<typeof arrayOf>[] = [];
  const add = (column: string, type: string, values: unknown[]) => {
    columns.push(column);
    arrays.push(arrayOf(values, type));
  };
  for (const [field, column, type] of FIELD_COLUMNS) {
    add(column, type, rows.map((r) => r.values[field] ?? (TEXT.has(field) ? '' : null)));
  }
  add('client_id', 'int', rows.map(() => at.clientId));
  add('report_id', 'int', rows.map(() => at.reportId));
  add('ec_category_common_type_id', 'smallint', rows.map((r) => r.commonCategory));
  add('custom_info', 'jsonb', rows.map((r) => JSON.stringify(r.custom)));
  add('ec_blacklist_object', 'text', rows.map((r) => r.hints.blacklist));
  add('ec_whitelist_object', 'text', rows.map((r) => r.hints.whitelist));
  add('ec_is_need_to_check', 'boolean', rows.map((r) => r.hints.needToCheck));
  add('ec_title_hint_word', 'text', rows.map((r) => r.hints.titleHints));
  add('ec_brand_hint_word', 'text', rows.map((r) => r.hints.brandHints));
  add('url_key', 'text', rows.map((r) => r.urlKey));
  add('is_repeat', 'boolean', repeat);
  add('updated_at', 'timestamptz', rows.map(() => at.now.toISOString()));
  await sql`INSERT INTO ec_record (${sql.join(columns.map((c) => sql.ref(c)))}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(db);
}

/**
 * Applies the cells an update sheet fills; a blank cell leaves its field as it is. One history row per record
 * names the fields the sheet set.
 */
export async function updateRecords(db: Db | Tx, at: { clientId: number; userId: number; now: Date }, changes: RecordChange[]): Promise<void> {
  const present = FIELD_COLUMNS.filter(([field]) => changes.some((c) => c.values[field] !== undefined));
  const sets = present.map(([, column]) => sql`${sql.ref(column)} = COALESCE(v.${sql.ref(column)}, r.${sql.ref(column)})`);
  const arrays = [
    arrayOf(changes.map((c) => c.id), 'bigint'),
    ...present.map(([field, , type]) => arrayOf(changes.map((c) => c.values[field] ?? null), type)),
    arrayOf(changes.map((c) => c.commonCategory), 'smallint'),
    arrayOf(changes.map((c) => JSON.stringify(c.custom)), 'jsonb'),
  ];
  const names = ['ec_id', ...present.map(([, column]) => column), 'common_category', 'custom'];
  await sql`
    UPDATE ec_record r SET ${sql.join([
      ...sets,
      sql`ec_category_common_type_id = COALESCE(v.common_category, r.ec_category_common_type_id)`,
      sql`custom_info = r.custom_info || v.custom`,
      sql`updated_at = ${at.now}`,
    ])}
    FROM unnest(${sql.join(arrays)}) AS v(${sql.join(names.map((n) => sql.ref(n)))})
    WHERE r.ec_id = v.ec_id AND r.client_id = ${at.clientId}`.execute(db);

  const history = changes.map((c) => {
    const fields: Record<string, unknown> = {};
    for (const [field] of FIELD_COLUMNS) if (c.values[field] !== undefined && c.values[field] !== null) fields[field] = c.values[field];
    for (const [name, value] of Object.entries(c.custom)) fields[`custom:${name}`] = value;
    return JSON.stringify(fields);
  });
  await sql`
    INSERT INTO ec_record_history (record_id, client_id, user_id, source, fields, created_at)
    SELECT id, ${at.clientId}, ${at.userId}, 'upload-update', f, ${at.now}
    FROM unnest(${arrayOf(changes.map((c) => c.id), 'bigint')}, ${arrayOf(history, 'jsonb')}) AS h(id, f)`.execute(db);
}
