import { translate, UPLOAD_PROBLEMS_SHOWN, type Locale, type MessageKey, type UploadProblem } from '@portal/contract';
import { AppError } from '../../platform/errors.js';
import { checkCell, checkCustomCell, columnLabel, headerMatcher, type ColumnRule, type Lookups, type SheetColumns } from '../sheets/columns.js';
import { isBlankRow, type Sheet, type SheetRow } from '../sheets/sheet.js';
import { isExampleRow } from '../sheets/template-example.js';
import type { PackedRows } from './packed-rows.js';
import type { RecordChange } from './write-queries.js';

/**
 * Checking an uploaded sheet row by row (document 1, sections 4 and 5). This runs in the upload worker thread
 * (upload-worker.ts), so it only needs what the main thread sends: the kind's cell rules, the client's lookups and
 * the data its rows are prepared with. Checked rows leave in batches through `send`; the main thread writes them.
 */

/** Problems of one sheet, in the user's language; the first UPLOAD_PROBLEMS_SHOWN are kept, all are counted. */
export class Problems {
  list: UploadProblem[] = [];
  total = 0;
  constructor(
    private locale: Locale,
    private sheet: () => string,
  ) {}
  add(row: number, column: string, key: MessageKey, params?: Record<string, string | number>) {
    this.total += 1;
    if (this.list.length < UPLOAD_PROBLEMS_SHOWN) this.list.push({ sheet: this.sheet(), row, column, message: translate(this.locale, key, params) });
  }
  throwIfAny() {
    if (this.total > 0) throw new AppError('uploadInvalid', { count: this.total }).withData({ errors: this.list, total: this.total });
  }
}

/**
 * The checking side of a record kind: its columns and rules, the id field (the update upload's key), the columns a
 * new upload must have, how a checked row of a new upload is prepared (`P`: matched, keyed) from plain data the
 * main thread loaded (EC: the matcher's lists; WS: nothing), and how a batch of them is packed for the insert (`B`).
 * It runs in the worker thread, so it is found there by its module and export name (CheckSource).
 */
export interface CheckKind<P = unknown, B extends PackedRows = PackedRows> {
  sheet: SheetColumns;
  idKey: string;
  required: string[];
  prepare(data: unknown, lookups: Lookups): (values: Record<string, string | number | null>, custom: Record<string, string>) => P;
  /** A batch of prepared rows as the main thread's insert takes it (packed-rows.ts), made in the worker. */
  pack(rows: P[]): B;
  /** The aggregate category an update row's category brings (RecordTable.commonCategoryColumn), or null. */
  commonCategory(values: Record<string, string | number | null>, lookups: Lookups): number | null;
}

/** Whether a module's export is a checking side (the worker loads it by module and name). */
export function isCheckKind(value: unknown): value is CheckKind {
  if (value === null || typeof value !== 'object') return false;
  const k = value as Partial<Record<keyof CheckKind, unknown>>;
  return typeof k.prepare === 'function' && typeof k.pack === 'function' && typeof k.commonCategory === 'function' && typeof k.idKey === 'string' && Array.isArray(k.required) && typeof k.sheet === 'object';
}

/** An update upload's row as the worker sends it: the change and the sheet row it came from. */
export type SheetChange = RecordChange & { row: number };

interface Layout {
  rules: { index: number; rule: ColumnRule }[];
  custom: { index: number; name: string }[];
}

/** Reads the header row: every column must be known, once; the required ones must be there. */
export function readHeader(row: SheetRow, customNames: string[], required: string[], problems: Problems, locale: Locale, sheet: SheetColumns): Layout {
  const match = headerMatcher(customNames, sheet);
  const layout: Layout = { rules: [], custom: [] };
  const seen = new Set<string>();
  row.cells.forEach((cell, index) => {
    const header = cell.value === null ? '' : String(cell.value instanceof Date ? cell.value.toISOString() : cell.value).trim();
    if (header === '') return;
    const m = match(header);
    const id = m.type === 'rule' ? m.rule.key : m.type === 'custom' ? `custom:${m.name}` : header;
    if (m.type !== 'ignored' && seen.has(id)) return problems.add(row.number, header, 'cell.duplicateColumn');
    seen.add(id);
    if (m.type === 'rule') layout.rules.push({ index, rule: m.rule });
    else if (m.type === 'custom') layout.custom.push({ index, name: m.name });
    else if (m.type === 'unknown') problems.add(row.number, header, 'cell.unknownColumn');
  });
  for (const key of required) if (!seen.has(key)) problems.add(row.number, columnLabel(key, locale, sheet.fields), 'cell.missingColumn');
  return layout;
}

/** Checks one row's cells against the layout; answers the values by record field, or null when any is bad. */
function checkRow(row: SheetRow, layout: Layout, lookups: Lookups, problems: Problems, locale: Locale, opts: { newUpload: boolean; sheet: SheetColumns }) {
  const values: Record<string, string | number | null> = {};
  const custom: Record<string, string> = {};
  let ok = true;
  for (const { index, rule } of layout.rules) {
    // An update upload changes what analysts and clients decide, never the scraped facts; a new upload makes ids.
    if (opts.newUpload ? rule.kind === 'id' : rule.scraped) continue;
    const required = opts.newUpload ? Boolean(rule.required) : rule.kind === 'id';
    const checked = checkCell(rule, row.cells[index], lookups, required);
    if (checked.ok) values[rule.key] = checked.value;
    else {
      ok = false;
      problems.add(row.number, columnLabel(rule.key, locale, opts.sheet.fields), checked.key, checked.params);
    }
  }
  for (const { index, name } of layout.custom) {
    const checked = checkCustomCell(row.cells[index]);
    if (checked.ok) {
      if (checked.value !== null) custom[name] = String(checked.value);
    } else {
      ok = false;
      problems.add(row.number, name, checked.key, checked.params);
    }
  }
  return ok ? { values, custom } : null;
}

export interface CheckInput {
  locale: Locale;
  lookups: Lookups;
  customNames: string[];
  prepareData: unknown;
  batchRows: number;
}

/**
 * A new upload's rows, checked and prepared, in batches to `send` (which answers when the batch is taken). Once a
 * problem is found nothing more is sent, but every row is still checked so the user sees every problem.
 */
export async function checkNewSheet<P>(sheet: Sheet, kind: CheckKind<P>, input: CheckInput, send: (rows: P[]) => Promise<unknown>): Promise<number> {
  const problems = new Problems(input.locale, () => sheet.name);
  const prepare = kind.prepare(input.prepareData, input.lookups);
  let layout: Layout | null = null;
  let batch: P[] = [];
  let count = 0;
  let firstRow = true;
  for await (const row of sheet.rows) {
    if (!layout) {
      layout = readHeader(row, input.customNames, kind.required, problems, input.locale, kind.sheet);
      problems.throwIfAny();
      continue;
    }
    if (isBlankRow(row)) continue;
    // The template's example row, left as it was, is not a record (template-example.ts).
    const example = firstRow && isExampleRow(row, layout, kind.sheet);
    firstRow = false;
    if (example) continue;
    const checked = checkRow(row, layout, input.lookups, problems, input.locale, { newUpload: true, sheet: kind.sheet });
    count += 1;
    if (checked && problems.total === 0) batch.push(prepare(checked.values, checked.custom));
    if (batch.length >= input.batchRows) {
      if (problems.total === 0) await send(batch);
      batch = [];
    }
  }
  if (!layout) throw new AppError('uploadEmpty');
  if (problems.total === 0 && batch.length > 0) await send(batch);
  problems.throwIfAny();
  if (count === 0) throw new AppError('uploadEmpty');
  return count;
}

/**
 * An update upload's changes, in batches to `send`, which answers the ids among them the client does not have
 * (each becomes a problem of its row). Repeated ids are problems too.
 */
export async function checkUpdateSheet(sheet: Sheet, kind: CheckKind, input: CheckInput, send: (changes: SheetChange[], apply: boolean) => Promise<number[]>): Promise<number> {
  const problems = new Problems(input.locale, () => sheet.name);
  const idLabel = () => columnLabel(kind.idKey, input.locale, kind.sheet.fields);
  let layout: Layout | null = null;
  let batch: SheetChange[] = [];
  let count = 0;
  const ids = new Set<number>();
  const flush = async () => {
    if (batch.length === 0) return;
    const sent = batch;
    batch = [];
    // Once the upload is refused, batches are only checked for unknown ids (every problem is listed), not applied.
    const unknown = new Set(await send(sent, problems.total === 0));
    for (const b of sent) if (unknown.has(b.id)) problems.add(b.row, idLabel(), 'cell.unknownRecord', { value: b.id });
  };
  for await (const row of sheet.rows) {
    if (!layout) {
      layout = readHeader(row, input.customNames, [kind.idKey], problems, input.locale, kind.sheet);
      problems.throwIfAny();
      continue;
    }
    if (isBlankRow(row)) continue;
    const checked = checkRow(row, layout, input.lookups, problems, input.locale, { newUpload: false, sheet: kind.sheet });
    count += 1;
    if (!checked) continue;
    const id = Number(checked.values[kind.idKey]);
    if (ids.has(id)) {
      problems.add(row.number, idLabel(), 'cell.duplicateRecord', { value: id });
      continue;
    }
    ids.add(id);
    const values = { ...checked.values };
    delete values[kind.idKey];
    batch.push({ row: row.number, id, values, custom: checked.custom, commonCategory: kind.commonCategory(values, input.lookups) });
    if (batch.length >= input.batchRows) await flush();
  }
  if (!layout) throw new AppError('uploadEmpty');
  await flush();
  problems.throwIfAny();
  if (count === 0) throw new AppError('uploadEmpty');
  return count;
}
