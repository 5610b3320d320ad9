import { SNS_FILTER_FIELDS, SNS_SORT_FIELDS, type SnsRecord } from '@portal/contract';
import { standardColumns, type StandardColumnsKind } from '../../records/standardColumns';
import type { RecordColumn } from '../../records/types';
import { SNS_COLUMN_KEYS, accountTitle, snsFieldLabel, snsValueText, type SnsLookups } from './snsModel';

/**
 * The SNS record's columns: widths, how values read (platforms, categories, actions and results in the user's
 * language, ids as names, dates YYYY-MM-DD), which sort and filter (the contract's lists), and the cells that link.
 */

/** The widths of the kind's own fields (the shared ones are the standard columns'). */
const WIDTHS: Record<string, number> = {
  platform: 130,
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
  categoryId: 190,
};
const SNS_COLUMNS: StandardColumnsKind<SnsRecord> = {
  columnKeys: SNS_COLUMN_KEYS,
  sortFields: SNS_SORT_FIELDS,
  filterFields: SNS_FILTER_FIELDS,
  widths: WIDTHS,
  urlFields: ['accountURL', 'postURL', 'imageURL'],
  detailLink: { key: 'accountName', text: accountTitle, title: (r) => r.accountName },
  firstLineField: 'postText',
  fieldLabel: snsFieldLabel,
  valueText: snsValueText,
};

/** Every column of the SNS list in the contract's order; the account's name links to the detail; the post's text shows its first line. */
export function snsColumns(lookups: SnsLookups, detailHref: (record: SnsRecord) => string): RecordColumn<SnsRecord>[] {
  return standardColumns(SNS_COLUMNS, lookups, detailHref);
}
