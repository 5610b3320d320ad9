import { WS_FILTER_FIELDS, WS_SORT_FIELDS, type WsRecord } from '@portal/contract';
import { standardColumns, type StandardColumnsKind } from '../../records/standardColumns';
import type { RecordColumn } from '../../records/types';
import { WS_COLUMN_KEYS, wsFieldLabel, wsValueText, type WsLookups } from './wsModel';

/**
 * The website record's columns (document 3, section 3): widths, how values read (codes in the user's language, ids
 * as names, dates YYYY-MM-DD), which sort and filter (the contract's lists), and the cells that link.
 */

/** The widths of the kind's own fields (the shared ones are the standard columns'). */
const WIDTHS: Record<string, number> = {
  searchEngine: 130,
  pageDomain: 200,
  pageURL: 260,
  domainRegion: 130,
  tld: 80,
  domainContact: 200,
  categoryId: 170,
  redirectURL: 220,
  whois: 240,
  domainCreatedAt: 130,
  domainExpireAt: 130,
  domainUpdatedAt: 130,
};
const WS_COLUMNS: StandardColumnsKind<WsRecord> = {
  columnKeys: WS_COLUMN_KEYS,
  sortFields: WS_SORT_FIELDS,
  filterFields: WS_FILTER_FIELDS,
  widths: WIDTHS,
  urlFields: ['pageURL', 'redirectURL'],
  detailLink: { key: 'pageDomain', text: (r) => r.pageDomain, title: (r) => r.pageDomain },
  firstLineField: 'whois',
  fieldLabel: wsFieldLabel,
  valueText: wsValueText,
};

/** Every column of the WS list in the contract's order; the domain links to the detail; the whois shows its first line. */
export function wsColumns(lookups: WsLookups, detailHref: (record: WsRecord) => string): RecordColumn<WsRecord>[] {
  return standardColumns(WS_COLUMNS, lookups, detailHref);
}
