import { describe, expect, it } from 'vitest';
import { decodeDownloadQuery, downloadHref, EC_DATE_FIELDS, EC_FILTER_FIELDS, EC_SORT_FIELDS, EC_WORD_FIELDS, ecRecords } from '@portal/contract';
import {
  detailQuery,
  emptyState,
  exportConditions,
  listQueryFromDetail,
  listQueryParams,
  parseDetailPlace,
  parseListQuery,
  placeOf,
  searchPayload,
  type ListState,
} from './listQuery';

const FIELDS = { dateFields: EC_DATE_FIELDS, wordFields: EC_WORD_FIELDS, filterFields: EC_FILTER_FIELDS, sortFields: EC_SORT_FIELDS };
const parse = (query: string) => parseListQuery(new URLSearchParams(query), FIELDS);

const FULL: ListState<(typeof EC_DATE_FIELDS)[number], (typeof EC_WORD_FIELDS)[number], (typeof EC_FILTER_FIELDS)[number], (typeof EC_SORT_FIELDS)[number]> = {
  search: { dateFields: ['ec_scan_date'], startDate: '2025-01-01', endDate: '2025-03-31', wordFields: ['ec_product_title', 'ec_product_seller'], keyword: 'bag & 東京', searchType: 1 },
  sorter: { field: 'ec_scan_date', order: 'descend' },
  filters: [
    { key: 'report_id', values: [7] },
    { key: 'ec_category_id', values: [3, null] },
  ],
  clientId: 12,
  filterErrorRecord: true,
  filterStillLive: true,
  current: 3,
  pageSize: 50,
  noticeId: 99,
};

describe('the record list URL query', () => {
  it('starts empty: no search, first page of 20', () => {
    expect(parse('')).toEqual(emptyState());
    expect(listQueryParams(emptyState()).toString()).toBe('');
  });

  it('round-trips every part of the state in the spec names', () => {
    const params = listQueryParams(FULL);
    expect([...params.keys()].sort()).toEqual(['clientId', 'current', 'filterErrorRecord', 'filters', 'noticeId', 'pageSize', 'search', 'sorter', 'stillLive']);
    expect(params.get('filterErrorRecord')).toBe('1');
    expect(JSON.parse(params.get('filters') ?? '')).toEqual(FULL.filters);
    expect(parse(params.toString())).toEqual(FULL);
  });

  it('reads the links of notices and of the report tab', () => {
    expect(parse('clientId=4&noticeId=17')).toMatchObject({ clientId: 4, noticeId: 17, filters: [], current: 1 });
    const fromReport = parse(`clientId=4&filters=${encodeURIComponent('[{"key":"report_id","values":[7]}]')}`);
    expect(fromReport.filters).toEqual([{ key: 'report_id', values: [7] }]);
  });

  it('drops what it cannot read instead of sending it to the server', () => {
    const state = parse(
      [
        'search=%7Bbroken',
        `sorter=${encodeURIComponent('{"field":"password","order":"ascend"}')}`,
        `filters=${encodeURIComponent('[{"key":"nope","values":[1]},{"key":"ec_site","values":[]},{"key":"ec_site","values":[{"x":1},"Amazon"]}]')}`,
        'clientId=-3',
        'current=0',
        'pageSize=33',
        'noticeId=abc',
        'filterErrorRecord=yes',
      ].join('&'),
    );
    expect(state).toEqual({ ...emptyState(), filters: [{ key: 'ec_site', values: ['Amazon'] }] });
    const search = parse(`search=${encodeURIComponent('{"wordFields":["ec_product_title","evil"],"keyword":5,"startDate":"2025-13","searchType":9}')}`).search;
    expect(search).toEqual({ dateFields: [], startDate: null, endDate: null, wordFields: ['ec_product_title'], keyword: '', searchType: 3 });
  });

  it('carries the picture match filter (issue 31) to the URL, the search call and the export, unknown kinds dropped', () => {
    const state = { ...emptyState(), imageMatch: ['same-photo' as const, 'shared-photo' as const] };
    const query = listQueryParams(state).toString();
    expect(query).toBe('imageMatch=same-photo%2Cshared-photo');
    expect(parse(query).imageMatch).toEqual(['same-photo', 'shared-photo']);
    expect(parse('imageMatch=logo,bogus,logo').imageMatch).toEqual(['logo']);
    expect(parse('imageMatch=bogus').imageMatch).toBeUndefined();
    expect(ecRecords.searchRecordsInput.parse(searchPayload(state, 4)).imageMatch).toEqual(['same-photo', 'shared-photo']);
    expect(exportConditions(state).imageMatch).toEqual(['same-photo', 'shared-photo']);
    expect('imageMatch' in searchPayload(emptyState(), 4)).toBe(false);
  });

  it("also reads a sorter written as the call's orderFields", () => {
    expect(parse(`sorter=${encodeURIComponent('[{"key":"ec_product_price","value":1}]')}`).sorter).toEqual({ field: 'ec_product_price', order: 'ascend' });
  });

  it('builds the search call input the contract accepts, with offset (current - 1) x pageSize', () => {
    const input = searchPayload(FULL, 12);
    expect(input).toMatchObject({
      clientId: 12,
      keyword: 'bag & 東京',
      whereFields: FULL.filters,
      orderFields: [{ key: 'ec_scan_date', value: 2 }],
      filterErrorRecord: 1,
      filterStillLive: 1,
      noticeId: 99,
      limit: 50,
      offset: 100,
    });
    expect(ecRecords.searchRecordsInput.safeParse(input).success).toBe(true);
    expect(ecRecords.searchRecordsInput.safeParse(searchPayload(emptyState(), 1)).success).toBe(true);
    // The detail's pager: one record at its place.
    expect(searchPayload(FULL, 12, { limit: 1, offset: 41 })).toMatchObject({ limit: 1, offset: 41 });
  });

  it('puts the export conditions in the query as the search call\'s JSON, which the server reads back', () => {
    const href = downloadHref('/api/ec-data/export-search-result', { clientId: 12, search: exportConditions(FULL) });
    expect(href.startsWith('/api/ec-data/export-search-result?')).toBe(true);
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('clientId')).toBe('12');
    const search = JSON.parse(params.get('search') ?? '') as Record<string, unknown>;
    expect(search.dateFields).toEqual(['ec_scan_date']);
    expect(search.wordFields).toEqual(['ec_product_title', 'ec_product_seller']);
    expect(search.keyword).toBe('bag & 東京');
    expect(search.searchType).toBe(1);
    expect(search.startDate).toBe('2025-01-01');
    expect(search.endDate).toBe('2025-03-31');
    expect(search.whereFields).toEqual(FULL.filters);
    expect(search.orderFields).toEqual([{ key: 'ec_scan_date', value: 2 }]);
    expect(search.noticeId).toBe(99);
    expect([search.filterErrorRecord, search.filterStillLive]).toEqual([true, true]);
    expect(Object.keys(search)).not.toContain('clientId');
    expect(Object.keys(search)).not.toContain('limit');
    // The one decoder the server uses reads the link back into the same conditions.
    const decoded = decodeDownloadQuery('/api/ec-data/export-search-result', href.split('?')[1]!);
    expect(decoded.success && decoded.data).toMatchObject({ clientId: 12, search: { keyword: 'bag & 東京', noticeId: 99, filterErrorRecord: true, whereFields: FULL.filters } });
  });

  it("carries the list's query to the detail and back, on the page of the record", () => {
    const num = placeOf(FULL, 4);
    expect(num).toBe(105);
    const query = new URLSearchParams(detailQuery(FULL, num, 321));
    expect(parseDetailPlace(query)).toEqual({ num: 105, total: 321 });
    expect(parseListQuery(query, FIELDS)).toEqual(FULL);
    // Moved on to record 151 with the pager: back to the list shows page 4 of 50.
    expect(parse(listQueryFromDetail(FULL, 151))).toEqual({ ...FULL, current: 4 });
    expect(parseDetailPlace(new URLSearchParams('num=9&total=3'))).toEqual({ num: 9, total: undefined });
  });
});
