import { translate, UPLOAD_PROBLEMS_SHOWN, type Locale, type MessageKey, type UploadProblem } from '@portal/contract';
import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { EC_SHEET, checkCell, checkCustomCell, columnLabel, headerMatcher, type ColumnRule, type Lookups, type SheetColumns } from './columns.js';
import { loadMatcher, urlKey, type Matcher } from './matching.js';
import { openSheet, type SheetRow } from './sheet.js';
import { EC_TABLE, insertRecords, updateRecords, type NewRecord, type RecordChange, type RecordTable } from './writes.js';

/**
 * New and update uploads (document 1, sections 4 and 5). Every cell is checked before the upload counts: rows are
 * checked and written in batches inside the call's one transaction, and any problem anywhere rolls all of it
 * back, so memory stays flat on 100,000 rows and a refused or interrupted upload leaves nothing behind.
 */
const BATCH = 2000;

/** Problems of one sheet, in the user's language; the first UPLOAD_PROBLEMS_SHOWN are kept, all are counted. */
class Problems {
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
 * What a record kind's upload needs to know: the sheet's columns and cell rules, the required columns of a new
 * upload, the tables, the lookups of its checks, and how a checked row of a new upload is prepared and inserted
 * (EC adds its matching hints and repeat flags; `P` is the prepared row).
 */
export interface UploadKind<P = unknown> {
  sheet: SheetColumns;
  table: RecordTable;
  reportTable: 'ec_report' | 'ws_report';
  /** The id field (its column is the update upload's key). */
  idKey: string;
  /** Columns a new upload must have. */
  required: string[];
  loadLookups(db: Db | Tx, clientId: number): Promise<Lookups>;
  customColumnNames(db: Db | Tx, clientId: number): Promise<string[]>;
  /** Answers how a checked row of a new upload becomes what `insert` takes (loading what that needs once). */
  prepare(db: Db | Tx, clientId: number, lookups: Lookups): Promise<(values: Record<string, string | number | null>, custom: Record<string, string>) => P>;
  insert(db: Db | Tx, at: { clientId: number; reportId: number; now: Date; seen: Set<string> }, rows: P[]): Promise<void>;
}

interface Layout {
  rules: { index: number; rule: ColumnRule }[];
  custom: { index: number; name: string }[];
}

async function loadLookups(db: Db | Tx, clientId: number): Promise<Lookups> {
  const [subs, cats, marks] = await Promise.all([
    db.selectFrom('infringement_subcategory').select(['id', 'code', 'common_category']).execute(),
    db.selectFrom('product_category').select(['id', 'code']).where('client_id', '=', clientId).execute(),
    db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute(),
  ]);
  return {
    subcategories: new Map(subs.filter((s) => s.code !== '').map((s) => [s.code.toLowerCase(), { id: s.id, common: s.common_category }])),
    commonBySubcategory: new Map(subs.map((s) => [s.id, s.common_category])),
    productCategories: new Map(cats.filter((c) => c.code !== '').map((c) => [c.code.toLowerCase(), c.id])),
    trademarks: new Map(marks.map((m) => [m.no.toLowerCase(), m.trademark_id])),
  };
}

/** Reads the header row: every column must be known, once; the required ones must be there. */
function readHeader(row: SheetRow | undefined, customNames: string[], required: string[], problems: Problems, locale: Locale, sheet: SheetColumns): Layout {
  const match = headerMatcher(customNames, sheet);
  const layout: Layout = { rules: [], custom: [] };
  const seen = new Set<string>();
  (row?.cells ?? []).forEach((cell, index) => {
    const header = cell.value === null ? '' : String(cell.value instanceof Date ? cell.value.toISOString() : cell.value).trim();
    if (header === '') return;
    const m = match(header);
    const id = m.type === 'rule' ? m.rule.key : m.type === 'custom' ? `custom:${m.name}` : header;
    if (m.type !== 'ignored' && seen.has(id)) return problems.add(1, header, 'cell.duplicateColumn');
    seen.add(id);
    if (m.type === 'rule') layout.rules.push({ index, rule: m.rule });
    else if (m.type === 'custom') layout.custom.push({ index, name: m.name });
    else if (m.type === 'unknown') problems.add(1, header, 'cell.unknownColumn');
  });
  for (const key of required) if (!seen.has(key)) problems.add(1, columnLabel(key, locale, sheet.fields), 'cell.missingColumn');
  return layout;
}

async function customColumnNames(db: Db | Tx, clientId: number): Promise<string[]> {
  const rows = await db.selectFrom('custom_column').select('column_name').where('client_id', '=', clientId).execute();
  return rows.map((r) => r.column_name);
}

const isBlankRow = (row: SheetRow) => row.cells.every((c) => !c.formula && (c.value === null || String(c.value).trim() === ''));

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

function commonCategoryOf(lookups: Lookups, subcategoryId: number | null): number | null {
  if (subcategoryId === null) return null;
  return lookups.commonBySubcategory?.get(subcategoryId) ?? null;
}

function toNewRecord(values: Record<string, string | number | null>, custom: Record<string, string>, matcher: Matcher, lookups: Lookups): NewRecord {
  const str = (k: string) => (values[k] === null || values[k] === undefined ? '' : String(values[k]));
  const hints = matcher.match({ title: str('ec_product_title'), brand: str('ec_product_brand'), seller: str('ec_product_seller'), url: str('ec_product_url'), sellerUrl: str('ec_product_seller_url') });
  const category = (values.ec_category_id ?? null) as number | null;
  return { values, custom, hints, urlKey: urlKey(str('ec_product_url')), commonCategory: commonCategoryOf(lookups, category) };
}

/** Marketplace (EC) reports: subcategory, product category and trademark lookups, custom columns, matching hints. */
export const EC_UPLOAD: UploadKind<NewRecord> = {
  sheet: EC_SHEET,
  table: EC_TABLE,
  reportTable: 'ec_report',
  idKey: 'ec_id',
  required: ['ec_site', 'ec_scan_date', 'ec_search_keyword', 'ec_product_title', 'ec_product_url'],
  loadLookups,
  customColumnNames,
  async prepare(db, clientId, lookups) {
    const matcher = await loadMatcher(db, clientId);
    return (values, custom) => toNewRecord(values, custom, matcher, lookups);
  },
  insert: insertRecords,
};

export async function uploadNewReport<P>(ctx: AuthedContext, clientId: number, kind: UploadKind<P> = EC_UPLOAD as unknown as UploadKind<P>): Promise<{ reportId: number; count: number }> {
  const file = ctx.files[0];
  if (!file) throw new AppError('fileRequired');
  const sheet = await openSheet(file);
  const lookups = await kind.loadLookups(ctx.db, clientId);
  const [customNames, prepare] = await Promise.all([kind.customColumnNames(ctx.db, clientId), kind.prepare(ctx.db, clientId, lookups)]);
  const problems = new Problems(ctx.locale, () => sheet.name);

  const reportName = file.filename.replace(/\.[^.]+$/, '').slice(0, 300) || 'report';
  const created = await sql<{ report_id: number }>`
    INSERT INTO ${sql.table(kind.reportTable)} (client_id, report_name, upload_date, uploaded_by)
    VALUES (${clientId}, ${reportName}, ${ctx.now}, ${ctx.user.userId}) RETURNING report_id`.execute(ctx.db);
  const report_id = Number(created.rows[0]!.report_id);

  let layout: Layout | null = null;
  let batch: P[] = [];
  let count = 0;
  const seen = new Set<string>();
  // The database writes one batch while the next is read and checked: at most one write is in flight.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const rows = batch;
    batch = [];
    await writing;
    if (problems.total === 0 && rows.length > 0) {
      writing = kind.insert(ctx.db, { clientId, reportId: report_id, now: ctx.now, seen }, rows);
      writing.catch(() => undefined); // awaited before the next write; this only keeps Node from calling it unhandled
    }
  };
  for await (const row of sheet.rows) {
    if (!layout) {
      layout = readHeader(row, customNames, kind.required, problems, ctx.locale, kind.sheet);
      problems.throwIfAny();
      continue;
    }
    if (isBlankRow(row)) continue;
    const checked = checkRow(row, layout, lookups, problems, ctx.locale, { newUpload: true, sheet: kind.sheet });
    count += 1;
    if (checked && problems.total === 0) batch.push(prepare(checked.values, checked.custom));
    if (batch.length >= BATCH) await flush();
  }
  if (!layout) throw new AppError('uploadEmpty');
  await flush();
  await writing;
  problems.throwIfAny();
  if (count === 0) throw new AppError('uploadEmpty');
  return { reportId: report_id, count };
}

export async function uploadUpdate<P>(ctx: AuthedContext, clientId: number, kind: UploadKind<P> = EC_UPLOAD as unknown as UploadKind<P>): Promise<{ count: number; published: number[] }> {
  const file = ctx.files[0];
  if (!file) throw new AppError('fileRequired');
  const sheet = await openSheet(file);
  const [lookups, customNames] = await Promise.all([kind.loadLookups(ctx.db, clientId), kind.customColumnNames(ctx.db, clientId)]);
  const idLabel = () => columnLabel(kind.idKey, ctx.locale, kind.sheet.fields);
  const problems = new Problems(ctx.locale, () => sheet.name);

  let layout: Layout | null = null;
  let batch: (RecordChange & { row: number })[] = [];
  let count = 0;
  const ids = new Set<number>();
  const published: number[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const id = sql.ref(kind.table.idColumn);
    const found = await sql<{ id: number; published: boolean }>`
      SELECT ${id} AS id, published FROM ${sql.table(kind.table.table)}
      WHERE client_id = ${clientId} AND ${id} = ANY(${batch.map((b) => b.id)}::bigint[])`.execute(ctx.db);
    const known = new Map(found.rows.map((f) => [Number(f.id), f.published]));
    for (const b of batch) if (!known.has(b.id)) problems.add(b.row, idLabel(), 'cell.unknownRecord', { value: b.id });
    if (problems.total === 0) {
      await updateRecords(ctx.db, { clientId, userId: ctx.user.userId, now: ctx.now }, batch, kind.table);
      for (const b of batch) if (known.get(b.id)) published.push(b.id);
    }
    batch = [];
  };
  for await (const row of sheet.rows) {
    if (!layout) {
      layout = readHeader(row, customNames, [kind.idKey], problems, ctx.locale, kind.sheet);
      problems.throwIfAny();
      continue;
    }
    if (isBlankRow(row)) continue;
    const checked = checkRow(row, layout, lookups, problems, ctx.locale, { newUpload: false, sheet: kind.sheet });
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
    const category = (values.ec_category_id ?? null) as number | null;
    batch.push({ row: row.number, id, values, custom: checked.custom, commonCategory: commonCategoryOf(lookups, category) });
    if (batch.length >= BATCH) await flush();
  }
  if (!layout) throw new AppError('uploadEmpty');
  await flush();
  problems.throwIfAny();
  if (count === 0) throw new AppError('uploadEmpty');
  return { count, published };
}
