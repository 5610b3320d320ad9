import { z } from 'zod';
import { id, recordId } from './accounts.js';
import { unstorableTextPath } from './validation.js';
import { recordWatchChange } from './watches.js';
import { recordPictureFields } from './pictures.js';
import {
  batchCode, batchOutput, lastBatchInput, lastBatchOutput, undoBatchInput, undoBatchOutput, columnsOutput, fetchFiltersOutput, FILTER_VALUES_MAX, getColumnsInput, historyOutput, historyRow,
  optionalCode as recordOptionalCode, optionalDate as recordOptionalDate, optionalId, optionalText, recordIdInput, recordIds, recordSaveProblem,
  recordListSchemas, roundsInError, roundsUpdateShape, setColumnsInput, type SaveRuleFields,
} from './records.js';
import { EC_PROCESS_RESULTS } from './names.js';
export { EC_PROCESS_RESULTS };

/**
 * Document 3: marketplace (EC) records, their list, detail, history and batch updates. Answers use the spec's
 * field names (`ec_*`); the update payload the call table's (`categoryId`, `process1Result`, ...).
 */

/** The client's response action: 1 takedown, 2 deleted, 3 pending, 4 no action. */
export const EC_RESPONSE_ACTIONS = {
  1: { en: 'Takedown', ja: '削除申請' },
  2: { en: 'Deleted', ja: '削除済み' },
  3: { en: 'Pending', ja: '保留' },
  4: { en: 'No action', ja: '対応不要' },
} as const;
export type EcProcessResult = keyof typeof EC_PROCESS_RESULTS;
export type EcResponseAction = keyof typeof EC_RESPONSE_ACTIONS;

/** The witnesses a crawled field is read from, in the crawler's order of trust. */
export const EC_FIELD_SOURCES = ['recipe', 'json-ld', 'microdata', 'opengraph', 'page'] as const;
export type EcFieldSource = (typeof EC_FIELD_SOURCES)[number];

const nullableNumber = z.number().nullable();
const nullableDate = z.string().nullable();

export const ecRecord = z.object({
  ec_id: z.number(),
  client_id: z.number(),
  report_id: z.number(),
  ec_no: nullableNumber,
  ec_site: z.string(),
  ec_scan_date: nullableDate,
  ec_search_keyword: z.string(),
  ec_product_no: z.string(),
  ec_product_title: z.string(),
  ec_product_url: z.string(),
  ec_product_brand: z.string(),
  ec_product_seller: z.string(),
  ec_product_seller_url: z.string(),
  ec_product_price: nullableNumber,
  ec_product_currency: z.string(),
  ec_product_image_url: z.string(),
  ec_product_onsell_count: nullableNumber,
  ec_product_sold_count: nullableNumber,
  ec_product_region: z.string(),
  ec_product_city: z.string(),
  ec_categorize_date: nullableDate,
  ec_blacklist_object: z.string(),
  ec_whitelist_object: z.string(),
  ec_is_need_to_check: z.boolean(),
  ec_title_hint_word: z.string(),
  ec_brand_hint_word: z.string(),
  ec_product_category_id: nullableNumber,
  ec_category_rule_id: nullableNumber,
  ec_category_id: nullableNumber,
  ec_category_common_type_id: nullableNumber,
  ec_categorize_remarks: z.string(),
  ec_response_action: nullableNumber,
  ec_response_reason: z.string(),
  ec_response_trademark: nullableNumber,
  ec_response_remarks: z.string(),
  ec_response_date: nullableDate,
  ec_process1_date: nullableDate,
  ec_process1_result: nullableNumber,
  ec_process1_confirm_date: nullableDate,
  ec_process2_date: nullableDate,
  ec_process2_result: nullableNumber,
  ec_process2_confirm_date: nullableDate,
  ec_process3_date: nullableDate,
  ec_process3_result: nullableNumber,
  ec_process3_confirm_date: nullableDate,
  declarationStatus: z.string(),
  ec_process_result: nullableNumber,
  ec_process_confirm_date: nullableDate,
  ec_process_remarks: z.string(),
  /** JSON text keyed by custom column name. */
  custom_info: z.string(),
  /** Evidence screenshots, comma-separated stored names. */
  ec_upload_image_names: z.string(),
  /** The rules of section 4 find a round or the final result inconsistent (shown to analysts). */
  is_error: z.boolean(),
  /** The same listing (URL) was already recorded for this client, or appears twice in the report. */
  is_repeat: z.boolean(),
  /** Visible to the client's users (the report was posted with it). */
  published: z.boolean(),
  updated_at: z.string(),
  /**
   * Where each field of a crawled record came from, by record field (`{ ec_product_price: 'json-ld' }`): the crawler's
   * witness when it read the page; null for records made by uploads (spec README "Reading real pages").
   */
  ec_field_sources: z.record(z.string(), z.enum(EC_FIELD_SOURCES)).nullable(),
  /**
   * Triage signals (issue 19), in lists only: the abnormal-price score ((median - price) / (1.4826 x MAD) of the
   * comparable listings, analysts only, null without enough peers) and whether the seller is in a repeat-offender network.
   */
  triage_price_score: z.number().nullable().optional(),
  repeat_offender: z.boolean().optional(),
  /**
   * Watches (issue 30), in lists only: the record's latest watch change (new, changed with its fields from what to
   * what, gone, back) and when a watch first found it (ISO), null for a record no watch follows.
   */
  watch_change: recordWatchChange.nullable().optional(),
  watch_found_at: z.string().nullable().optional(),
  /** The listing picture as looked at (issue 31): its state and what it was found to show. */
  ...recordPictureFields,
});
export type EcRecord = z.infer<typeof ecRecord>;

/** Columns the list can filter (distinct values), sort and search, by their answer names. */
export const EC_FILTER_FIELDS = [
  'ec_site', 'ec_scan_date', 'ec_search_keyword', 'ec_product_brand', 'ec_product_seller', 'ec_product_currency',
  'ec_product_region', 'ec_product_city', 'ec_categorize_date', 'ec_blacklist_object', 'ec_whitelist_object',
  'ec_is_need_to_check', 'ec_title_hint_word', 'ec_brand_hint_word', 'ec_product_category_id', 'ec_category_id',
  'ec_category_common_type_id', 'ec_response_action', 'ec_response_trademark', 'ec_response_date',
  'ec_process1_result', 'ec_process2_result', 'ec_process3_result', 'declarationStatus', 'ec_process_result',
  'report_id', 'ec_product_title', 'ec_product_no', 'ec_product_url', 'ec_product_price', 'ec_no',
  // Posted to the client: no column of its own, but a link (Top Infringers) narrows an analyst's list to what the client sees.
  'published',
  // Triage signals (issue 19): a score threshold (the smallest value given) and the repeat-offender flag.
  'triage_price_score', 'repeat_offender',
  // Watches (issue 30): the latest change's kinds, and "new since" (NEW_SINCE) on when a watch first found the record.
  'watch_change', 'watch_found_at',
] as const;
export type EcFilterField = (typeof EC_FILTER_FIELDS)[number];
export const EC_SORT_FIELDS = [
  'ec_id', 'ec_no', 'ec_site', 'ec_scan_date', 'ec_product_title', 'ec_product_price', 'ec_product_onsell_count',
  'ec_product_sold_count', 'ec_categorize_date', 'ec_response_date', 'ec_process1_date', 'ec_process2_date',
  'ec_process3_date', 'ec_process_confirm_date', 'ec_product_seller', 'ec_category_id', 'report_id',
] as const;
export const EC_WORD_FIELDS = [
  'ec_id', 'ec_no', 'ec_product_title', 'ec_product_seller', 'ec_product_url', 'ec_search_keyword', 'ec_product_brand',
  'ec_categorize_remarks', 'ec_response_reason', 'ec_process_remarks',
] as const;
export const EC_DATE_FIELDS = [
  'ec_scan_date', 'ec_categorize_date', 'ec_response_date', 'ec_process1_date', 'ec_process1_confirm_date',
  'ec_process2_date', 'ec_process2_confirm_date', 'ec_process3_date', 'ec_process3_confirm_date', 'ec_process_confirm_date',
] as const;

/** The list's search (document 3, section 7): conditions, column filters (`null` = blank), sort, paging. */
export const { recordSearch, searchConditions, exportQuery, searchRecordsInput, searchRecordsOutput, fetchFiltersInput, recordOutput } = recordListSchemas(ecRecord, {
  word: EC_WORD_FIELDS,
  date: EC_DATE_FIELDS,
  filter: EC_FILTER_FIELDS,
  sort: EC_SORT_FIELDS,
});
/** search-by-picture: the client's records whose pictures are nearest the one given, nearest first (`distance`: bits of 64). */
export const searchByPictureOutput = z.object({ records: z.array(ecRecord.extend({ distance: z.number() })) });
export { fetchFiltersOutput, FILTER_VALUES_MAX, recordIdInput, historyRow, historyOutput, batchOutput, lastBatchInput, lastBatchOutput, undoBatchInput, undoBatchOutput, getColumnsInput, columnsOutput, setColumnsInput, recordSaveProblem, type SaveRuleFields };

const optionalDate = recordOptionalDate;
const optionalCode = recordOptionalCode;
const text = optionalText;

/** The update payload's names (document 3, section 7) and the record field (answer name) each one changes. */
export const EC_UPDATE_FIELDS = {
  categoryId: 'ec_category_id',
  categorizeDate: 'ec_categorize_date',
  categoryRemarks: 'ec_categorize_remarks',
  productCategoryId: 'ec_product_category_id',
  titleHintWord: 'ec_title_hint_word',
  brandHintWord: 'ec_brand_hint_word',
  process1Result: 'ec_process1_result',
  process1Date: 'ec_process1_date',
  process1ConfirmDate: 'ec_process1_confirm_date',
  process2Result: 'ec_process2_result',
  process2Date: 'ec_process2_date',
  process2ConfirmDate: 'ec_process2_confirm_date',
  process3Result: 'ec_process3_result',
  process3Date: 'ec_process3_date',
  process3ConfirmDate: 'ec_process3_confirm_date',
  declarationStatus: 'declarationStatus',
  processResult: 'ec_process_result',
  processConfirmDate: 'ec_process_confirm_date',
  processRemarks: 'ec_process_remarks',
  action: 'ec_response_action',
  reason: 'ec_response_reason',
  trademarkId: 'ec_response_trademark',
  responseDate: 'ec_response_date',
  responseRemarks: 'ec_response_remarks',
  customInfo: 'custom_info',
} as const;
export type EcUpdateField = keyof typeof EC_UPDATE_FIELDS;

/** Fields only analysts may change. */
export const EC_ANALYST_FIELDS = [
  'categoryId', 'categorizeDate', 'categoryRemarks', 'productCategoryId', 'titleHintWord', 'brandHintWord',
  'process1Result', 'process1Date', 'process1ConfirmDate', 'process2Result', 'process2Date', 'process2ConfirmDate',
  'process3Result', 'process3Date', 'process3ConfirmDate', 'declarationStatus', 'processResult', 'processConfirmDate',
  'processRemarks', 'customInfo',
] as const;
/** Fields a client user may change: the response. */
export const EC_RESPONSE_FIELDS = ['action', 'reason', 'trademarkId', 'responseDate', 'responseRemarks'] as const;

const result = optionalCode(3, 'validation.processResultInvalid');
export const updateRecordInput = z.object({
  clientId: id,
  recordId,
  categoryId: optionalId,
  categorizeDate: optionalDate,
  categoryRemarks: text(2000),
  productCategoryId: optionalId,
  titleHintWord: text(500),
  brandHintWord: text(500),
  ...roundsUpdateShape(),
  declarationStatus: text(200),
  processResult: result,
  processConfirmDate: optionalDate,
  processRemarks: text(2000),
  action: optionalCode(4, 'validation.responseActionInvalid'),
  reason: text(2000),
  trademarkId: optionalId,
  responseDate: optionalDate,
  responseRemarks: text(2000),
  /** JSON text: an object keyed by custom column name with text values. */
  customInfo: z
    .string()
    .max(20_000, 'validation.tooLong')
    .refine((s) => {
      try {
        const v: unknown = JSON.parse(s);
        // Escapes such as \u0000 inside the text become characters only here, so they are checked here.
        return typeof v === 'object' && v !== null && !Array.isArray(v) && unstorableTextPath(v) === null;
      } catch {
        return false;
      }
    }, 'validation.customInfoInvalid')
    .optional(),
});
export type UpdateRecordInput = z.infer<typeof updateRecordInput>;
export const updateRecordOutput = z.object({ record: ecRecord, ec_upload_image_names: z.string() });

export const batchCategoryInput = z.object({
  clientId: id,
  recordIds,
  commoncategoryId: batchCode(17),
});
export const batchActionInput = z.object({
  clientId: id,
  recordIds,
  action: batchCode(4),
});

/** Evidence screenshots (png, jpg, jpeg), several per record. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const uploadEvidenceInput = z.object({
  clientId: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), id),
  recordId: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), recordId),
});
export const uploadEvidenceOutput = z.object({ names: z.string() });
export const deleteEvidenceInput = z.object({ clientId: id, recordId, name: z.string().min(1).max(100) });
export const deleteEvidenceOutput = z.object({ names: z.string() });

/**
 * The listing's price per run of the client's price-monitoring crawler tasks (the listing is the record's product
 * URL), oldest first. `price` is the text the page gave; `amount` its number when it reads as one (for the chart).
 */
export const priceHistoryRow = z.object({ seenAt: z.string(), taskId: z.number(), taskTitle: z.string(), runNo: z.number(), price: z.string().nullable(), amount: z.number().nullable(), currency: z.string().nullable() });
export const priceHistoryOutput = z.object({ prices: z.array(priceHistoryRow) });

/**
 * Section 4: a row is an error when a round's or the final result lacks its date (or the reverse), a later round is
 * filled while the one before is empty, or the final result is filled while no round is.
 */
export function recordErrors(r: Pick<EcRecord, 'ec_process1_result' | 'ec_process1_date' | 'ec_process2_result' | 'ec_process2_date' | 'ec_process3_result' | 'ec_process3_date' | 'ec_process_result' | 'ec_process_confirm_date'>): boolean {
  return roundsInError({
    rounds: [
      [r.ec_process1_result, r.ec_process1_date],
      [r.ec_process2_result, r.ec_process2_date],
      [r.ec_process3_result, r.ec_process3_date],
    ],
    result: r.ec_process_result,
    confirmDate: r.ec_process_confirm_date,
  });
}
