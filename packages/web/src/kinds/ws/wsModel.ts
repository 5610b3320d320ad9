import {
  WS_ACTIONS,
  WS_DATE_FIELDS,
  WS_FILTER_FIELDS,
  WS_PROCESS_RESULTS,
  WS_RECORD_FIELDS,
  WS_SITE_CATEGORIES,
  WS_SORT_FIELDS,
  WS_WORD_FIELDS,
  type Locale,
  type WsRecord,
  type WsUpdateRecordInput,
} from '@portal/contract';
import type { CallPath } from '@portal/contract';
import { initialSearch, listFieldsOf } from '../../records/listQuery';
import { categorizedForm, fieldLabelIn, resultCodes, standardRecordFieldOf, standardValueText, type StandardLookups } from '../../records/standardModel';
import { codeOptions } from '../../records/values';

/**
 * The website (WS) parts of the record list and detail (document 3): field names, read paths, defaults, how values
 * read, whois text, and the detail form bound to the WS record. Pure: unit-tested in wsModel.test.ts.
 */

export type WsDateField = (typeof WS_DATE_FIELDS)[number];
export type WsWordField = (typeof WS_WORD_FIELDS)[number];
export type WsFilterField = (typeof WS_FILTER_FIELDS)[number];
export type WsSortField = (typeof WS_SORT_FIELDS)[number];

export const WS_LIST_FIELDS = listFieldsOf({ date: WS_DATE_FIELDS, word: WS_WORD_FIELDS, filter: WS_FILTER_FIELDS, sort: WS_SORT_FIELDS });

/** Every cached read of the WS record screens (the kind's calls and its report names): a report upload or action marks them stale. */
export const WS_RECORD_READS = [
  '/api/ws-data/search-records',
  '/api/ws-data/get-record',
  '/api/ws-data/fetch-filters',
  '/api/ws-data/get-record-history',
  '/api/ws-data/get-columns',
  '/api/ws-data/fetch-report-names',
  '/api/ws-data/fetch-last-batch',
] as const satisfies readonly CallPath[];

export const WS_COLUMN_KEYS: readonly string[] = WS_RECORD_FIELDS.map((f) => f.key);

/** The search bar before any search: a keyword looks in the page URL and the domain. */
export const WS_INITIAL_SEARCH = initialSearch<WsDateField, WsWordField>(['pageURL', 'pageDomain']);

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
export const wsFieldLabel = fieldLabelIn(WS_RECORD_FIELDS);
/** A history row's field name (payload or record naming) as the record's. */
export const wsRecordFieldOf = standardRecordFieldOf;

export const siteCategoryOptions = (locale: Locale) => codeOptions(WS_SITE_CATEGORIES, locale);
export const actionOptions = (locale: Locale) => codeOptions(WS_ACTIONS, locale);
export const resultOptions = (locale: Locale) => codeOptions(WS_PROCESS_RESULTS, locale);

export type WsLookups = StandardLookups;

/** A raw value of a field as the user reads it: codes as labels, ids as names, dates YYYY-MM-DD. */
export const wsValueText = standardValueText({ categoryId: WS_SITE_CATEGORIES, action: WS_ACTIONS, ...resultCodes(WS_PROCESS_RESULTS) }, WS_DATE_FIELDS);

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
export const WS_FORM = categorizedForm<WsRecord, WsUpdateRecordInput>((fields) => fields);
