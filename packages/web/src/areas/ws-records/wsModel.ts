import {
  MatchType,
  WS_ACTIONS,
  WS_ANALYST_FIELDS,
  WS_DATE_FIELDS,
  WS_FILTER_FIELDS,
  WS_PROCESS_RESULTS,
  WS_RECORD_FIELDS,
  WS_RESPONSE_FIELDS,
  WS_SITE_CATEGORIES,
  WS_SORT_FIELDS,
  WS_UPDATE_FIELDS,
  WS_WORD_FIELDS,
  type Locale,
  type WsRecord,
  type WsUpdateField,
  type WsUpdateRecordInput,
} from '@portal/contract';
import { recordKeys } from '../records/kind';
import type { FilterValue, ListFields } from '../records/listQuery';
import { standardForm } from '../records/standardForm';
import { codeOptions, codeText, dayOf } from '../records/values';

/**
 * The website (WS) parts of the record list and detail (document 3): field names, query keys, defaults, how values
 * read, whois text, and the detail form bound to the WS record. Pure: unit-tested in wsModel.test.ts.
 */

export type WsDateField = (typeof WS_DATE_FIELDS)[number];
export type WsWordField = (typeof WS_WORD_FIELDS)[number];
export type WsFilterField = (typeof WS_FILTER_FIELDS)[number];
export type WsSortField = (typeof WS_SORT_FIELDS)[number];

export const WS_LIST_FIELDS: ListFields<WsDateField, WsWordField, WsFilterField, WsSortField> = {
  dateFields: WS_DATE_FIELDS,
  wordFields: WS_WORD_FIELDS,
  filterFields: WS_FILTER_FIELDS,
  sortFields: WS_SORT_FIELDS,
};

export const wsKeys = recordKeys('ws-records');

export const WS_COLUMN_KEYS: readonly string[] = WS_RECORD_FIELDS.map((f) => f.key);

/** The search bar before any search: a keyword looks in the page URL and the domain. */
export const WS_INITIAL_SEARCH = {
  dateFields: [] as WsDateField[],
  startDate: null,
  endDate: null,
  wordFields: ['pageURL', 'pageDomain'] as WsWordField[],
  keyword: '',
  searchType: MatchType.FUZZY,
};

/** What the list shows until the user chooses. */
export const WS_DEFAULT_COLUMNS: readonly string[] = [
  'id',
  'searchEngine',
  'scanDate',
  'pageDomain',
  'pageURL',
  'domainRegion',
  'categorizeDate',
  'categoryId',
  'action',
  'process1ResultId',
  'processResultId',
  'reportId',
];

/** The contract's label of a WS record field in the user's language (the field's own name for one it does not list). */
export function wsFieldLabel(key: string, locale: Locale): string {
  const field = WS_RECORD_FIELDS.find((f) => f.key === key);
  return field ? field[locale] : key;
}

/** A history row's field name (payload or record naming) as the record's. */
export function wsRecordFieldOf(name: string): string {
  return name in WS_UPDATE_FIELDS ? WS_UPDATE_FIELDS[name as WsUpdateField] : name;
}

const RESULT_FIELDS = new Set(['process1ResultId', 'process2ResultId', 'process3ResultId', 'processResultId']);
const DATE_VALUE_FIELDS = new Set<string>([...WS_DATE_FIELDS]);

export const siteCategoryOptions = (locale: Locale) => codeOptions(WS_SITE_CATEGORIES, locale);
export const actionOptions = (locale: Locale) => codeOptions(WS_ACTIONS, locale);
export const resultOptions = (locale: Locale) => codeOptions(WS_PROCESS_RESULTS, locale);

export interface WsLookups {
  locale: Locale;
  /** Trademark id: its registration number. */
  trademarks: ReadonlyMap<number, string>;
  reports: ReadonlyMap<number, string>;
}

/** A raw value of a field as the user reads it: codes as labels, ids as names, dates YYYY-MM-DD. */
export function wsValueText(key: string, value: FilterValue | undefined, lookups: WsLookups): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  const locale = lookups.locale;
  if (key === 'categoryId') return codeText(WS_SITE_CATEGORIES, n, locale) ?? String(value);
  if (key === 'action') return codeText(WS_ACTIONS, n, locale) ?? String(value);
  if (RESULT_FIELDS.has(key)) return codeText(WS_PROCESS_RESULTS, n, locale) ?? String(value);
  if (key === 'trademarkId') return lookups.trademarks.get(n) ?? String(value);
  if (key === 'reportId') return lookups.reports.get(n) ?? String(value);
  if (DATE_VALUE_FIELDS.has(key) && dayOf(value)) return dayOf(value);
  return String(value);
}

// ---------------------------------------------------------------- whois

/**
 * The whois text as it reads best preformatted: line ends unified, trailing spaces and blank lines at either end
 * dropped, runs of blank lines kept to one. Nothing else changes (the registrar's layout is the reader's guide).
 */
export function whoisText(raw: string | null | undefined): string {
  const lines = (raw ?? '').replace(/\r\n?/g, '\n').split('\n').map((line) => line.replace(/[ \t]+$/, ''));
  const kept: string[] = [];
  for (const line of lines) {
    if (line === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}

/** The detail form bound to the WS record (the standard form of ../records/standardForm.ts). */
export const WS_FORM = standardForm<WsRecord, WsUpdateRecordInput>({
  updateFields: WS_UPDATE_FIELDS,
  analystFields: WS_ANALYST_FIELDS,
  responseFields: WS_RESPONSE_FIELDS,
  recordId: (record) => record.id,
  payload: (fields) => fields,
});
