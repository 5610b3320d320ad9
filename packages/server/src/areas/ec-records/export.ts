import { PassThrough, type Writable } from 'node:stream';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../platform/boundary.js';
import { EC_RECORD_FIELDS, ecRecords, isMessageKey, type Locale } from '@portal/contract';
import ExcelJS from 'exceljs';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import * as generic from '../records/search.js';
import type { AnyRow, RecordKind } from '../records/search.js';
import { EC_KIND, FIELD_COLUMNS, clientName, customColumns, visibleTo, type FieldRow } from './repo.js';
import type { SortKey } from './search.js';

/**
 * Export of records to .xlsx (document 3, "export of the search result"), streamed: rows are read from the
 * database in keyset batches and written with ExcelJS's streaming writer, waiting for the reader whenever the
 * output is full, so memory stays flat whether the export has ten rows or a million. The report download of the
 * report area is the same export over one report's records (see exportRecords).
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
 * What the export of one record kind needs (marketplace EC here, website WS in ../ws-records/export.ts): the list
 * kind (table, sort, keyset), the fields with their labels, the columns read, how a field becomes a cell (in the
 * upload's terms, so the sheet can be uploaded again), the custom columns, the search schema and the file name.
 */
export interface ExportKind<Row extends AnyRow, L> {
  kind: RecordKind;
  fields: readonly { key: string; en: string; ja: string }[];
  /** The columns read, as `r.column`. */
  select: readonly string[];
  lookups(db: Conn, clientId: number): Promise<L>;
  cell(row: Row, key: string, lookups: L): Cell;
  customColumns(db: Conn, clientId: number): Promise<CustomColumn[]>;
  customOf(row: Row): Record<string, unknown>;
  search: z.ZodType<generic.RecordSearch, unknown>;
  /** The file name's start: `ec-records`, `ws-records`. */
  fileStem: string;
}

/** What the cells name in the upload's terms (codes and numbers), so an exported sheet can be uploaded again. */
export interface ExportLookups {
  subcategoryCodes: Map<number, string>;
  productCategoryCodes: Map<number, string>;
  trademarkNumbers: Map<number, string>;
  reportNames: Map<number, string>;
}

export async function exportLookups(db: Conn, clientId: number): Promise<ExportLookups> {
  const [subs, categories, marks, reports] = await Promise.all([
    db.selectFrom('infringement_subcategory').select(['id', 'code']).execute(),
    db.selectFrom('product_category').select(['id', 'code']).where('client_id', '=', clientId).execute(),
    db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute(),
    db.selectFrom('ec_report').select(['report_id', 'report_name']).where('client_id', '=', clientId).execute(),
  ]);
  return {
    subcategoryCodes: new Map(subs.map((s) => [s.id, s.code])),
    productCategoryCodes: new Map(categories.map((c) => [c.id, c.code])),
    trademarkNumbers: new Map(marks.map((t) => [t.trademark_id, t.no])),
    reportNames: new Map(reports.map((r) => [r.report_id, r.report_name])),
  };
}

/** One column of the sheet: a record field, or a custom column (inserted after the field it follows, by order). */
export type ExportColumn<Key extends string = (typeof EC_RECORD_FIELDS)[number]['key']> = { type: 'field'; key: Key; label: string } | { type: 'custom'; name: string };

export function exportColumns<Key extends string = (typeof EC_RECORD_FIELDS)[number]['key']>(
  locale: Locale,
  custom: CustomColumn[],
  fields: readonly { key: Key; en: string; ja: string }[] = EC_RECORD_FIELDS as unknown as readonly { key: Key; en: string; ja: string }[],
): ExportColumn<Key>[] {
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

function fieldCell(r: FieldRow, key: (typeof EC_RECORD_FIELDS)[number]['key'], l: ExportLookups): Cell {
  const text = textCell;
  const named = namedCell;
  switch (key) {
    case 'ec_product_price':
      return r.ec_product_price === null ? null : Number(r.ec_product_price);
    case 'ec_is_need_to_check':
      return r.ec_is_need_to_check ? 1 : 0;
    case 'ec_category_id':
      return named(l.subcategoryCodes, r.ec_category_id);
    case 'ec_product_category_id':
      return named(l.productCategoryCodes, r.ec_product_category_id);
    case 'ec_response_trademark':
      return named(l.trademarkNumbers, r.ec_response_trademark);
    case 'report_id':
      return named(l.reportNames, r.report_id);
    case 'declarationStatus':
      return text(r.declaration_status);
    default:
      return plainCell(r[key]);
  }
}

/**
 * Writes the records of `batches` as one sheet into `out`: the header row (labels in the user's language, custom
 * columns after their position), then one row per record; text that could run as a formula gets a leading
 * apostrophe. Waits whenever `out` is full. Answers the number of rows written.
 */
export function writeRecordsXlsx(
  out: Writable,
  opts: { locale: Locale; columns: ExportColumn[]; lookups: ExportLookups; batches: AsyncIterable<FieldRow[]> },
): Promise<number> {
  return writeSheet(out, { ...opts, cell: (r, key) => fieldCell(r, key as (typeof EC_RECORD_FIELDS)[number]['key'], opts.lookups), customOf: (r) => r.custom_info ?? {} });
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

/** The streams the sheet's XML is written into (ExcelJS's StreamBuf keeps them in `pipes`). */
function sheetPipes(sheet: ExcelJS.Worksheet): Writable[] {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes) ? pipes.filter((p): p is Writable => typeof (p as Writable | null)?.once === 'function') : [];
}

/** How much a stage may hold before the writer waits for it: enough to keep the deflate thread busy meanwhile. */
const STAGE_MAX_BYTES = 4 * 1024 * 1024;

/** Whether a writable holds too much (also for the older readable-stream copies the zip library uses). */
function full(out: Writable): boolean {
  const state = (out as unknown as { _writableState?: { length?: number; needDrain?: boolean } })._writableState;
  const length = typeof out.writableLength === 'number' ? out.writableLength : (state?.length ?? 0);
  const needDrain = typeof out.writableNeedDrain === 'boolean' ? out.writableNeedDrain : state?.needDrain === true;
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

/** The records matching `where`, in the order of `keys`, batch by batch (keyset paging: no long transaction). */
export function recordBatches(db: Conn, where: Expression<SqlBool>, keys: SortKey[], opts: { max?: number; batchSize?: number } = {}): AsyncGenerator<FieldRow[]> {
  return kindBatches<FieldRow>(db, { kind: EC_KIND as unknown as RecordKind, select: FIELD_COLUMNS }, where, keys, opts);
}

/** recordBatches of any record kind: the `select` columns of its table. */
export async function* kindBatches<Row extends AnyRow>(
  db: Conn,
  ek: { kind: RecordKind; select: readonly string[] },
  where: Expression<SqlBool>,
  keys: SortKey[],
  { max = EXPORT_MAX_ROWS, batchSize = BATCH }: { max?: number; batchSize?: number } = {},
): AsyncGenerator<Row[]> {
  const select = sql.join(ek.select.map((c) => sql.ref(c)));
  const fetch = async (last: Row | undefined, limit: number): Promise<Row[]> => {
    const conds = last ? sql<SqlBool>`(${where}) AND ${generic.after(ek.kind, keys, last)}` : where;
    const res = await sql<Row>`SELECT ${select} FROM ${sql.table(ek.kind.table)} AS r WHERE ${conds} ORDER BY ${generic.orderBy(ek.kind, keys)} LIMIT ${limit}`.execute(db);
    return res.rows;
  };
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

const fileSafe = (s: string) => s.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '_').slice(0, 80) || 'client';

/** The marketplace export. */
export const EC_EXPORT: ExportKind<FieldRow, ExportLookups> = {
  kind: EC_KIND as unknown as RecordKind,
  fields: EC_RECORD_FIELDS,
  select: FIELD_COLUMNS,
  lookups: exportLookups,
  cell: (r, key, l) => fieldCell(r, key as (typeof EC_RECORD_FIELDS)[number]['key'], l),
  customColumns,
  customOf: (r) => r.custom_info ?? {},
  search: ecRecords.recordSearch,
  fileStem: 'ec-records',
};

/**
 * The export as a download: the records of one client that the user may see and that match `where` (a condition
 * on alias `r`), streamed. The report area's download calls this with `sql\`r.report_id = ${reportId}\``.
 */
export function exportRecords(ctx: AuthedContext, opts: { clientId: number; where?: Expression<SqlBool>; order?: SortKey[]; fileName?: string }): Promise<DownloadAnswer> {
  return exportKindRecords(ctx, EC_EXPORT, opts);
}

/** exportRecords of any record kind. */
export async function exportKindRecords<Row extends AnyRow, L>(
  ctx: AuthedContext,
  ek: ExportKind<Row, L>,
  opts: { clientId: number; where?: Expression<SqlBool>; order?: SortKey[]; fileName?: string },
): Promise<DownloadAnswer> {
  const db = ctx.services.db;
  const visible = visibleTo(ctx, opts.clientId, ek.kind.table);
  const where = opts.where ? sql<SqlBool>`(${visible} AND ${opts.where})` : visible;
  const [name, custom, lookups] = await Promise.all([clientName(db, opts.clientId), ek.customColumns(db, opts.clientId), ek.lookups(db, opts.clientId)]);
  // The first batch is read before answering, so a query that fails answers as an error, not as a cut-off file.
  const rest = kindBatches<Row>(db, ek, where, opts.order ?? generic.sortKeys(ek.kind, []));
  const first = await rest.next();
  async function* batches() {
    if (first.done) return;
    yield first.value;
    yield* rest;
  }
  const out = new PassThrough();
  const columns = exportColumns<string>(ctx.locale, custom, ek.fields);
  writeSheet<Row>(out, { locale: ctx.locale, columns, batches: batches(), cell: (r, key) => ek.cell(r, key, lookups), customOf: ek.customOf }).catch((err: unknown) => {
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

/** The list's query parameters as the search payload: the array fields are JSON text (a comma list is taken too). */
function searchFromQuery(q: Record<string, string>): Record<string, unknown> {
  const list = (s: string | undefined, wrapObject = false): unknown => {
    if (s === undefined || s === '') return undefined;
    if (jsonDepthExceeds(s, MAX_JSON_DEPTH)) throw new AppError('tooDeep', { max: MAX_JSON_DEPTH });
    try {
      const v: unknown = JSON.parse(s);
      return wrapObject && typeof v === 'object' && v !== null && !Array.isArray(v) ? [v] : v;
    } catch {
      return s.split(',').map((x) => x.trim()).filter(Boolean);
    }
  };
  const num = (s: string | undefined) => (s === undefined || s === '' ? undefined : /^\d{1,15}$/.test(s) ? Number(s) : s);
  const flag = (s: string | undefined) => (s === undefined || s === '' ? undefined : s === 'true' ? 1 : s === 'false' ? 0 : num(s));
  return {
    clientId: num(q.clientId),
    keyword: q.keyword,
    searchType: num(q.searchType),
    startDate: q.startDate || undefined,
    endDate: q.endDate || undefined,
    dateFields: list(q.dateFields),
    wordFields: list(q.wordFields),
    whereFields: list(q.whereFields, true),
    orderFields: list(q.orderFields, true),
    filterErrorRecord: flag(q.filterErrorRecord),
    noticeId: num(q.noticeId),
  };
}

/** GET /api/ec-data/export-search-result: the whole result of the list's search (no paging) as .xlsx. */
export function exportSearchResult(ctx: AuthedContext, query: Record<string, string>): Promise<DownloadAnswer> {
  return exportKindSearchResult(ctx, EC_EXPORT, query);
}

/** exportSearchResult of any record kind (GET /api/ws-data/export-search-result for websites). */
export async function exportKindSearchResult<Row extends AnyRow, L>(ctx: AuthedContext, ek: ExportKind<Row, L>, query: Record<string, string>): Promise<DownloadAnswer> {
  const parsed = ek.search.safeParse(searchFromQuery(query));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'query';
    throw new AppError('badRequest', { field }, issue && isMessageKey(issue.message) ? issue.message : 'validation.invalid');
  }
  const input = parsed.data;
  const where = await generic.searchWhere(ctx, ek.kind, input);
  return exportKindRecords(ctx, ek, { clientId: input.clientId, where, order: generic.sortKeys(ek.kind, input.orderFields) });
}
