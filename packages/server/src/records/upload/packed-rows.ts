import type { FieldColumn } from './write-queries.js';

/**
 * A new upload's rows packed by the upload worker for the insert: one PostgreSQL array literal per column, the text
 * the database driver would make of a JavaScript array. The worker thread, which has a core of its own, does this
 * work; the main thread receives a few dozen strings per batch instead of thousands of row objects (cloning,
 * collecting and re-serializing those took a third of its time in a 100,000-row upload) and passes them to
 * `INSERT ... SELECT FROM unnest(...)` as they are (write-queries.ts).
 */
export interface PackedRows {
  size: number;
  /** Column names, their SQL types and array literals, in the same order. */
  columns: string[];
  types: string[];
  literals: string[];
  /** Each row's repeat key, for kinds that flag repeats (EC). */
  keys?: string[];
}

/** A column of a packed batch: its name, SQL type and each row's value. */
export type PackColumn<P> = [column: string, type: string, value: (row: P) => unknown];

/** An array element as PostgreSQL's array input reads it (as node-postgres writes it): NULL, a number, or quoted text. */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // Most cells have neither a quote nor a backslash: no replacing pass over them.
  return text.includes('"') || text.includes('\\') ? `"${text.replace(/[\\"]/g, '\\$&')}"` : `"${text}"`;
}

export function packRows<P>(columns: PackColumn<P>[], rows: P[]): PackedRows {
  const packed: PackedRows = { size: rows.length, columns: [], types: [], literals: [] };
  const parts = new Array<string>(rows.length);
  for (const [column, type, value] of columns) {
    for (let i = 0; i < rows.length; i += 1) parts[i] = element(value(rows[i]!));
    packed.columns.push(column);
    packed.types.push(type);
    // Joined, the literal is one flat string: the elements die young (built with `+=` it was a rope holding every
    // element until the batch went, which the young generation copied and promoted).
    packed.literals.push(`{${parts.join(',')}}`);
  }
  return packed;
}

/**
 * Packed batches as one (same columns): the worker packs every few hundred rows as they are checked, so a row's
 * objects die young instead of waiting for a batch of thousands (which made the worker's garbage collection a third
 * of its time), and joins the pieces when the batch goes.
 */
export function mergePacked<B extends PackedRows>(pieces: B[]): B {
  // An empty piece's literal is `{}`: joined, it would leave an empty element between two commas.
  const parts = pieces.filter((p) => p.size > 0);
  if (parts.length <= 1) return parts[0] ?? pieces[0]!;
  const first = parts[0]!;
  const merged: PackedRows = {
    size: parts.reduce((n, p) => n + p.size, 0),
    columns: first.columns,
    types: first.types,
    literals: first.literals.map((_, c) => `{${parts.map((p) => p.literals[c]!.slice(1, -1)).join(',')}}`),
  };
  if (first.keys) merged.keys = parts.flatMap((p) => p.keys ?? []);
  return merged as B;
}

/** The record kind's sheet fields as packed columns of its checked rows (a blank text field is stored as ''). */
export function sheetFieldColumns<P>(fields: FieldColumn[], valuesOf: (row: P) => Record<string, string | number | null>): PackColumn<P>[] {
  return fields.map(([field, column, type]) => [column, type, (row: P) => valuesOf(row)[field] ?? (type === 'text' ? '' : null)]);
}
