import type { Db, Tx } from '../../platform/db.js';
import { sheetFieldColumns, type PackColumn, type PackedRows } from '../../records/upload/packed-rows.js';
import { insertRows, type FieldColumn, type RecordTable } from '../../records/upload/write-queries.js';
import type { MatchResult } from './matching.js';
import { knownUrlKeys } from './queries.js';

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

/** A batch of new records as the upload worker packs it: the record columns, and each row's repeat key. */
export type PackedRecords = PackedRows & { keys: string[] };

/** The columns the worker packs from a checked and matched row (EC_CHECK.pack). */
export const PACKED_COLUMNS: PackColumn<NewRecord>[] = [
  ...sheetFieldColumns(FIELD_COLUMNS, (r: NewRecord) => r.values),
  ['ec_category_common_type_id', 'smallint', (r) => r.commonCategory],
  ['custom_info', 'jsonb', (r) => JSON.stringify(r.custom)],
  ['ec_blacklist_object', 'text', (r) => r.hints.blacklist],
  ['ec_whitelist_object', 'text', (r) => r.hints.whitelist],
  ['ec_is_need_to_check', 'boolean', (r) => r.hints.needToCheck],
  ['ec_title_hint_word', 'text', (r) => r.hints.titleHints],
  ['ec_brand_hint_word', 'text', (r) => r.hints.brandHints],
  ['url_key', 'text', (r) => r.urlKey],
];

export async function insertRecords(db: Db | Tx, at: { clientId: number; reportId: number; now: Date; seen: Set<string> }, batch: PackedRecords): Promise<void> {
  // A listing already recorded for this client (in any report), or earlier in this sheet, is a repeat.
  const existing = new Set(await knownUrlKeys(db, at.clientId, [...new Set(batch.keys)]));
  const repeat = batch.keys.map((key) => {
    const isRepeat = existing.has(key) || at.seen.has(key);
    at.seen.add(key);
    return isRepeat;
  });
  await insertRows(db, EC_TABLE, batch, [['is_repeat', 'boolean', repeat]], [
    ['client_id', 'int', at.clientId],
    ['report_id', 'int', at.reportId],
    ['updated_at', 'timestamptz', at.now.toISOString()],
  ]);
}
