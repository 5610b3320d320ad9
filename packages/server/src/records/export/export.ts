import { PassThrough, type Writable } from 'node:stream';
import { MatchType, type Locale } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { Expression, SqlBool } from 'kysely';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { AnyRow, ListKind } from '../core/kind.js';
import { clientName } from '../core/queries.js';
import { sortKeys, type SortKey } from '../search/order.js';
import { searchWhere, type ExportQuery, type RecordSearch } from '../search/conditions.js';
import { visibleTo } from '../core/visibility-queries.js';
import { bothOf, recordPage } from './export-queries.js';
import { localizeHints } from '../core/hint-text.js';

/**
 * Export of records of any kind to .xlsx (document 3, "export of the search result"), streamed: rows are read
 * from the database in keyset batches and written with ExcelJS's streaming writer, waiting for the reader whenever
 * the output is full, so memory stays flat whether the export has ten rows or a million. The report download is
 * the same export over one report's records (see exportRecords).
 */

type Conn = Db | Tx;
export const EXPORT_MAX_ROWS = 1_000_000;
const BATCH = 2000;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Text a spreadsheet program would run as a formula: written with a leading apostrophe, so it stays text. */
const FORMULA_START = /^[=+\-@\t\r]/;
export const safeText = (s: string) => (FORMULA_START.test(s) ? `'${s}` : s);

export type Cell = string | number | null;
type CustomColumn = { column_name: string; column_position: string; column_order: number };

/**
 * What the export of one record kind needs besides its list part (table, sort, keyset): the fields with their
 * labels, the columns read, how a field becomes a cell (in the upload's terms, so the sheet can be uploaded
 * again), the custom columns and the file name.
 */
export interface ExportPart<Row extends AnyRow, L> {
  fields: readonly { key: string; en: string; ja: string }[];
  /** The columns read, as `r.column`. */
  select: readonly string[];
  lookups(db: Conn, clientId: number): Promise<L>;
  cell(row: Row, key: string, lookups: L): Cell;
  customColumns(db: Conn, clientId: number): Promise<CustomColumn[]>;
  customOf(row: Row): Record<string, unknown>;
  /** The file name's start: `ec-records`, `ws-records`. */
  fileStem: string;
}
/** A kind as the export takes it: its list part and its export part. */
export interface ExportingKind<Row extends AnyRow, L> extends ListKind<Row> {
  export: ExportPart<Row, L>;
}

/** One column of the sheet: a record field, or a custom column (inserted after the field it follows, by order). */
export type ExportColumn<Key extends string = string> = { type: 'field'; key: Key; label: string } | { type: 'custom'; name: string };

export function exportColumns<Key extends string>(locale: Locale, custom: CustomColumn[], fields: readonly { key: Key; en: string; ja: string }[]): ExportColumn<Key>[] {
  const columns: ExportColumn<Key>[] = [];
  const placed = new Set<string>();
  for (const f of fields) {
    columns.push({ type: 'field', key: f.key, label: f[locale] });
    for (const c of custom.filter((c) => c.column_position === f.key).sort((a, b) => a.column_order - b.column_order)) {
      columns.push({ type: 'custom', name: c.column_name });
      placed.add(c.column_name);
    }
  }
  for (const c of custom) if (!placed.has(c.column_name)) columns.push({ type: 'custom', name: c.column_name });
  return columns;
}

/** A text cell: blank for '', formula-safe otherwise. */
export const textCell = (s: string): Cell => (s === '' ? null : safeText(s));
/** A cell naming an id by its code or number in `map` (the id itself when unknown). */
export const namedCell = (map: Map<number, string>, id: number | null): Cell => (id === null ? null : textCell(map.get(id) ?? String(id)));
/** Any other column value as a cell. */
export function plainCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return textCell(v);
  return textCell(String(v));
}

/** The sheet writer of any record kind: `cell` turns a field of a row into its cell, `customOf` its custom values. */
export async function writeSheet<Row>(
  out: Writable,
  opts: { locale: Locale; columns: ExportColumn<string>[]; batches: AsyncIterable<Row[]>; cell: (r: Row, key: string) => Cell; customOf: (r: Row) => Record<string, unknown> },
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.locale === 'ja' ? 'レコード' : 'Records');
  sheet.addRow(opts.columns.map((c) => safeText(c.type === 'field' ? c.label : c.name))).commit();
  let count = 0;
  for await (const batch of opts.batches) {
    for (const r of batch) {
      const custom = opts.customOf(r);
      const cells = opts.columns.map((c) => {
        if (c.type === 'field') return opts.cell(r, c.key);
        const v = custom[c.name];
        return v === undefined || v === null || v === '' ? null : safeText(typeof v === 'string' ? v : JSON.stringify(v));
      });
      sheet.addRow(cells).commit();
    }
    count += batch.length;
    // ExcelJS hands the sheet's bytes to the zip's deflate stream without waiting for it: wait here instead, for
    // the deflate stream (which waits for `out` in turn) and for `out`, so no stage holds more than a few megabytes.
    for (const stage of [...sheetPipes(sheet), out]) await drained(stage, out);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

/** A field ExcelJS and the zip library keep but do not declare, read without claiming a type it may not have. */
function undeclared(from: object, key: string): unknown {
  return Reflect.get(from, key);
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;
const isWritable = (v: unknown): v is Writable => isObject(v) && typeof Reflect.get(v, 'once') === 'function';

/** The streams the sheet's XML is written into (ExcelJS's StreamBuf keeps them in `pipes`, undeclared). */
function sheetPipes(sheet: ExcelJS.Worksheet): Writable[] {
  const stream = undeclared(sheet, 'stream');
  const pipes = isObject(stream) ? undeclared(stream, 'pipes') : undefined;
  return Array.isArray(pipes) ? pipes.filter(isWritable) : [];
}

/** How much a stage may hold before the writer waits for it: enough to keep the deflate thread busy meanwhile. */
const STAGE_MAX_BYTES = 4 * 1024 * 1024;

/** Whether a writable holds too much (also for the older readable-stream copies the zip library uses). */
function full(out: Writable): boolean {
  // Node's public getters; the readable-stream 2/3 copies inside the zip library lack writableNeedDrain, and only
  // their internal `_writableState` tells it.
  const state = undeclared(out, '_writableState');
  const stateField = (key: string) => (isObject(state) ? undeclared(state, key) : undefined);
  const legacyLength = stateField('length');
  const length = typeof out.writableLength === 'number' ? out.writableLength : typeof legacyLength === 'number' ? legacyLength : 0;
  const needDrain = typeof out.writableNeedDrain === 'boolean' ? out.writableNeedDrain : stateField('needDrain') === true;
  return needDrain && length > STAGE_MAX_BYTES;
}

class DownloadClosed extends Error {
  constructor() {
    super('the download was closed');
  }
}

/** Resolves once `stage` can take more (at the next turn when it can); fails when the download `out` went away. */
function drained(stage: Writable, out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new DownloadClosed());
  if (!full(stage)) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      stage.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new DownloadClosed());
    stage.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', done);
  });
}

/** The records matching `where` (the `select` columns of the kind's table), in the order of `keys`, batch by batch (keyset paging: no long transaction). */
export async function* recordBatches<Row extends AnyRow>(
  db: Conn,
  kind: ListKind<Row>,
  select: readonly string[],
  where: Expression<SqlBool>,
  keys: SortKey[],
  { max = EXPORT_MAX_ROWS, batchSize = BATCH }: { max?: number; batchSize?: number } = {},
): AsyncGenerator<Row[]> {
  const fetch = (last: Row | undefined, limit: number): Promise<Row[]> => recordPage(db, kind, select, where, keys, last, limit);
  let read = 0;
  let limit = Math.min(batchSize, max);
  let next: Promise<Row[]> | null = fetch(undefined, limit);
  while (next) {
    const rows: Row[] = await next;
    read += rows.length;
    const more = rows.length === limit && read < max;
    // The next batch is read while this one is written.
    if (more) {
      limit = Math.min(batchSize, max - read);
      next = fetch(rows[rows.length - 1], limit);
      // A batch abandoned by a failed export must not become an unhandled rejection.
      next.catch(() => undefined);
    } else next = null;
    if (rows.length > 0) yield rows;
  }
}

/** The cells of the match reasons in the reader's language, like the list's (an upload skips these columns). */
export function localizedCell<Row>(hintFields: readonly string[], locale: Locale, cell: (r: Row, key: string) => Cell): (r: Row, key: string) => Cell {
  if (locale === 'en' || hintFields.length === 0) return cell;
  const hints = new Set(hintFields);
  return (r, key) => {
    const value = cell(r, key);
    return hints.has(key) && typeof value === 'string' ? localizeHints(value, locale) : value;
  };
}

const fileSafe = (s: string) => s.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '_').slice(0, 80) || 'client';

/**
 * The export as a download: the records of one client that the user may see and that match `where` (a condition
 * on alias `r`), streamed. The report download calls this with `sql\`r.report_id = ${reportId}\``.
 */
export async function exportRecords<Row extends AnyRow, L>(
  ctx: AuthedContext,
  kind: ExportingKind<Row, L>,
  opts: { clientId: number; where?: Expression<SqlBool>; order?: SortKey[]; fileName?: string },
): Promise<DownloadAnswer> {
  const db = ctx.services.db;
  const ek = kind.export;
  const visible = visibleTo(ctx, opts.clientId, kind.table);
  const where = opts.where ? bothOf(visible, opts.where) : visible;
  const [name, custom, lookups] = await Promise.all([clientName(db, opts.clientId), ek.customColumns(db, opts.clientId), ek.lookups(db, opts.clientId)]);
  // The first batch is read before answering, so a query that fails answers as an error, not as a cut-off file.
  const rest = recordBatches<Row>(db, kind, ek.select, where, opts.order ?? sortKeys(kind, []));
  const first = await rest.next();
  async function* batches() {
    if (first.done) return;
    yield first.value;
    yield* rest;
  }
  const out = new PassThrough();
  const columns = exportColumns<string>(ctx.locale, custom, ek.fields);
  const cell = localizedCell(kind.hintFields, ctx.locale, (r: Row, key: string) => ek.cell(r, key, lookups));
  writeSheet<Row>(out, { locale: ctx.locale, columns, batches: batches(), cell, customOf: ek.customOf }).catch((err: unknown) => {
    if (err instanceof DownloadClosed) ctx.log.info('export stopped: the download was closed');
    else ctx.log.warn({ err }, 'export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return {
    contentType: XLSX_CONTENT_TYPE,
    body: out,
    fileName: opts.fileName ?? `${ek.fileStem}-${fileSafe(name)}-${ctx.now.toISOString().slice(0, 10)}.xlsx`,
  };
}

/** An export without conditions: what the search call finds with an empty search bar (its defaults). */
const NO_CONDITIONS: Omit<RecordSearch, 'clientId'> = {
  keyword: '',
  wordFields: [],
  dateFields: [],
  searchType: MatchType.FUZZY,
  whereFields: [],
  orderFields: [],
  filterErrorRecord: false,
  filterStillLive: false,
};

/** GET /api/<kind>-data/export-search-result: the whole result of the list's search (no paging) as .xlsx. */
export async function exportSearchResult<Row extends AnyRow, L>(ctx: AuthedContext, kind: ExportingKind<Row, L>, query: ExportQuery): Promise<DownloadAnswer> {
  const input: RecordSearch = { ...(query.search ?? NO_CONDITIONS), clientId: query.clientId };
  const where = await searchWhere(ctx, kind, input);
  return exportRecords(ctx, kind, { clientId: input.clientId, where, order: sortKeys(kind, input.orderFields) });
}
