import {
  downloadHref,
  EC_DATE_FIELDS,
  EC_FILTER_FIELDS,
  EC_RECORD_FIELDS,
  EC_SORT_FIELDS,
  EC_UPDATE_FIELDS,
  EC_WORD_FIELDS,
  type EcUpdateField,
  type Locale,
} from '@portal/contract';
import type { CallPath } from '@portal/contract';
import { initialSearch, listFieldsOf } from '../../records/listQuery';

/** The marketplace (EC) parts of the record list and detail: field names, read paths, defaults. */

export type EcDateField = (typeof EC_DATE_FIELDS)[number];
export type EcWordField = (typeof EC_WORD_FIELDS)[number];
export type EcFilterField = (typeof EC_FILTER_FIELDS)[number];
export type EcSortField = (typeof EC_SORT_FIELDS)[number];

/** What a URL may carry: the contract's whitelists (module level, so the list state's memo stays stable). */
export const EC_LIST_FIELDS = listFieldsOf({ date: EC_DATE_FIELDS, word: EC_WORD_FIELDS, filter: EC_FILTER_FIELDS, sort: EC_SORT_FIELDS });

/** Every cached read of the EC record screens (the kind's calls and its report names): a report upload or action marks them stale. */
export const EC_RECORD_READS = [
  '/api/ec-data/search-records',
  '/api/ec-data/get-record',
  '/api/ec-data/fetch-filters',
  '/api/ec-data/get-record-history',
  '/api/ec-data/get-columns',
  '/api/ec-data/fetch-report-names',
  '/api/ec-data/fetch-last-batch',
] as const satisfies readonly CallPath[];

/**
 * The list's columns: the record fields of the contract in their order, plus the aggregate category (which the
 * contract's field list leaves out) right after the infringement category it rolls up from.
 */
export const AGGREGATE_FIELD = 'ec_category_common_type_id';
export const EC_COLUMN_KEYS: readonly string[] = EC_RECORD_FIELDS.flatMap((f) =>
  f.key === 'ec_category_id'
    ? [f.key, AGGREGATE_FIELD]
    : f.key === 'ec_product_seller'
      ? // What watches saw (issue 30) after the seller's network: when a watch found the listing, its latest change.
        [f.key, 'repeat_offender', 'watch_found_at', 'watch_change']
      : f.key === 'ec_product_currency'
        ? [f.key, 'triage_price_score']
        : [f.key],
);

/** The search bar before any search: a keyword looks in the title and the seller until the user changes the fields. */
export const EC_INITIAL_SEARCH = initialSearch<EcDateField, EcWordField>(['ec_product_title', 'ec_product_seller']);

/** What the list shows until the user chooses (custom columns are shown too). */
export const EC_DEFAULT_COLUMNS: readonly string[] = [
  'ec_id',
  'ec_site',
  'ec_scan_date',
  'ec_product_title',
  'ec_product_seller',
  // Triage signals (issue 19): the seller's repeat-offender network, the abnormal-price score (analysts only).
  'repeat_offender',
  // What watches saw (issue 30): when a watch found the listing (its filter: "new since") and its latest change.
  'watch_found_at',
  'watch_change',
  'ec_product_price',
  'ec_product_currency',
  'triage_price_score',
  'ec_categorize_date',
  'ec_category_id',
  AGGREGATE_FIELD,
  'ec_response_action',
  'ec_process1_result',
  'ec_process_result',
  'report_id',
];

/** The contract's label of a record field in the user's language, or undefined for a name it does not list. */
export function ecFieldLabel(key: string, locale: Locale): string | undefined {
  const field = EC_RECORD_FIELDS.find((f) => f.key === key);
  return field ? field[locale] : undefined;
}

/** The update payload's names and the record field each one changes (from the contract, shared with the server). */
export const PAYLOAD_FIELDS = EC_UPDATE_FIELDS;
export type PayloadField = EcUpdateField;

/** A history row's field name (either naming) as the record's. */
export function recordFieldOf(name: string): string {
  return name in PAYLOAD_FIELDS ? PAYLOAD_FIELDS[name as PayloadField] : name;
}

/** The evidence screenshots' stored names (comma-separated in the record). */
export function evidenceNames(names: string | null | undefined): string[] {
  return (names ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

/** GET: an evidence image, for a signed-in browser (the session cookie). */
export function evidenceUrl(clientId: number, recordId: number, name: string): string {
  return downloadHref('/api/ec-data/get-upload-pic', { clientId, recordId, name });
}

/** Spec 5: evidence images are .png, .jpg or .jpeg. */
export const EVIDENCE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export function evidenceProblem(file: { name: string; size: number }, maxBytes: number): 'type' | 'size' | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(EVIDENCE_EXTENSIONS as readonly string[]).includes(extension)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}
