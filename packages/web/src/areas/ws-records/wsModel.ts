import dayjs, { type Dayjs } from 'dayjs';
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
  recordSaveProblem,
  type CallInput,
  type Locale,
  type SaveRuleFields,
  type WsRecord,
  type WsUpdateField,
  type WsUpdateRecordInput,
} from '@portal/contract';
import type { FilterValue, ListFields, ListState } from '../ec-records/generic/listQuery';

/**
 * The website (WS) parts of the record list and detail (document 3): field names, query keys, defaults, how values
 * read, whois text, and the detail form's values and payload. Pure: unit-tested in wsModel.test.ts.
 */

export type WsDateField = (typeof WS_DATE_FIELDS)[number];
export type WsWordField = (typeof WS_WORD_FIELDS)[number];
export type WsFilterField = (typeof WS_FILTER_FIELDS)[number];
export type WsSortField = (typeof WS_SORT_FIELDS)[number];
export type WsListState = ListState<WsDateField, WsWordField, WsFilterField, WsSortField>;
export type WsSearchInput = CallInput<'/api/ws-data/search-records'>;

export const WS_LIST_FIELDS: ListFields<WsDateField, WsWordField, WsFilterField, WsSortField> = {
  dateFields: WS_DATE_FIELDS,
  wordFields: WS_WORD_FIELDS,
  filterFields: WS_FILTER_FIELDS,
  sortFields: WS_SORT_FIELDS,
};

export const wsKeys = {
  all: ['ws-records'] as const,
  lists: ['ws-records', 'list'] as const,
  list: (input: WsSearchInput) => ['ws-records', 'list', input] as const,
  record: (clientId: number, recordId: number) => ['ws-records', 'record', clientId, recordId] as const,
  allFilters: ['ws-records', 'filters'] as const,
  filters: (clientId: number, field: string) => ['ws-records', 'filters', clientId, field] as const,
  history: (clientId: number, recordId: number) => ['ws-records', 'history', clientId, recordId] as const,
  columns: ['ws-records', 'columns'] as const,
  reports: (clientId: number) => ['ws-records', 'reports', clientId] as const,
};

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

type Codes = Record<number, { en: string; ja: string }>;
const codeText = (codes: Codes, n: number, locale: Locale): string | undefined => codes[n]?.[locale];
const RESULT_FIELDS = new Set(['process1ResultId', 'process2ResultId', 'process3ResultId', 'processResultId']);
const DATE_VALUE_FIELDS = new Set<string>([...WS_DATE_FIELDS]);

/** The select options of a code list, in its order, in the user's language. */
export function codeOptions(codes: Codes, locale: Locale): { value: number; label: string }[] {
  return Object.entries(codes).map(([value, names]) => ({ value: Number(value), label: names[locale] }));
}
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
  if (DATE_VALUE_FIELDS.has(key) && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
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

// ---------------------------------------------------------------- the detail form

const DATE = 'YYYY-MM-DD';
export const WS_FORM_DATE_FIELDS = [
  'categorizeDate', 'responseDate', 'process1Date', 'process1ConfirmDate', 'process2Date', 'process2ConfirmDate', 'process3Date',
  'process3ConfirmDate', 'processConfirmDate',
] as const satisfies readonly WsUpdateField[];
export const WS_FORM_NUMBER_FIELDS = [
  'categoryId', 'action', 'trademarkId', 'process1Result', 'process2Result', 'process3Result', 'processResult',
] as const satisfies readonly WsUpdateField[];
export const WS_FORM_TEXT_FIELDS = ['remarks', 'responseRemarks', 'processRemarks'] as const satisfies readonly WsUpdateField[];
type DateField = (typeof WS_FORM_DATE_FIELDS)[number];
type NumberField = (typeof WS_FORM_NUMBER_FIELDS)[number];
type TextField = (typeof WS_FORM_TEXT_FIELDS)[number];

/** The form's values by payload name: dates as dayjs (or null), codes and ids as numbers (or null), texts. */
export type WsFormValues = Partial<{ [K in DateField]: Dayjs | null } & { [K in NumberField]: number | null } & { [K in TextField]: string }>;
/** The payload's shape of every field: dates YYYY-MM-DD or null. */
export type WsFields = { [K in DateField]: string | null } & { [K in NumberField]: number | null } & { [K in TextField]: string };

const dayOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

/** The saved record in the payload's shape. */
export function wsSavedFields(record: WsRecord): WsFields {
  const fields = {} as Record<string, unknown>;
  for (const key of WS_FORM_DATE_FIELDS) fields[key] = dayOf(record[WS_UPDATE_FIELDS[key]]);
  for (const key of WS_FORM_NUMBER_FIELDS) fields[key] = (record[WS_UPDATE_FIELDS[key]] as number | null) ?? null;
  for (const key of WS_FORM_TEXT_FIELDS) fields[key] = String(record[WS_UPDATE_FIELDS[key]] ?? '');
  return fields as WsFields;
}

/** The form's starting values: the saved record. */
export function wsFormValuesOf(record: WsRecord): WsFormValues {
  const saved = wsSavedFields(record);
  const values: WsFormValues = {};
  for (const key of WS_FORM_DATE_FIELDS) values[key] = saved[key] ? dayjs(saved[key]) : null;
  for (const key of WS_FORM_NUMBER_FIELDS) values[key] = saved[key];
  for (const key of WS_FORM_TEXT_FIELDS) values[key] = saved[key];
  return values;
}

/** The form's values in the payload's shape. */
export function wsFormFields(values: WsFormValues): WsFields {
  const fields = {} as Record<string, unknown>;
  for (const key of WS_FORM_DATE_FIELDS) {
    const v = values[key];
    fields[key] = v && dayjs.isDayjs(v) && v.isValid() ? v.format(DATE) : null;
  }
  for (const key of WS_FORM_NUMBER_FIELDS) {
    const v = values[key];
    fields[key] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  for (const key of WS_FORM_TEXT_FIELDS) fields[key] = values[key] ?? '';
  return fields as WsFields;
}

/** Document 3, section 5: the save rule of the contract (the server's), with the site category as the category. */
export function wsSaveProblem(fields: WsFields) {
  return recordSaveProblem(fields satisfies SaveRuleFields);
}

/** The fields a role may send (spec 6): analysts every field, client users the response. */
export function wsEditableFields(analyst: boolean): readonly WsUpdateField[] {
  return analyst ? [...WS_ANALYST_FIELDS, ...WS_RESPONSE_FIELDS] : WS_RESPONSE_FIELDS;
}

/** The update payload: the ids and each field the role may change whose value differs from the saved record. */
export function wsChangedPayload(args: { clientId: number; record: WsRecord; values: WsFormValues; analyst: boolean }): WsUpdateRecordInput {
  const now = wsFormFields(args.values);
  const before = wsSavedFields(args.record);
  const payload: Record<string, unknown> = { clientId: args.clientId, recordId: args.record.id };
  for (const key of wsEditableFields(args.analyst)) {
    if (now[key as keyof WsFields] !== before[key as keyof WsFields]) payload[key] = now[key as keyof WsFields];
  }
  return payload as WsUpdateRecordInput;
}

/** True when the payload carries nothing but the ids. */
export function isEmptyWsUpdate(payload: WsUpdateRecordInput): boolean {
  return Object.keys(payload).every((key) => key === 'clientId' || key === 'recordId');
}

/** A report step is finished when its result and its date are both filled (step 4: the final result). */
export function wsStepFinished(fields: WsFields, step: 1 | 2 | 3 | 4): boolean {
  const filled = (v: unknown) => v !== null && v !== '';
  if (step === 4) return filled(fields.processResult) && filled(fields.processConfirmDate);
  return filled(fields[`process${step}Result`]) && filled(fields[`process${step}Date`]);
}

/** Only http(s) addresses are opened or linked (a scraped URL is outside data). */
export { safeUrl } from '../ec-records/ecModel';

/** The record field (answer name) each update payload field changes, for labels. */
export const WS_UPDATE_FIELD_NAMES: Readonly<Record<WsUpdateField, string>> = WS_UPDATE_FIELDS;
