import { type EC_DATE_FIELDS, type EC_WORD_FIELDS, type EcRecord, type Locale } from '@portal/contract';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { EcRecordTable } from '../../platform/schema.js';
import { RECORD_ID_TEXT, RECORD_NO_TEXT } from './queries.js';
import { localizeHints } from '../../records/core/hint-text.js';
import type { FieldKind, ListKind } from '../../records/core/kind.js';
import { EC_SIGNALS } from '../../areas/triage-signals/derived.js';
import { WATCH_COLUMNS } from '../../areas/watch-columns/derived.js';

/**
 * The fields of marketplace (EC) records as the record engine lists them (EC_LIST), and the presenter. Every field
 * name a payload may carry (filters, sort, search) is mapped to a fixed column through FIELDS: a name that is not a
 * key there never reaches the query text. The queries are in queries.ts.
 */

export type RecordRow = Selectable<EcRecordTable>;

export type { FieldKind };
interface Field {
  /** The column of ec_record (alias r). */
  column: keyof RecordRow & string;
  kind: FieldKind;
}

const f = (column: Field['column'], kind: FieldKind): Field => ({ column, kind });

/** Every record field by its answer name. */
export const FIELDS = {
  ec_id: f('ec_id', 'int'),
  report_id: f('report_id', 'int'),
  ec_no: f('ec_no', 'int'),
  ec_site: f('ec_site', 'text'),
  ec_scan_date: f('ec_scan_date', 'date'),
  ec_search_keyword: f('ec_search_keyword', 'text'),
  ec_product_no: f('ec_product_no', 'text'),
  ec_product_title: f('ec_product_title', 'text'),
  ec_product_url: f('ec_product_url', 'text'),
  ec_product_brand: f('ec_product_brand', 'text'),
  ec_product_seller: f('ec_product_seller', 'text'),
  ec_product_seller_url: f('ec_product_seller_url', 'text'),
  ec_product_price: f('ec_product_price', 'numeric'),
  ec_product_currency: f('ec_product_currency', 'text'),
  // The price in US dollars and its rank (converted, without a rate, no price; migration 021): a price sort's columns.
  ec_price_usd: f('ec_price_usd', 'numeric'),
  ec_price_rank: f('ec_price_rank', 'int'),
  ec_product_image_url: f('ec_product_image_url', 'text'),
  ec_product_onsell_count: f('ec_product_onsell_count', 'int'),
  ec_product_sold_count: f('ec_product_sold_count', 'int'),
  ec_product_region: f('ec_product_region', 'text'),
  ec_product_city: f('ec_product_city', 'text'),
  ec_categorize_date: f('ec_categorize_date', 'date'),
  ec_blacklist_object: f('ec_blacklist_object', 'text'),
  ec_whitelist_object: f('ec_whitelist_object', 'text'),
  ec_is_need_to_check: f('ec_is_need_to_check', 'bool'),
  ec_title_hint_word: f('ec_title_hint_word', 'text'),
  ec_brand_hint_word: f('ec_brand_hint_word', 'text'),
  ec_product_category_id: f('ec_product_category_id', 'int'),
  ec_category_rule_id: f('ec_category_rule_id', 'int'),
  ec_category_id: f('ec_category_id', 'int'),
  ec_category_common_type_id: f('ec_category_common_type_id', 'int'),
  ec_categorize_remarks: f('ec_categorize_remarks', 'text'),
  ec_response_action: f('ec_response_action', 'int'),
  ec_response_reason: f('ec_response_reason', 'text'),
  ec_response_trademark: f('ec_response_trademark', 'int'),
  ec_response_remarks: f('ec_response_remarks', 'text'),
  ec_response_date: f('ec_response_date', 'date'),
  ec_process1_date: f('ec_process1_date', 'date'),
  ec_process1_result: f('ec_process1_result', 'int'),
  ec_process1_confirm_date: f('ec_process1_confirm_date', 'date'),
  ec_process2_date: f('ec_process2_date', 'date'),
  ec_process2_result: f('ec_process2_result', 'int'),
  ec_process2_confirm_date: f('ec_process2_confirm_date', 'date'),
  ec_process3_date: f('ec_process3_date', 'date'),
  ec_process3_result: f('ec_process3_result', 'int'),
  ec_process3_confirm_date: f('ec_process3_confirm_date', 'date'),
  declarationStatus: f('declaration_status', 'text'),
  ec_process_result: f('ec_process_result', 'int'),
  ec_process_confirm_date: f('ec_process_confirm_date', 'date'),
  ec_process_remarks: f('ec_process_remarks', 'text'),
  published: f('published', 'bool'),
} as const satisfies Record<string, Field>;
export type FieldName = keyof typeof FIELDS;
type FieldColumn = (typeof FIELDS)[FieldName]['column'];
/** What an export reads of a record: its fields and custom columns (not the bookkeeping columns). */
export type FieldRow = Pick<RecordRow, FieldColumn | 'custom_info'>;
export const FIELD_COLUMNS = [...new Set<FieldColumn>(Object.values(FIELDS).map((f) => f.column)), 'custom_info' as const].map((c) => `r.${c}` as const);

/** The column of a whitelisted field, as a quoted reference. */
export function col(name: FieldName): RawBuilder<unknown> {
  return sql.ref(`r.${FIELDS[name].column}`);
}

/** A record as the calls answer it; the stored match reasons in the reader's language. */
export function present(r: RecordRow, locale: Locale = 'en'): EcRecord {
  return {
    ec_id: r.ec_id,
    client_id: r.client_id,
    report_id: r.report_id,
    ec_no: r.ec_no,
    ec_site: r.ec_site,
    ec_scan_date: r.ec_scan_date,
    ec_search_keyword: r.ec_search_keyword,
    ec_product_no: r.ec_product_no,
    ec_product_title: r.ec_product_title,
    ec_product_url: r.ec_product_url,
    ec_product_brand: r.ec_product_brand,
    ec_product_seller: r.ec_product_seller,
    ec_product_seller_url: r.ec_product_seller_url,
    ec_product_price: r.ec_product_price === null ? null : Number(r.ec_product_price),
    ec_product_currency: r.ec_product_currency,
    ec_product_image_url: r.ec_product_image_url,
    ec_product_onsell_count: r.ec_product_onsell_count,
    ec_product_sold_count: r.ec_product_sold_count,
    ec_product_region: r.ec_product_region,
    ec_product_city: r.ec_product_city,
    ec_categorize_date: r.ec_categorize_date,
    ec_blacklist_object: localizeHints(r.ec_blacklist_object, locale),
    ec_whitelist_object: localizeHints(r.ec_whitelist_object, locale),
    ec_is_need_to_check: r.ec_is_need_to_check,
    ec_title_hint_word: localizeHints(r.ec_title_hint_word, locale),
    ec_brand_hint_word: localizeHints(r.ec_brand_hint_word, locale),
    ec_product_category_id: r.ec_product_category_id,
    ec_category_rule_id: r.ec_category_rule_id,
    ec_category_id: r.ec_category_id,
    ec_category_common_type_id: r.ec_category_common_type_id,
    ec_categorize_remarks: r.ec_categorize_remarks,
    ec_response_action: r.ec_response_action,
    ec_response_reason: r.ec_response_reason,
    ec_response_trademark: r.ec_response_trademark,
    ec_response_remarks: r.ec_response_remarks,
    ec_response_date: r.ec_response_date,
    ec_process1_date: r.ec_process1_date,
    ec_process1_result: r.ec_process1_result,
    ec_process1_confirm_date: r.ec_process1_confirm_date,
    ec_process2_date: r.ec_process2_date,
    ec_process2_result: r.ec_process2_result,
    ec_process2_confirm_date: r.ec_process2_confirm_date,
    ec_process3_date: r.ec_process3_date,
    ec_process3_result: r.ec_process3_result,
    ec_process3_confirm_date: r.ec_process3_confirm_date,
    declarationStatus: r.declaration_status,
    ec_process_result: r.ec_process_result,
    ec_process_confirm_date: r.ec_process_confirm_date,
    ec_process_remarks: r.ec_process_remarks,
    custom_info: JSON.stringify(r.custom_info ?? {}),
    ec_upload_image_names: r.ec_upload_image_names,
    is_error: r.is_error,
    is_repeat: r.is_repeat,
    published: r.published,
    updated_at: r.updated_at.toISOString(),
    ec_field_sources: (r.ec_field_sources as EcRecord['ec_field_sources']) ?? null,
  };
}

/** The search bar's fields: ids and numbers match their digits as text. */
const WORD_COLUMNS = {
  ec_id: RECORD_ID_TEXT,
  ec_no: RECORD_NO_TEXT,
  ec_product_title: col('ec_product_title'),
  ec_product_seller: col('ec_product_seller'),
  ec_product_url: col('ec_product_url'),
  ec_search_keyword: col('ec_search_keyword'),
  ec_product_brand: col('ec_product_brand'),
  ec_categorize_remarks: col('ec_categorize_remarks'),
  ec_response_reason: col('ec_response_reason'),
  ec_process_remarks: col('ec_process_remarks'),
} satisfies Record<(typeof EC_WORD_FIELDS)[number], RawBuilder<unknown>>;

const DATE_COLUMNS = {
  ec_scan_date: col('ec_scan_date'),
  ec_categorize_date: col('ec_categorize_date'),
  ec_response_date: col('ec_response_date'),
  ec_process1_date: col('ec_process1_date'),
  ec_process1_confirm_date: col('ec_process1_confirm_date'),
  ec_process2_date: col('ec_process2_date'),
  ec_process2_confirm_date: col('ec_process2_confirm_date'),
  ec_process3_date: col('ec_process3_date'),
  ec_process3_confirm_date: col('ec_process3_confirm_date'),
  ec_process_confirm_date: col('ec_process_confirm_date'),
} satisfies Record<(typeof EC_DATE_FIELDS)[number], RawBuilder<unknown>>;

/** Marketplace records as the record engine lists them (the list part of EC_KIND, ./kind.ts). */
export const EC_LIST: ListKind<RecordRow, EcRecord> = {
  topic: 'ec-records',
  table: 'ec_record',
  historyTable: 'ec_record_history',
  reportTable: 'ec_report',
  idColumn: 'ec_id',
  idField: 'ec_id',
  scanField: 'ec_scan_date',
  fields: FIELDS,
  words: WORD_COLUMNS,
  dates: DATE_COLUMNS,
  present,
  columnsColumn: 'ec_columns',
  listPath: '/ec-list',
  detailPath: (clientId, recordId) => `/ec-data/${clientId}/${recordId}`,
  // Comparable amounts: in US dollars at the latest rates, then amounts without a rate by currency and amount.
  // The triage signals (issue 19): the abnormal-price score and the repeat-offender flag; what watches saw (issue 30).
  derived: { ...EC_SIGNALS, ...WATCH_COLUMNS },
  hintFields: ['ec_blacklist_object', 'ec_whitelist_object', 'ec_title_hint_word', 'ec_brand_hint_word'],
  sortAs: {
    ec_product_price: (dir) => [
      { name: 'ec_price_rank', dir: 'asc' },
      { name: 'ec_price_usd', dir },
      { name: 'ec_product_currency', dir: 'asc' },
      { name: 'ec_product_price', dir },
    ],
  },
};
