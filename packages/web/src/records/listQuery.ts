import { IMAGE_MATCH_KINDS, MatchType, type ImageMatchKind, type SearchConditions } from '@portal/contract';

/**
 * The state of a record list (document 3, section 2) and its URL query, shared by the marketplace (EC) and the
 * website (WS) lists: `search` (the search bar's values as JSON), `sorter` (JSON), `filters` (JSON array of
 * {key, values}), `clientId`, `filterErrorRecord` (0 or 1), `stillLive` (1: still live after a takedown), `current`,
 * `pageSize` and `noticeId`.
 * Everything a reload, back/forward or a link (notices, the report tab, the dashboard) needs is in the URL; a value
 * that cannot be read (bad JSON, a field the list does not know) is left out rather than sent to the server.
 */

/** A column filter's value: `null` is the blank cell (spec 9), yes/no columns use what the filter call answered. */
export type FilterValue = string | number | boolean | null;
export interface ColumnFilter<F extends string = string> {
  key: F;
  values: FilterValue[];
}
export type SortOrder = 'ascend' | 'descend';
export interface Sorter<S extends string = string> {
  field: S;
  order: SortOrder;
}

/** The field names one list whitelists (the contract's lists), so nothing else comes out of a URL. */
export interface ListFields<D extends string, W extends string, F extends string, S extends string> {
  dateFields: readonly D[];
  wordFields: readonly W[];
  filterFields: readonly F[];
  sortFields: readonly S[];
}

/** A kind's list fields: the contract's whitelists (module level in the kind, so the list state's memo stays stable). */
export function listFieldsOf<D extends string, W extends string, F extends string, S extends string>(fields: {
  date: readonly D[];
  word: readonly W[];
  filter: readonly F[];
  sort: readonly S[];
}): ListFields<D, W, F, S> {
  return { dateFields: fields.date, wordFields: fields.word, filterFields: fields.filter, sortFields: fields.sort };
}

/** The search bar before any search: no dates, a fuzzy keyword looking in the kind's usual fields. */
export function initialSearch<D extends string, W extends string>(wordFields: W[]) {
  return { dateFields: [] as D[], startDate: null, endDate: null, wordFields, keyword: '', searchType: MatchType.FUZZY };
}

export interface ListState<D extends string = string, W extends string = string, F extends string = string, S extends string = string> {
  /** The search bar's conditions; null until the user searched (or a link gave some). */
  search: SearchConditions<D, W> | null;
  sorter: Sorter<S> | null;
  filters: ColumnFilter<F>[];
  /** The analyst's chosen client (client users always work on their own company's). */
  clientId: number | undefined;
  filterErrorRecord: boolean;
  /** Only the records whose re-check after a takedown found the listing still live. */
  filterStillLive: boolean;
  current: number;
  pageSize: number;
  /** The records a notice was about. */
  noticeId: number | undefined;
  /** Analysts: records with a triage suggestion (any), without one (none), or suggesting one category id. */
  suggested?: 'any' | 'none' | number | undefined;
  /** Issue 31: records whose picture matched with any of these kinds. */
  imageMatch?: ImageMatchKind[] | undefined;
}

/** Spec 9. */
export const PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500] as const;
/** The contract's limits: at most this many values per filter, and the keyword's length. */
const FILTER_VALUES_MAX = 1000;
const KEYWORD_MAX = 200;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The list's query parameters; the detail page adds `num` and `total` to them. */
export const LIST_PARAMS = ['search', 'sorter', 'filters', 'clientId', 'filterErrorRecord', 'stillLive', 'current', 'pageSize', 'noticeId', 'suggested', 'imageMatch'] as const;

export function emptyState<D extends string, W extends string, F extends string, S extends string>(): ListState<D, W, F, S> {
  return { search: null, sorter: null, filters: [], clientId: undefined, filterErrorRecord: false, filterStillLive: false, current: 1, pageSize: PAGE_SIZE, noticeId: undefined };
}

function json(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function positiveInt(text: string | null): number | undefined {
  if (!text || !/^\d{1,15}$/.test(text.trim())) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const pick = <T extends string>(allowed: readonly T[], v: unknown): T[] =>
  Array.isArray(v) ? [...new Set(v.filter((x): x is T => typeof x === 'string' && (allowed as readonly string[]).includes(x)))] : [];
const dateOf = (v: unknown): string | null => (typeof v === 'string' && DATE.test(v) ? v : null);

export function parseSearch<D extends string, W extends string>(value: unknown, fields: { dateFields: readonly D[]; wordFields: readonly W[] }): SearchConditions<D, W> | null {
  if (!isObject(value)) return null;
  const searchType = [1, 2, 3, 4].includes(Number(value.searchType)) ? (Number(value.searchType) as 1 | 2 | 3 | 4) : MatchType.FUZZY;
  return {
    dateFields: pick(fields.dateFields, value.dateFields),
    startDate: dateOf(value.startDate),
    endDate: dateOf(value.endDate),
    wordFields: pick(fields.wordFields, value.wordFields),
    keyword: typeof value.keyword === 'string' ? value.keyword.slice(0, KEYWORD_MAX) : '',
    searchType,
  };
}

/** `{"field":"ec_scan_date","order":"descend"}`; also reads the call's own `{key, value: 1|2}` (or a list of either). */
export function parseSorter<S extends string>(value: unknown, sortFields: readonly S[]): Sorter<S> | null {
  const one = Array.isArray(value) ? (value[0] as unknown) : value;
  if (!isObject(one)) return null;
  const field = one.field ?? one.columnKey ?? one.key;
  if (typeof field !== 'string' || !(sortFields as readonly string[]).includes(field)) return null;
  const order = one.order ?? one.value;
  if (order === 'ascend' || order === 1) return { field: field as S, order: 'ascend' };
  if (order === 'descend' || order === 2) return { field: field as S, order: 'descend' };
  return null;
}

const isFilterValue = (v: unknown): v is FilterValue => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** `[{"key":"report_id","values":[7]}]`: known keys only, each once (the last wins), empty lists left out. */
export function parseFilters<F extends string>(value: unknown, filterFields: readonly F[]): ColumnFilter<F>[] {
  if (!Array.isArray(value)) return [];
  const byKey = new Map<F, FilterValue[]>();
  for (const item of value as unknown[]) {
    if (!isObject(item) || typeof item.key !== 'string' || !(filterFields as readonly string[]).includes(item.key)) continue;
    const values = Array.isArray(item.values) ? item.values.filter(isFilterValue).slice(0, FILTER_VALUES_MAX) : [];
    byKey.delete(item.key as F);
    if (values.length) byKey.set(item.key as F, values);
  }
  return [...byKey].map(([key, values]) => ({ key, values }));
}

export function parseListQuery<D extends string, W extends string, F extends string, S extends string>(
  params: URLSearchParams,
  fields: ListFields<D, W, F, S>,
): ListState<D, W, F, S> {
  const pageSize = positiveInt(params.get('pageSize'));
  return {
    search: parseSearch(json(params.get('search')), fields),
    sorter: parseSorter(json(params.get('sorter')), fields.sortFields),
    filters: parseFilters(json(params.get('filters')), fields.filterFields),
    clientId: positiveInt(params.get('clientId')),
    filterErrorRecord: params.get('filterErrorRecord') === '1' || params.get('filterErrorRecord') === 'true',
    filterStillLive: params.get('stillLive') === '1',
    current: positiveInt(params.get('current')) ?? 1,
    pageSize: pageSize !== undefined && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZE,
    noticeId: positiveInt(params.get('noticeId')),
    suggested: parseSuggested(params.get('suggested')),
    imageMatch: parseMatchKinds(params.get('imageMatch')),
  };
}

function parseSuggested(text: string | null): ListState['suggested'] {
  if (text === 'any' || text === 'none') return text;
  return positiveInt(text);
}

/** A comma list of match kinds; unknown ones are dropped, none left: no filter. */
function parseMatchKinds(text: string | null): ImageMatchKind[] | undefined {
  const kinds = (text ?? '').split(',').filter((k): k is ImageMatchKind => (IMAGE_MATCH_KINDS as readonly string[]).includes(k));
  return kinds.length ? [...new Set(kinds)] : undefined;
}

/** Conditions that narrow nothing are no search at all (the URL stays short). */
export function isEmptySearch(search: SearchConditions | null): boolean {
  return !search || (!search.keyword.trim() && !search.startDate && !search.endDate);
}

/** The URL query of a state, in the spec's names; defaults are left out. */
export function listQueryParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search && !isEmptySearch(state.search)) params.set('search', JSON.stringify(state.search));
  if (state.sorter) params.set('sorter', JSON.stringify(state.sorter));
  if (state.filters.length) params.set('filters', JSON.stringify(state.filters));
  if (state.clientId !== undefined) params.set('clientId', String(state.clientId));
  if (state.filterErrorRecord) params.set('filterErrorRecord', '1');
  if (state.filterStillLive) params.set('stillLive', '1');
  if (state.current !== 1) params.set('current', String(state.current));
  if (state.pageSize !== PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.noticeId !== undefined) params.set('noticeId', String(state.noticeId));
  if (state.suggested !== undefined) params.set('suggested', String(state.suggested));
  if (state.imageMatch?.length) params.set('imageMatch', state.imageMatch.join(','));
  return params;
}

/** The record search call's input (document 3, section 7): conditions, filters, sort, paging. */
export function searchPayload<D extends string, W extends string, F extends string, S extends string>(
  state: ListState<D, W, F, S>,
  clientId: number,
  page: { limit: number; offset: number } = { limit: state.pageSize, offset: (state.current - 1) * state.pageSize },
) {
  const search = state.search;
  return {
    clientId,
    keyword: search?.keyword.trim() ?? '',
    wordFields: search?.wordFields ?? [],
    dateFields: search?.dateFields ?? [],
    startDate: search?.startDate ?? null,
    endDate: search?.endDate ?? null,
    searchType: search?.searchType ?? MatchType.FUZZY,
    whereFields: state.filters.map((f) => ({ key: f.key, values: f.values })),
    orderFields: state.sorter ? [{ key: state.sorter.field, value: state.sorter.order === 'ascend' ? (1 as const) : (2 as const) }] : [],
    filterErrorRecord: state.filterErrorRecord ? (1 as const) : (0 as const),
    filterStillLive: state.filterStillLive ? (1 as const) : (0 as const),
    ...(state.noticeId !== undefined ? { noticeId: state.noticeId } : {}),
    ...(state.suggested !== undefined ? { suggested: state.suggested } : {}),
    ...(state.imageMatch?.length ? { imageMatch: state.imageMatch } : {}),
    limit: page.limit,
    offset: page.offset,
  };
}

/**
 * The export's search (its `search` parameter, written by the contract's downloadHref): the search call's
 * conditions without the client and the paging, so the sheet holds exactly what the list finds.
 */
export function exportConditions<D extends string, W extends string, F extends string, S extends string>(state: ListState<D, W, F, S>) {
  const { clientId: _client, limit: _limit, offset: _offset, ...conditions } = searchPayload(state, 0);
  return { ...conditions, filterErrorRecord: state.filterErrorRecord, filterStillLive: state.filterStillLive };
}

// ---------------------------------------------------------------- the detail page's query

/** The detail's query: the list's parameters, the record's 1-based place in the result (`num`) and the result's size. */
export function detailQuery(state: ListState, num: number, total: number): string {
  const params = listQueryParams(state);
  params.set('num', String(num));
  params.set('total', String(total));
  return params.toString();
}

export interface DetailPlace {
  num: number | undefined;
  total: number | undefined;
}

export function parseDetailPlace(params: URLSearchParams): DetailPlace {
  const num = positiveInt(params.get('num'));
  const total = positiveInt(params.get('total'));
  return { num, total: total !== undefined && (num === undefined || num <= total) ? total : undefined };
}

/** Back to the list: its own parameters, on the page that holds the record the detail showed. */
export function listQueryFromDetail(state: ListState, num: number | undefined): string {
  const current = num === undefined ? state.current : Math.max(1, Math.ceil(num / state.pageSize));
  return listQueryParams({ ...state, current }).toString();
}

/** The 1-based place of a list row in the whole result. */
export function placeOf(state: Pick<ListState, 'current' | 'pageSize'>, index: number): number {
  return (state.current - 1) * state.pageSize + index + 1;
}
