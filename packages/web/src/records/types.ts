import type { ReactNode } from 'react';
import type { FilterValue } from './listQuery';

/**
 * One column of a record list, built by the list's own field file (EC: ecFields.tsx) for the current language and
 * lookups. The generic table renders it; nothing here knows EC or WS names.
 */
export interface RecordColumn<R> {
  /** The field's answer name (the filter and sort key) or a custom column's key (columnLayout.customKey). */
  key: string;
  title: string;
  /** Fixed widths keep the virtual table's layout cheap; the user can drag them wider or narrower. */
  width: number;
  sortable?: boolean;
  /** The filter dropdown asks the server for this field's distinct values. */
  filterable?: boolean;
  /** Fixed filter choices instead of the distinct values (a threshold, a flag of derived data): `text` labels them. */
  fixedOptions?: FilterOption[];
  /** The cell's raw value (also what a filter on this column matches). */
  value: (record: R) => FilterValue;
  /** A raw value as the user reads it: for the cell and for the filter dropdown's options. */
  text: (value: FilterValue) => string;
  /** The filter options' text where it differs from the cell's (a scan month cell, its days as options). */
  optionText?: (value: FilterValue) => string;
  /** A note on the header (how the column sorts), shown on hovering its title. */
  tooltip?: string;
  /** A cell that is more than text (a link); plain text otherwise. */
  cell?: (record: R) => ReactNode;
}

/** One distinct value of a column and how many records hold it (the filter call's answer). */
export interface FilterOption {
  value: FilterValue;
  /** Absent for a fixed choice (RecordColumn.fixedOptions). */
  count?: number;
  /** The value in the reader's language, where the server wrote it (stored match reasons). */
  label?: string;
}

/** A history row as both record kinds answer it. */
export interface HistoryEntry {
  id: number;
  updateByUserName: string;
  createdAt: string;
  source: string;
  fields: Record<string, string | number | boolean | null>;
}
