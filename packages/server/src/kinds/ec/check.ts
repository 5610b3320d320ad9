import { EC_RECORD_FIELDS, type EcRecordField } from '@portal/contract';
import { roundColumnRules } from '../../records/upload/categorized.js';
import type { ColumnRule, Lookups, SheetColumns } from '../../records/sheets/columns.js';
import type { CheckKind } from '../../records/upload/upload-check.js';
import { buildMatcher, urlKey, type MatcherData } from './matching.js';
import { packRows } from '../../records/upload/packed-rows.js';
import { PACKED_COLUMNS, type NewRecord, type PackedRecords } from './writes.js';

/**
 * The checking side of marketplace (EC) report sheets (document 1, section 5), run in the upload worker: the
 * columns with their cell rules, and how a checked row becomes a new record (matched against the client's lists,
 * wording and brand keywords; its repeat key; the aggregate category of its subcategory).
 */

/** Every column an upload reads; the record fields missing here are computed (matching) or fixed (report). */
export const EC_COLUMN_RULES: ColumnRule<EcRecordField>[] = [
  { key: 'ec_id', kind: 'id' },
  { key: 'ec_no', kind: 'int', scraped: true },
  { key: 'ec_site', kind: 'text', required: true, max: 200, scraped: true },
  { key: 'ec_scan_date', kind: 'month', required: true, scraped: true },
  { key: 'ec_search_keyword', kind: 'text', required: true, max: 500, scraped: true },
  { key: 'ec_product_no', kind: 'text', max: 200, scraped: true },
  { key: 'ec_product_title', kind: 'text', required: true, max: 2000, scraped: true },
  { key: 'ec_product_url', kind: 'url', required: true, max: 2000, scraped: true },
  { key: 'ec_product_brand', kind: 'text', max: 500, scraped: true },
  { key: 'ec_product_seller', kind: 'text', max: 500, scraped: true },
  { key: 'ec_product_seller_url', kind: 'url', max: 2000, scraped: true },
  { key: 'ec_product_price', kind: 'price', scraped: true },
  { key: 'ec_product_currency', kind: 'currency', scraped: true },
  { key: 'ec_product_image_url', kind: 'url', max: 2000, scraped: true },
  { key: 'ec_product_onsell_count', kind: 'int', scraped: true },
  { key: 'ec_product_sold_count', kind: 'int', scraped: true },
  { key: 'ec_product_region', kind: 'text', max: 100, scraped: true },
  { key: 'ec_product_city', kind: 'text', max: 200, scraped: true },
  { key: 'ec_categorize_date', kind: 'date' },
  { key: 'ec_product_category_id', kind: 'productCategory' },
  { key: 'ec_category_id', kind: 'subcategory' },
  { key: 'ec_categorize_remarks', kind: 'text', max: 2000 },
  { key: 'ec_response_action', kind: 'action' },
  { key: 'ec_response_reason', kind: 'text', max: 2000 },
  { key: 'ec_response_trademark', kind: 'trademark' },
  { key: 'ec_response_date', kind: 'date' },
  ...roundColumnRules((n) => ({ date: `ec_process${n}_date`, result: `ec_process${n}_result`, confirmDate: `ec_process${n}_confirm_date` })),
  { key: 'declarationStatus', kind: 'text', max: 200 },
  { key: 'ec_process_result', kind: 'result' },
  { key: 'ec_process_confirm_date', kind: 'date' },
  { key: 'ec_process_remarks', kind: 'text', max: 2000 },
];

export const EC_SHEET: SheetColumns = { fields: EC_RECORD_FIELDS, rules: EC_COLUMN_RULES };

/** The aggregate category of a row's subcategory (looked up once, not by a scan). */
function commonCategoryOf(values: Record<string, string | number | null>, lookups: Lookups): number | null {
  const subcategoryId = values.ec_category_id;
  if (typeof subcategoryId !== 'number') return null;
  return lookups.commonBySubcategory?.get(subcategoryId) ?? null;
}

/** Marketplace (EC) rows: matched against the client's lists, wording and brand keywords; repeat keys. */
export const EC_CHECK: CheckKind<NewRecord, PackedRecords> = {
  sheet: EC_SHEET,
  idKey: 'ec_id',
  required: ['ec_site', 'ec_scan_date', 'ec_search_keyword', 'ec_product_title', 'ec_product_url'],
  prepare(data, lookups) {
    const matcher = buildMatcher(data as MatcherData);
    return (values, custom) => {
      const str = (k: string) => (values[k] === null || values[k] === undefined ? '' : String(values[k]));
      const hints = matcher.match({ title: str('ec_product_title'), brand: str('ec_product_brand'), seller: str('ec_product_seller'), url: str('ec_product_url'), sellerUrl: str('ec_product_seller_url') });
      return { values, custom, hints, urlKey: urlKey(str('ec_product_url')), commonCategory: commonCategoryOf(values, lookups) };
    };
  },
  pack: (rows) => ({ ...packRows(PACKED_COLUMNS, rows), keys: rows.map((r) => r.urlKey) }),
  commonCategory: commonCategoryOf,
};

/** Where the upload worker finds EC_CHECK. */
export const EC_CHECK_SOURCE = { module: import.meta.url, name: 'EC_CHECK' };
