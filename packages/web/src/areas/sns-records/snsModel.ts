import {
  MatchType,
  SNS_ACTIONS,
  SNS_ANALYST_FIELDS,
  SNS_CATEGORIES,
  SNS_DATE_FIELDS,
  SNS_FILTER_FIELDS,
  SNS_PLATFORMS,
  SNS_PROCESS_RESULTS,
  SNS_RECORD_FIELDS,
  SNS_RESPONSE_FIELDS,
  SNS_SORT_FIELDS,
  SNS_UPDATE_FIELDS,
  SNS_WORD_FIELDS,
  type Locale,
  type SnsRecord,
  type SnsUpdateField,
  type SnsUpdateRecordInput,
} from '@portal/contract';
import { recordKeys } from '../records/kind';
import type { FilterValue, ListFields } from '../records/listQuery';
import { standardForm } from '../records/standardForm';
import { codeOptions, codeText, dayOf } from '../records/values';

/**
 * The social media (SNS) parts of the record list and detail: field names, query keys, defaults, how values read
 * (platforms, SNS categories, actions and results from the contract's code lists), and the detail form bound to the
 * SNS record (the standard form: SNS records update as website records do). Pure: unit-tested in snsModel.test.ts.
 */

export type SnsDateField = (typeof SNS_DATE_FIELDS)[number];
export type SnsWordField = (typeof SNS_WORD_FIELDS)[number];
export type SnsFilterField = (typeof SNS_FILTER_FIELDS)[number];
export type SnsSortField = (typeof SNS_SORT_FIELDS)[number];

export const SNS_LIST_FIELDS: ListFields<SnsDateField, SnsWordField, SnsFilterField, SnsSortField> = {
  dateFields: SNS_DATE_FIELDS,
  wordFields: SNS_WORD_FIELDS,
  filterFields: SNS_FILTER_FIELDS,
  sortFields: SNS_SORT_FIELDS,
};

export const snsKeys = recordKeys('sns-records');

export const SNS_COLUMN_KEYS: readonly string[] = SNS_RECORD_FIELDS.map((f) => f.key);

/** The search bar before any search: a keyword looks in the account's name and id and in the post's text. */
export const SNS_INITIAL_SEARCH = {
  dateFields: [] as SnsDateField[],
  startDate: null,
  endDate: null,
  wordFields: ['accountName', 'accountId', 'postText'] as SnsWordField[],
  keyword: '',
  searchType: MatchType.FUZZY,
};

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
export function snsFieldLabel(key: string, locale: Locale): string {
  const field = SNS_RECORD_FIELDS.find((f) => f.key === key);
  return field ? field[locale] : key;
}

/** A history row's field name (payload or record naming) as the record's. */
export function snsRecordFieldOf(name: string): string {
  return name in SNS_UPDATE_FIELDS ? SNS_UPDATE_FIELDS[name as SnsUpdateField] : name;
}

export const platformOptions = (locale: Locale) => codeOptions(SNS_PLATFORMS, locale);
export const snsCategoryOptions = (locale: Locale) => codeOptions(SNS_CATEGORIES, locale);
export const actionOptions = (locale: Locale) => codeOptions(SNS_ACTIONS, locale);
export const resultOptions = (locale: Locale) => codeOptions(SNS_PROCESS_RESULTS, locale);

export interface SnsLookups {
  locale: Locale;
  /** Trademark id: its registration number. */
  trademarks: ReadonlyMap<number, string>;
  reports: ReadonlyMap<number, string>;
}

const RESULT_FIELDS = new Set(['process1ResultId', 'process2ResultId', 'process3ResultId', 'processResultId']);
const DATE_VALUE_FIELDS = new Set<string>([...SNS_DATE_FIELDS]);

/** A raw value of a field as the user reads it: codes as labels, ids as names, dates YYYY-MM-DD. */
export function snsValueText(key: string, value: FilterValue | undefined, lookups: SnsLookups): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  const locale = lookups.locale;
  if (key === 'platform') return codeText(SNS_PLATFORMS, n, locale) ?? String(value);
  if (key === 'categoryId') return codeText(SNS_CATEGORIES, n, locale) ?? String(value);
  if (key === 'action') return codeText(SNS_ACTIONS, n, locale) ?? String(value);
  if (RESULT_FIELDS.has(key)) return codeText(SNS_PROCESS_RESULTS, n, locale) ?? String(value);
  if (key === 'trademarkId') return lookups.trademarks.get(n) ?? String(value);
  if (key === 'reportId') return lookups.reports.get(n) ?? String(value);
  if (DATE_VALUE_FIELDS.has(key) && dayOf(value)) return dayOf(value);
  return String(value);
}

/** The account's name as the detail's title: its name, else its id, else the record's number. */
export function accountTitle(record: Pick<SnsRecord, 'accountName' | 'accountId'>): string {
  return record.accountName.trim() || (record.accountId.trim() ? `@${record.accountId.trim()}` : '');
}

/** The detail form bound to the SNS record (the standard form of ../records/standardForm.ts). */
export const SNS_FORM = standardForm<SnsRecord, SnsUpdateRecordInput>({
  updateFields: SNS_UPDATE_FIELDS,
  analystFields: SNS_ANALYST_FIELDS,
  responseFields: SNS_RESPONSE_FIELDS,
  recordId: (record) => record.id,
  payload: (fields) => fields,
});
