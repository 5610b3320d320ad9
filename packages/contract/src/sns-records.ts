import { z } from 'zod';
import { recordPictureFields } from './pictures.js';
import {
  batchOutput, lastBatchInput, lastBatchOutput, undoBatchInput, undoBatchOutput, CATEGORIZED_ANALYST_FIELDS, CATEGORIZED_FIELD_LABELS, CATEGORIZED_RESPONSE_FIELDS, CATEGORIZED_UPDATE_FIELDS, categorizedBatchInputs, categorizedRecordErrors,
  categorizedRecordTail, categorizedUpdateInput, columnsOutput, fetchFiltersOutput, getColumnsInput, historyOutput,
  nullableDate, nullableNumber, recordIdInput, recordListSchemas, setColumnsInput,
  type CategorizedUpdateField,
} from './records.js';
import { WS_ACTIONS, WS_ACTION_MAX, WS_PROCESS_RESULTS } from './ws-records.js';

/**
 * Social media (SNS) records: the third monitored channel of document 1, section 1, beside marketplaces and
 * websites. The documents name the channel and its calls (spec README, "SNS records") but not its fields; these are
 * what a social-media brand-protection team records about an infringing post and the account behind it. Answers
 * and the update payload follow the website records' naming (`categoryId`, `process1ResultId` / `process1Result`),
 * with the bookkeeping `client_id`, `is_error`, `published`, `updated_at`.
 */

/** The platform a post was found on: the record's `platform`. */
export const SNS_PLATFORMS = {
  1: { en: 'Instagram', ja: 'Instagram' },
  2: { en: 'Facebook', ja: 'Facebook' },
  3: { en: 'X (Twitter)', ja: 'X（旧Twitter）' },
  4: { en: 'TikTok', ja: 'TikTok' },
  5: { en: 'YouTube', ja: 'YouTube' },
  6: { en: 'LINE', ja: 'LINE' },
  7: { en: 'Weibo', ja: 'Weibo（微博）' },
  8: { en: 'Xiaohongshu', ja: '小紅書（RED）' },
  9: { en: 'Douyin', ja: 'Douyin（抖音）' },
  10: { en: 'Other', ja: 'その他' },
} as const;
export const SNS_PLATFORM_MAX = 10;

/**
 * What the analyst found the post or account to be: the record's `categoryId`. Infringing ones are listed in
 * SNS_INFRINGING_CATEGORIES (what the dashboards count as an SNS infringement).
 */
export const SNS_CATEGORIES = {
  1: { en: 'Official account', ja: '公式アカウント' },
  2: { en: 'Non-related', ja: '無関係' },
  3: { en: 'Counterfeit sales', ja: '模倣品販売' },
  4: { en: 'Trademark misuse', ja: '商標の不正使用' },
  5: { en: 'Impersonation', ja: 'なりすまし' },
  6: { en: 'Copyright (image) misuse', ja: '著作権（画像）侵害' },
  7: { en: 'Lead to infringing site', ja: '侵害サイトへの誘導' },
  8: { en: 'Scam or phishing', ja: '詐欺・フィッシング' },
  9: { en: 'Need confirmation', ja: '要確認' },
  10: { en: 'Deleted or not displayed', ja: '削除済み・表示不可' },
} as const;
export const SNS_CATEGORY_MAX = 10;
export const SNS_INFRINGING_CATEGORIES = [3, 4, 5, 6, 7, 8] as const;
/** The client's action and the round results are the website ones (takedown, pending, no action; in review, done, no action). */
export const SNS_ACTIONS = WS_ACTIONS;
export const SNS_PROCESS_RESULTS = WS_PROCESS_RESULTS;
export const SNS_ACTION_MAX = WS_ACTION_MAX;
export type SnsPlatform = keyof typeof SNS_PLATFORMS;
export type SnsCategory = keyof typeof SNS_CATEGORIES;

/** The fields of an SNS record with their English and Japanese labels: the list's columns, in the template's order. */
export const SNS_RECORD_FIELDS = [
  { key: 'id', en: 'ID', ja: 'ID' },
  { key: 'no', en: 'No.', ja: 'No.' },
  { key: 'reportId', en: 'Report', ja: 'レポート' },
  { key: 'platform', en: 'Platform', ja: 'プラットフォーム' },
  { key: 'scanDate', en: 'Scan date', ja: '調査日' },
  { key: 'searchKeyword', en: 'Search keyword', ja: '検索キーワード' },
  { key: 'accountName', en: 'Account name', ja: 'アカウント名' },
  { key: 'accountId', en: 'Account ID', ja: 'アカウントID' },
  { key: 'accountURL', en: 'Account URL', ja: 'アカウントURL' },
  { key: 'followers', en: 'Followers', ja: 'フォロワー数' },
  { key: 'postURL', en: 'Post URL', ja: '投稿URL' },
  { key: 'postText', en: 'Post text', ja: '投稿本文' },
  { key: 'postedAt', en: 'Posted on', ja: '投稿日' },
  { key: 'region', en: 'Region', ja: '地域' },
  { key: 'imageURL', en: 'Image URL', ja: '画像URL' },
  { key: 'blacklist', en: 'Black list', ja: 'ブラックリスト' },
  { key: 'whitelist', en: 'White list', ja: 'ホワイトリスト' },
  { key: 'categorizeDate', en: 'Report date', ja: '報告日' },
  { key: 'categoryId', en: 'SNS category', ja: 'SNS分類' },
  { key: 'remarks', en: 'Comments', ja: 'コメント' },
  ...CATEGORIZED_FIELD_LABELS,
] as const;
export type SnsRecordField = (typeof SNS_RECORD_FIELDS)[number]['key'];
export const SNS_RECORD_FIELD_KEYS = SNS_RECORD_FIELDS.map((f) => f.key) as [SnsRecordField, ...SnsRecordField[]];

export const snsRecord = z.object({
  id: z.number(),
  client_id: z.number(),
  no: nullableNumber,
  reportId: z.number(),
  /** Platform 1-10 (SNS_PLATFORMS). */
  platform: z.number(),
  scanDate: nullableDate,
  searchKeyword: z.string(),
  accountName: z.string(),
  accountId: z.string(),
  accountURL: z.string(),
  followers: nullableNumber,
  postURL: z.string(),
  postText: z.string(),
  postedAt: nullableDate,
  /** The account's region as uploaded (a country code or name). */
  region: z.string(),
  imageURL: z.string(),
  /** Why the account or post matched the client's black list ("seller: ...", "url: ..."), or ''. */
  blacklist: z.string(),
  whitelist: z.string(),
  categorizeDate: nullableDate,
  /** SNS category 1-10 (SNS_CATEGORIES). */
  categoryId: nullableNumber,
  remarks: z.string(),
  ...categorizedRecordTail,
  /** In lists only (issue 19): the account is in a repeat-offender seller network. */
  repeatOffender: z.boolean().optional(),
  /** The post's picture as looked at (issue 31): its state and what it was found to show. */
  ...recordPictureFields,
});
export type SnsRecord = z.infer<typeof snsRecord>;

/** Columns the list can filter (distinct values), by their answer names. */
export const SNS_FILTER_FIELDS = [
  'reportId', 'no', 'platform', 'scanDate', 'searchKeyword', 'accountName', 'accountId', 'region', 'postedAt', 'blacklist', 'whitelist',
  'categorizeDate', 'categoryId', 'action', 'trademarkId', 'responseDate', 'process1ResultId', 'process2ResultId', 'process3ResultId',
  'processResultId', 'repeatOffender',
] as const;
export type SnsFilterField = (typeof SNS_FILTER_FIELDS)[number];
export const SNS_SORT_FIELDS = [
  'id', 'no', 'reportId', 'platform', 'scanDate', 'accountName', 'accountId', 'followers', 'postedAt', 'region', 'categorizeDate', 'categoryId',
  'action', 'responseDate', 'process1Date', 'process2Date', 'process3Date', 'processConfirmDate',
] as const;
export const SNS_WORD_FIELDS = [
  'id', 'no', 'accountName', 'accountId', 'accountURL', 'postURL', 'postText', 'searchKeyword', 'remarks', 'responseRemarks', 'processRemarks',
] as const;
export const SNS_DATE_FIELDS = [
  'scanDate', 'postedAt', 'categorizeDate', 'responseDate', 'process1Date', 'process1ConfirmDate', 'process2Date', 'process2ConfirmDate',
  'process3Date', 'process3ConfirmDate', 'processConfirmDate',
] as const;

/** The list's search, filters and answers: the shared shape with the SNS fields. */
export const { recordSearch, searchConditions, exportQuery, searchRecordsInput, searchRecordsOutput, fetchFiltersInput, recordOutput } = recordListSchemas(snsRecord, {
  word: SNS_WORD_FIELDS,
  date: SNS_DATE_FIELDS,
  filter: SNS_FILTER_FIELDS,
  sort: SNS_SORT_FIELDS,
});
export { fetchFiltersOutput, recordIdInput, historyOutput, batchOutput, lastBatchInput, lastBatchOutput, undoBatchInput, undoBatchOutput, getColumnsInput, columnsOutput, setColumnsInput };

/** The update payload's names and the record field (answer name) each changes; who may change which: the shared ones. */
export const SNS_UPDATE_FIELDS = CATEGORIZED_UPDATE_FIELDS;
export type SnsUpdateField = CategorizedUpdateField;
export const SNS_ANALYST_FIELDS = CATEGORIZED_ANALYST_FIELDS;
export const SNS_RESPONSE_FIELDS = CATEGORIZED_RESPONSE_FIELDS;

const codes = { categoryMax: SNS_CATEGORY_MAX, categoryMessage: 'validation.snsCategoryInvalid', actionMax: SNS_ACTION_MAX } as const;
export const updateRecordInput = categorizedUpdateInput(codes);
export type SnsUpdateRecordInput = z.infer<typeof updateRecordInput>;
export const updateRecordOutput = z.object({ record: snsRecord });

/** Analysts set the category, client users the action, of the selected records. */
export const { batchCategoryInput, batchActionInput } = categorizedBatchInputs(codes);

/** Section 4's error flag for a SNS record. */
export const snsRecordErrors = categorizedRecordErrors;
