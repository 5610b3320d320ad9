import { Link } from 'react-router';
import type { FilterValue } from './listQuery';
import { SafeLink } from './SafeLink';
import type { StandardLookups } from './standardModel';
import type { RecordColumn } from './types';
import { headerWidth } from './values';

/** What a standard kind's list columns are made of (its field file's part). */
export interface StandardColumnsKind<R> {
  columnKeys: readonly string[];
  sortFields: readonly string[];
  filterFields: readonly string[];
  /** The kind's own column widths (over the shared ones); 130 for a field neither lists. */
  widths: Readonly<Record<string, number>>;
  /** Fields whose cell is a (safe) link to the address it holds. */
  urlFields: readonly string[];
  /** The field whose cell links to the record's detail, and the link's text and title. */
  detailLink: { key: string; text: (record: R) => string; title: (record: R) => string };
  /** A multi-line text field the list shows by its first non-blank line (the detail shows the whole). */
  firstLineField: string;
  fieldLabel: (key: string, locale: StandardLookups['locale']) => string;
  valueText: (key: string, value: FilterValue | undefined, lookups: StandardLookups) => string;
}

/** The widths of the fields every standard kind has. */
const SHARED_WIDTHS: Readonly<Record<string, number>> = {
  id: 90,
  no: 80,
  reportId: 180,
  scanDate: 120,
  searchKeyword: 160,
  categorizeDate: 120,
  remarks: 200,
  action: 140,
  responseRemarks: 200,
  trademarkId: 170,
  responseDate: 120,
  processRemarks: 200,
};

/** Every column of a standard kind's list in the contract's order: widths, value texts, sorting and filtering, links. */
export function standardColumns<R extends { id: number }>(kind: StandardColumnsKind<R>, lookups: StandardLookups, detailHref: (record: R) => string): RecordColumn<R>[] {
  const sortable = new Set(kind.sortFields);
  const filterable = new Set(kind.filterFields);
  const urls = new Set(kind.urlFields);
  return kind.columnKeys.map((key): RecordColumn<R> => {
    const field = key as keyof R;
    const title = kind.fieldLabel(key, lookups.locale);
    const column: RecordColumn<R> = {
      key,
      title,
      width: Math.max(kind.widths[key] ?? SHARED_WIDTHS[key] ?? 130, headerWidth(title, Number(sortable.has(key)) + Number(filterable.has(key)))),
      sortable: sortable.has(key),
      filterable: filterable.has(key),
      value: (r) => (r[field] ?? null) as FilterValue,
      text: (v) => kind.valueText(key, v, lookups),
    };
    if (key === kind.detailLink.key) {
      column.cell = (r) => (
        <Link to={detailHref(r)} title={kind.detailLink.title(r)}>
          {kind.detailLink.text(r) || `#${r.id}`}
        </Link>
      );
    } else if (urls.has(key)) {
      column.cell = (r) => <SafeLink url={String(r[field] ?? '')} />;
    } else if (key === kind.firstLineField) {
      column.text = (v) => (typeof v === 'string' ? (v.split(/\r?\n/).find((line) => line.trim() !== '') ?? '') : '');
    }
    return column;
  });
}
