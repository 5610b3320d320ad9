import { z } from 'zod';
import { id } from './accounts.js';
import type { MessageKey } from './messages/index.js';
import { isoDate, MATCH_TYPES } from './search.js';

/**
 * Document 3: marketplace (EC) records, their list, detail, history and batch updates. Answers use the spec's
 * field names (`ec_*`); the update payload the call table's (`categoryId`, `process1Result`, ...).
 */

/** Final and per-round process results: 1 in review, 2 takedown (complete), 3 no action. */
export const EC_PROCESS_RESULTS = {
  1: { en: 'In review', ja: '審査中' },
  2: { en: 'Takedown', ja: '削除完了' },
  3: { en: 'No action', ja: '対応なし' },
} as const;
/** The client's response action: 1 takedown, 2 deleted, 3 pending, 4 no action. */
export const EC_RESPONSE_ACTIONS = {
  1: { en: 'Takedown', ja: '削除申請' },
  2: { en: 'Deleted', ja: '削除済み' },
  3: { en: 'Pending', ja: '保留' },
  4: { en: 'No action', ja: '対応不要' },
} as const;
export type EcProcessResult = keyof typeof EC_PROCESS_RESULTS;
export type EcResponseAction = keyof typeof EC_RESPONSE_ACTIONS;

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

const filterValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

/** The list's search (document 3, section 7): conditions, column filters (`null` = blank), sort, paging. */
export const recordSearch = z
  .object({
    clientId: id,
    keyword: z.string().max(200, 'validation.tooLong').optional().default(''),
    wordFields: z.array(z.enum(EC_WORD_FIELDS, { error: 'validation.searchField' })).max(EC_WORD_FIELDS.length).optional().default([]),
    dateFields: z.array(z.enum(EC_DATE_FIELDS, { error: 'validation.searchField' })).max(EC_DATE_FIELDS.length).optional().default([]),
    startDate: z.union([isoDate, z.literal(''), z.null()]).optional(),
    endDate: z.union([isoDate, z.literal(''), z.null()]).optional(),
    searchType: z.union(MATCH_TYPES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], { error: 'validation.searchType' }).optional().default(3),
    whereFields: z
      .array(z.object({ key: z.enum(EC_FILTER_FIELDS, { error: 'validation.searchField' }), values: z.array(filterValue).max(1000) }))
      .max(EC_FILTER_FIELDS.length)
      .optional()
      .default([]),
    orderFields: z
      .array(z.object({ key: z.enum(EC_SORT_FIELDS, { error: 'validation.searchField' }), value: z.union([z.literal(1), z.literal(2)]) }))
      .max(3)
      .optional()
      .default([]),
    /** 1: only the rows section 4 flags as errors (analysts). */
    filterErrorRecord: z.union([z.literal(0), z.literal(1), z.boolean()]).optional().default(0).transform((v) => v === 1 || v === true),
    /** The records a notice was about. */
    noticeId: id.optional(),
  })
  .refine((c) => !c.startDate || !c.endDate || c.endDate >= c.startDate, { message: 'validation.endBeforeStart', path: ['endDate'] });

export const searchRecordsInput = recordSearch.and(
  z.object({
    limit: z.number().int().min(1).max(500).optional().default(20),
    offset: z.number().int().min(0).max(100_000_000).optional().default(0),
  }),
);
export const searchRecordsOutput = z.object({
  records: z.array(ecRecord),
  total: z.number(),
  offset: z.number(),
  /** Rows flagged as errors among the client's records (analysts; 0 for clients). */
  errorRecordCount: z.number(),
});

export const fetchFiltersInput = z.object({ clientId: id, fieldName: z.enum(EC_FILTER_FIELDS, { error: 'validation.searchField' }) });
export const fetchFiltersOutput = z.object({
  /** The most frequent values first, `null` for blank; at most FILTER_VALUES_MAX. */
  filters: z.array(z.object({ value: filterValue, count: z.number() })),
  total: z.number(),
  offset: z.number(),
});
export const FILTER_VALUES_MAX = 1000;

export const recordIdInput = z.object({ clientId: id, recordId: id });
export const recordOutput = z.object({ record: ecRecord });

export const historyRow = z.object({
  id: z.number(),
  updateByUserName: z.string(),
  createdAt: z.string(),
  /** What changed: `batch-category`, `batch-action`, `update`, `upload-update`, `inherit`. */
  source: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export const historyOutput = z.object({ history: z.array(historyRow) });

const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDate.nullable()).optional();
const optionalCode = (max: number, message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.number({ error: message }).int(message).min(1, message).max(max, message).nullable()).optional();
const optionalId = z.preprocess((v) => (v === '' ? null : v), id.nullable()).optional();
const text = (max: number) => z.string().max(max, 'validation.tooLong').optional();

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
  recordId: id,
  categoryId: optionalId,
  categorizeDate: optionalDate,
  categoryRemarks: text(2000),
  productCategoryId: optionalId,
  titleHintWord: text(500),
  brandHintWord: text(500),
  process1Result: result,
  process1Date: optionalDate,
  process1ConfirmDate: optionalDate,
  process2Result: result,
  process2Date: optionalDate,
  process2ConfirmDate: optionalDate,
  process3Result: result,
  process3Date: optionalDate,
  process3ConfirmDate: optionalDate,
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
        return typeof v === 'object' && v !== null && !Array.isArray(v);
      } catch {
        return false;
      }
    }, 'validation.customInfoInvalid')
    .optional(),
});
export type UpdateRecordInput = z.infer<typeof updateRecordInput>;
export const updateRecordOutput = z.object({ record: ecRecord, ec_upload_image_names: z.string() });

const recordIds = z.array(id).min(1, 'validation.noRecordsSelected').max(10_000, 'validation.tooManyRecords');
export const batchCategoryInput = z.object({
  clientId: id,
  recordIds,
  commoncategoryId: z.number({ error: 'validation.batchValueRequired' }).int('validation.batchValueRequired').min(1, 'validation.batchValueRequired').max(17, 'validation.batchValueRequired'),
});
export const batchActionInput = z.object({
  clientId: id,
  recordIds,
  action: z.number({ error: 'validation.batchValueRequired' }).int('validation.batchValueRequired').min(1, 'validation.batchValueRequired').max(4, 'validation.batchValueRequired'),
});
export const batchOutput = z.object({ updateCount: z.number() });

/** Evidence screenshots (png, jpg, jpeg), several per record. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const uploadEvidenceInput = z.object({
  clientId: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), id),
  recordId: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), id),
});
export const uploadEvidenceOutput = z.object({ names: z.string() });
export const deleteEvidenceInput = z.object({ clientId: id, recordId: id, name: z.string().min(1).max(100) });
export const deleteEvidenceOutput = z.object({ names: z.string() });

/**
 * Section 4: a row is an error when a round's or the final result lacks its date (or the reverse), a later round is
 * filled while the one before is empty, or the final result is filled while no round is.
 */
export function recordErrors(r: Pick<EcRecord, 'ec_process1_result' | 'ec_process1_date' | 'ec_process2_result' | 'ec_process2_date' | 'ec_process3_result' | 'ec_process3_date' | 'ec_process_result' | 'ec_process_confirm_date'>): boolean {
  const rounds = [
    [r.ec_process1_result, r.ec_process1_date],
    [r.ec_process2_result, r.ec_process2_date],
    [r.ec_process3_result, r.ec_process3_date],
  ] as const;
  const filled = rounds.map(([res, date]) => res !== null || date !== null);
  if (rounds.some(([res, date]) => (res === null) !== (date === null))) return true;
  if ((filled[1] && !filled[0]) || (filled[2] && !filled[1])) return true;
  if ((r.ec_process_result === null) !== (r.ec_process_confirm_date === null)) return true;
  return r.ec_process_result !== null && !filled.some(Boolean);
}

/** The list's column chooser, remembered per user: the record fields (and custom column names) shown. */
export const getColumnsInput = z.object({});
export const columnsOutput = z.object({ columns: z.array(z.string()).nullable() });
export const setColumnsInput = z.object({ columns: z.array(z.string().min(1).max(200)).max(300) });

/** The fields the save rule reads, by their payload names; blank is null, undefined or ''. */
export type SaveRuleFields = Record<
  | 'categorizeDate' | 'categoryId' | 'processResult' | 'processConfirmDate'
  | 'process1Result' | 'process1Date' | 'process2Result' | 'process2Date' | 'process3Result' | 'process3Date',
  unknown
>;

/**
 * Document 3, section 5 "Record detail save (analyst only), checked in this order": the first problem, or null.
 * 1 categorize date; 2 subcategory; 3 each round's result and date together; 4 round 2 needs round 1, round 3
 * needs round 2; 5 the final result and its confirm date together; 6 a final result needs a round.
 * The browser checks with it before sending; the server checks the saved record merged with the change.
 */
export function recordSaveProblem(f: SaveRuleFields): { key: MessageKey; params?: { round: number } } | null {
  const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
  if (!filled(f.categorizeDate)) return { key: 'validation.categorizeDateRequired' };
  if (!filled(f.categoryId)) return { key: 'validation.recordCategoryRequired' };
  const rounds = [
    [f.process1Result, f.process1Date],
    [f.process2Result, f.process2Date],
    [f.process3Result, f.process3Date],
  ] as const;
  for (const [i, [result, date]] of rounds.entries()) {
    if (filled(result) !== filled(date)) return { key: 'validation.roundIncomplete', params: { round: i + 1 } };
  }
  const used = rounds.map(([result, date]) => filled(result) || filled(date));
  for (const n of [1, 2]) if (used[n] && !used[n - 1]) return { key: 'validation.roundOrder', params: { round: n } };
  if (filled(f.processResult) !== filled(f.processConfirmDate)) return { key: 'validation.finalIncomplete' };
  if (filled(f.processResult) && !used.some(Boolean)) return { key: 'validation.finalWithoutRound' };
  return null;
}
