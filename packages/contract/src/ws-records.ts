import { z } from 'zod';
import {
  batchOutput, lastBatchInput, lastBatchOutput, undoBatchInput, undoBatchOutput, CATEGORIZED_ANALYST_FIELDS, CATEGORIZED_FIELD_LABELS, CATEGORIZED_RESPONSE_FIELDS, CATEGORIZED_UPDATE_FIELDS, categorizedBatchInputs, categorizedRecordErrors,
  categorizedRecordTail, categorizedUpdateInput, columnsOutput, fetchFiltersOutput, getColumnsInput, historyOutput,
  nullableDate, nullableNumber, recordIdInput, recordListSchemas, setColumnsInput,
  type CategorizedUpdateField,
} from './records.js';
import { WS_SITE_CATEGORIES, WS_PROCESS_RESULTS } from './names.js';
export { WS_SITE_CATEGORIES, WS_PROCESS_RESULTS };

/**
 * Document 3: website (WS) records, their list, detail (with whois), history and batch updates. Answers use the
 * spec's website record names (`pageURL`, `process1ResultId`, ...) plus the bookkeeping `client_id`, `is_error`,
 * `published`, `updated_at`; the update payload uses the call table's names (`process1Result`, ...), as for EC.
 * The search, filter, history, batch and column chooser schemas are the EC ones built from the WS field lists.
 */

/** The client's action on a website record: the record's `action`. */
export const WS_ACTIONS = {
  1: { en: 'Takedown', ja: '削除申請' },
  2: { en: 'Pending', ja: '保留' },
  3: { en: 'No Action', ja: '対応不要' },
} as const;
export type WsSiteCategory = keyof typeof WS_SITE_CATEGORIES;
export type WsAction = keyof typeof WS_ACTIONS;
export type WsProcessResult = keyof typeof WS_PROCESS_RESULTS;
export const WS_SITE_CATEGORY_MAX = 11;
export const WS_ACTION_MAX = 3;

/** The fields of a website record (document 3, section 3) with their English and Japanese labels: the list's columns. */
export const WS_RECORD_FIELDS = [
  { key: 'id', en: 'ID', ja: 'ID' },
  { key: 'no', en: 'No.', ja: 'No.' },
  { key: 'reportId', en: 'Report', ja: 'レポート' },
  { key: 'searchEngine', en: 'Search engine', ja: '検索エンジン' },
  { key: 'scanDate', en: 'Scan date', ja: '調査日' },
  { key: 'searchKeyword', en: 'Search keyword', ja: '検索キーワード' },
  { key: 'pageDomain', en: 'Domain', ja: 'ドメイン' },
  { key: 'pageURL', en: 'Page URL', ja: 'ページURL' },
  { key: 'domainRegion', en: 'Domain region', ja: 'ドメイン地域' },
  { key: 'tld', en: 'TLD', ja: 'TLD' },
  { key: 'domainContact', en: 'Domain contact', ja: 'ドメイン連絡先' },
  { key: 'categorizeDate', en: 'Report date', ja: '報告日' },
  { key: 'categoryId', en: 'Site category', ja: 'サイト分類' },
  { key: 'remarks', en: 'Comments', ja: 'コメント' },
  { key: 'redirectURL', en: 'Redirect URL', ja: 'リダイレクトURL' },
  { key: 'whois', en: 'Whois', ja: 'Whois' },
  { key: 'domainCreatedAt', en: 'Domain created', ja: 'ドメイン作成日' },
  { key: 'domainExpireAt', en: 'Domain expires', ja: 'ドメイン有効期限' },
  { key: 'domainUpdatedAt', en: 'Domain updated', ja: 'ドメイン更新日' },
  ...CATEGORIZED_FIELD_LABELS,
] as const;
export type WsRecordField = (typeof WS_RECORD_FIELDS)[number]['key'];
export const WS_RECORD_FIELD_KEYS = WS_RECORD_FIELDS.map((f) => f.key) as [WsRecordField, ...WsRecordField[]];

export const wsRecord = z.object({
  id: z.number(),
  client_id: z.number(),
  no: nullableNumber,
  reportId: z.number(),
  searchEngine: z.string(),
  scanDate: nullableDate,
  searchKeyword: z.string(),
  pageDomain: z.string(),
  pageURL: z.string(),
  domainRegion: z.string(),
  tld: z.string(),
  domainContact: z.string(),
  categorizeDate: nullableDate,
  /** Site category 1-11 (WS_SITE_CATEGORIES). */
  categoryId: nullableNumber,
  remarks: z.string(),
  redirectURL: z.string(),
  /** The whois text as uploaded (multi-line); the detail shows it preformatted. */
  whois: z.string(),
  domainCreatedAt: nullableDate,
  domainExpireAt: nullableDate,
  domainUpdatedAt: nullableDate,
  ...categorizedRecordTail,
});
export type WsRecord = z.infer<typeof wsRecord>;

/** Columns the list can filter (distinct values), by their answer names. */
export const WS_FILTER_FIELDS = [
  'reportId', 'no', 'searchEngine', 'scanDate', 'searchKeyword', 'pageDomain', 'pageURL', 'domainRegion', 'tld', 'categorizeDate',
  'categoryId', 'action', 'trademarkId', 'responseDate', 'process1ResultId', 'process2ResultId', 'process3ResultId', 'processResultId',
] as const;
export type WsFilterField = (typeof WS_FILTER_FIELDS)[number];
export const WS_SORT_FIELDS = [
  'id', 'no', 'reportId', 'searchEngine', 'scanDate', 'pageDomain', 'pageURL', 'domainRegion', 'tld', 'categorizeDate', 'categoryId',
  'action', 'responseDate', 'domainCreatedAt', 'domainExpireAt', 'process1Date', 'process2Date', 'process3Date', 'processConfirmDate',
] as const;
export const WS_WORD_FIELDS = [
  'id', 'no', 'pageURL', 'pageDomain', 'searchKeyword', 'redirectURL', 'domainContact', 'remarks', 'responseRemarks', 'processRemarks',
] as const;
export const WS_DATE_FIELDS = [
  'scanDate', 'categorizeDate', 'responseDate', 'domainCreatedAt', 'domainExpireAt', 'domainUpdatedAt', 'process1Date', 'process1ConfirmDate',
  'process2Date', 'process2ConfirmDate', 'process3Date', 'process3ConfirmDate', 'processConfirmDate',
] as const;

/** The list's search, filters and answers: the shared shape with the WS fields. */
export const { recordSearch, searchConditions, exportQuery, searchRecordsInput, searchRecordsOutput, fetchFiltersInput, recordOutput } = recordListSchemas(wsRecord, {
  word: WS_WORD_FIELDS,
  date: WS_DATE_FIELDS,
  filter: WS_FILTER_FIELDS,
  sort: WS_SORT_FIELDS,
});
export { fetchFiltersOutput, recordIdInput, historyOutput, batchOutput, lastBatchInput, lastBatchOutput, undoBatchInput, undoBatchOutput, getColumnsInput, columnsOutput, setColumnsInput };

/** The update payload's names and the record field (answer name) each changes; who may change which: the shared ones. */
export const WS_UPDATE_FIELDS = CATEGORIZED_UPDATE_FIELDS;
export type WsUpdateField = CategorizedUpdateField;
export const WS_ANALYST_FIELDS = CATEGORIZED_ANALYST_FIELDS;
export const WS_RESPONSE_FIELDS = CATEGORIZED_RESPONSE_FIELDS;

const codes = { categoryMax: WS_SITE_CATEGORY_MAX, categoryMessage: 'validation.siteCategoryInvalid', actionMax: WS_ACTION_MAX } as const;
export const updateRecordInput = categorizedUpdateInput(codes);
export type WsUpdateRecordInput = z.infer<typeof updateRecordInput>;
export const updateRecordOutput = z.object({ record: wsRecord });

/** Analysts set the category, client users the action, of the selected records. */
export const { batchCategoryInput, batchActionInput } = categorizedBatchInputs(codes);

/** Section 4's error flag for a website record. */
export const wsRecordErrors = categorizedRecordErrors;
