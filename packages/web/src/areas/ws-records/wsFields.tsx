import { WS_FILTER_FIELDS, WS_SORT_FIELDS, type WsRecord } from '@portal/contract';
import { Link } from 'react-router';
import type { FilterValue } from '../records/listQuery';
import { SafeLink } from '../records/SafeLink';
import type { RecordColumn } from '../records/types';
import { headerWidth } from '../records/values';
import { WS_COLUMN_KEYS, wsFieldLabel, wsValueText, type WsLookups } from './wsModel';

/**
 * The website record's columns (document 3, section 3): widths, how values read (codes in the user's language, ids
 * as names, dates YYYY-MM-DD), which sort and filter (the contract's lists), and the cells that link.
 */

const WIDTHS: Record<string, number> = {
  id: 90,
  no: 80,
  reportId: 180,
  searchEngine: 130,
  scanDate: 120,
  searchKeyword: 160,
  pageDomain: 200,
  pageURL: 260,
  domainRegion: 130,
  tld: 80,
  domainContact: 200,
  categorizeDate: 120,
  categoryId: 170,
  remarks: 200,
  redirectURL: 220,
  whois: 240,
  domainCreatedAt: 130,
  domainExpireAt: 130,
  domainUpdatedAt: 130,
  action: 140,
  responseRemarks: 200,
  trademarkId: 170,
  responseDate: 120,
  processRemarks: 200,
};
const URL_FIELDS = new Set(['pageURL', 'redirectURL']);
const SORTABLE = new Set<string>(WS_SORT_FIELDS);
const FILTERABLE = new Set<string>(WS_FILTER_FIELDS);

/** Every column of the WS list in the contract's order; the domain links to the detail. */
export function wsColumns(lookups: WsLookups, detailHref: (record: WsRecord) => string): RecordColumn<WsRecord>[] {
  return WS_COLUMN_KEYS.map((key): RecordColumn<WsRecord> => {
    const field = key as keyof WsRecord;
    const title = wsFieldLabel(key, lookups.locale);
    const sortable = SORTABLE.has(key);
    const filterable = FILTERABLE.has(key);
    const column: RecordColumn<WsRecord> = {
      key,
      title,
      width: Math.max(WIDTHS[key] ?? 130, headerWidth(title, Number(sortable) + Number(filterable))),
      sortable,
      filterable,
      value: (r) => (r[field] ?? null) as FilterValue,
      text: (v) => wsValueText(key, v, lookups),
    };
    if (key === 'pageDomain') {
      column.cell = (r) => (
        <Link to={detailHref(r)} title={r.pageDomain}>
          {r.pageDomain || `#${r.id}`}
        </Link>
      );
    } else if (URL_FIELDS.has(key)) {
      column.cell = (r) => <SafeLink url={String(r[field] ?? '')} />;
    } else if (key === 'whois') {
      // One line in the list: the first line of the text, the whole in the detail.
      column.text = (v) => (typeof v === 'string' ? (v.split(/\r?\n/).find((line) => line.trim() !== '') ?? '') : '');
    }
    return column;
  });
}
