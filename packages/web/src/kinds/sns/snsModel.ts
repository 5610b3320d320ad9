import {
  SNS_ACTIONS,
  SNS_CATEGORIES,
  SNS_DATE_FIELDS,
  SNS_FILTER_FIELDS,
  SNS_PLATFORMS,
  SNS_PROCESS_RESULTS,
  SNS_RECORD_FIELDS,
  SNS_SORT_FIELDS,
  SNS_WORD_FIELDS,
  type Locale,
  type SnsRecord,
  type SnsUpdateRecordInput,
} from '@portal/contract';
import type { CallPath } from '@portal/contract';
import { initialSearch, listFieldsOf } from '../../records/listQuery';
import { categorizedForm, fieldLabelIn, resultCodes, standardRecordFieldOf, standardValueText, type StandardLookups } from '../../records/standardModel';
import { codeOptions } from '../../records/values';

/**
 * The social media (SNS) parts of the record list and detail: field names, read paths, defaults, how values read
 * (platforms, SNS categories, actions and results from the contract's code lists), and the detail form bound to the
 * SNS record (the standard form: SNS records update as website records do). Pure: unit-tested in snsModel.test.ts.
 */

export type SnsDateField = (typeof SNS_DATE_FIELDS)[number];
export type SnsWordField = (typeof SNS_WORD_FIELDS)[number];
export type SnsFilterField = (typeof SNS_FILTER_FIELDS)[number];
export type SnsSortField = (typeof SNS_SORT_FIELDS)[number];

export const SNS_LIST_FIELDS = listFieldsOf({ date: SNS_DATE_FIELDS, word: SNS_WORD_FIELDS, filter: SNS_FILTER_FIELDS, sort: SNS_SORT_FIELDS });

/** Every cached read of the SNS record screens (the kind's calls and its report names): a report upload or action marks them stale. */
export const SNS_RECORD_READS = [
  '/api/sns-data/search-records',
  '/api/sns-data/get-record',
  '/api/sns-data/fetch-filters',
  '/api/sns-data/get-record-history',
  '/api/sns-data/get-columns',
  '/api/sns-data/fetch-report-names',
  '/api/sns-data/fetch-last-batch',
] as const satisfies readonly CallPath[];

export const SNS_COLUMN_KEYS: readonly string[] = SNS_RECORD_FIELDS.map((f) => f.key);

/** The search bar before any search: a keyword looks in the account's name and id and in the post's text. */
export const SNS_INITIAL_SEARCH = initialSearch<SnsDateField, SnsWordField>(['accountName', 'accountId', 'postText']);

/** What the list shows until the user chooses. */
export const SNS_DEFAULT_COLUMNS: readonly string[] = [
  'id',
  'platform',
  'scanDate',
  'accountName',
  'accountId',
  'followers',
  'postURL',
  'postedAt',
  'categorizeDate',
  'categoryId',
  'action',
  'process1ResultId',
  'processResultId',
  'reportId',
];

/** The contract's label of an SNS record field in the user's language (the field's own name for one it does not list). */
export const snsFieldLabel = fieldLabelIn(SNS_RECORD_FIELDS);
/** A history row's field name (payload or record naming) as the record's. */
export const snsRecordFieldOf = standardRecordFieldOf;

export const platformOptions = (locale: Locale) => codeOptions(SNS_PLATFORMS, locale);
export const snsCategoryOptions = (locale: Locale) => codeOptions(SNS_CATEGORIES, locale);
export const actionOptions = (locale: Locale) => codeOptions(SNS_ACTIONS, locale);
export const resultOptions = (locale: Locale) => codeOptions(SNS_PROCESS_RESULTS, locale);

export type SnsLookups = StandardLookups;

/** A raw value of a field as the user reads it: codes as labels, ids as names, dates YYYY-MM-DD. */
export const snsValueText = standardValueText(
  { platform: SNS_PLATFORMS, categoryId: SNS_CATEGORIES, action: SNS_ACTIONS, ...resultCodes(SNS_PROCESS_RESULTS) },
  SNS_DATE_FIELDS,
);

/** The account's name as the detail's title: its name, else its id, else the record's number. */
export function accountTitle(record: Pick<SnsRecord, 'accountName' | 'accountId'>): string {
  return record.accountName.trim() || (record.accountId.trim() ? `@${record.accountId.trim()}` : '');
}

/** The detail form bound to the SNS record (the standard form of ../records/standardForm.ts). */
export const SNS_FORM = categorizedForm<SnsRecord, SnsUpdateRecordInput>((fields) => fields);
