import { SNS_FILTER_FIELDS, SNS_SORT_FIELDS, type SnsRecord } from '@portal/contract';
import { Link } from 'react-router';
import type { FilterValue } from '../records/listQuery';
import { SafeLink } from '../records/SafeLink';
import type { RecordColumn } from '../records/types';
import { headerWidth } from '../records/values';
import { SNS_COLUMN_KEYS, accountTitle, snsFieldLabel, snsValueText, type SnsLookups } from './snsModel';

/**
 * The SNS record's columns: widths, how values read (platforms, categories, actions and results in the user's
 * language, ids as names, dates YYYY-MM-DD), which sort and filter (the contract's lists), and the cells that link.
 */

const WIDTHS: Record<string, number> = {
  id: 90,
  no: 80,
  reportId: 180,
  platform: 130,
  scanDate: 120,
  searchKeyword: 160,
  accountName: 200,
  accountId: 160,
  accountURL: 240,
  followers: 110,
  postURL: 260,
  postText: 280,
  postedAt: 120,
  region: 110,
  imageURL: 220,
  blacklist: 180,
  whitelist: 180,
  categorizeDate: 120,
  categoryId: 190,
  remarks: 200,
  action: 140,
  responseRemarks: 200,
  trademarkId: 170,
  responseDate: 120,
  processRemarks: 200,
};
const URL_FIELDS = new Set(['accountURL', 'postURL', 'imageURL']);
const SORTABLE = new Set<string>(SNS_SORT_FIELDS);
const FILTERABLE = new Set<string>(SNS_FILTER_FIELDS);

/** Every column of the SNS list in the contract's order; the account's name links to the detail. */
export function snsColumns(lookups: SnsLookups, detailHref: (record: SnsRecord) => string): RecordColumn<SnsRecord>[] {
  return SNS_COLUMN_KEYS.map((key): RecordColumn<SnsRecord> => {
    const field = key as keyof SnsRecord;
    const title = snsFieldLabel(key, lookups.locale);
    const sortable = SORTABLE.has(key);
    const filterable = FILTERABLE.has(key);
    const column: RecordColumn<SnsRecord> = {
      key,
      title,
      width: Math.max(WIDTHS[key] ?? 130, headerWidth(title, Number(sortable) + Number(filterable))),
      sortable,
      filterable,
      value: (r) => (r[field] ?? null) as FilterValue,
      text: (v) => snsValueText(key, v, lookups),
    };
    if (key === 'accountName') {
      column.cell = (r) => (
        <Link to={detailHref(r)} title={r.accountName}>
          {accountTitle(r) || `#${r.id}`}
        </Link>
      );
    } else if (URL_FIELDS.has(key)) {
      column.cell = (r) => <SafeLink url={String(r[field] ?? '')} />;
    } else if (key === 'postText') {
      // One line in the list: the post's first line, the whole in the detail.
      column.text = (v) => (typeof v === 'string' ? (v.split(/\r?\n/).find((line) => line.trim() !== '') ?? '') : '');
    }
    return column;
  });
}
