import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { insertRows, type FieldColumn, type RecordTable } from '../records/writes.js';
import type { MatchResult } from './matching.js';

/** Writing a new marketplace (EC) upload's rows: matching hints, repeat flags, custom columns, aggregate category. */
export interface NewRecord {
  values: Record<string, string | number | null>;
  custom: Record<string, string>;
  hints: MatchResult;
  urlKey: string;
  commonCategory: number | null;
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
  usdPrice: { price: 'ec_product_price', currency: 'ec_product_currency', usd: 'ec_price_usd' },
};

export async function insertRecords(
  db: Db | Tx,
  at: { clientId: number; reportId: number; now: Date; seen: Set<string>; probeEachKey?: boolean },
  rows: NewRecord[],
): Promise<void> {
  // A listing already recorded for this client (in any report), or earlier in this sheet, is a repeat.
  const keys = [...new Set(rows.map((r) => r.urlKey))];
  // PGlite never analyzes (no autovacuum), and without statistics its planner answers `url_key = ANY(keys)` by
  // scanning all of the client's records, which grew each chunk's time with the table (40 ms for 100 rows after
  // 40,000 rows): there, one index probe per key (1 ms). PostgreSQL plans ANY well and the per-key form badly (its
  // statistics, taken while the client had few records, made each probe scan them: seconds per chunk).
  const known = at.probeEachKey
    ? await sql<{ url_key: string }>`
        SELECT k AS url_key FROM unnest(${keys}::text[]) k,
          LATERAL (SELECT 1 FROM ec_record r WHERE r.client_id = ${at.clientId} AND r.url_key = k LIMIT 1) found`.execute(db)
    : await sql<{ url_key: string }>`SELECT url_key FROM ec_record WHERE client_id = ${at.clientId} AND url_key = ANY(${keys}::text[])`.execute(db);
  const existing = new Set(known.rows.map((k) => k.url_key));
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
