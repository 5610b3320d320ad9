import type { Locale, MessageKey, SaveRuleFields } from '@portal/contract';
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { LastBatch } from '../batches/batches.js';
import type { FilterAnswer } from '../search/changes.js';
import type { ExportPart } from '../export/export.js';
import type { ExportQuery, RecordSearch, SearchInput } from '../search/conditions.js';
import type { ColumnsColumn, HistoryTableName, KindName, RecordTableName, ReportTableName } from './tables.js';
import type { TemplateKind } from '../sheets/template.js';
import type { PackedRows } from '../upload/packed-rows.js';
import type { UploadKind } from '../upload/upload.js';

/**
 * A record kind, completely described: what the engine (this folder) needs to serve its list, detail, save,
 * batches, history, column chooser, reports, uploads, template and export, and to notify the client's users.
 * Every part is required, so a kind that forgets one does not type-check (kind.test.ts), and registration checks
 * the same at run time (checkRecordKind). A kind's own rules live in its area (EC: inherit, repeats, matching,
 * evidence); the shared calls are registered from the description by registerRecordKind (register.ts).
 */

export type { KindName };
/** A bookkeeping-free row of a kind's table. */
export type AnyRow = Record<string, unknown>;
export type FieldKind = 'text' | 'int' | 'numeric' | 'date' | 'bool';
/**
 * A value the list shows beside a record's own columns, read from derived data by the record's key (the triage
 * signals: EC's abnormal-price score, the repeat-offender flag of both kinds): an expression over the record (alias
 * r) and its list filter from the filter's values (a threshold, a flag), or null when the values ask for nothing.
 */
export interface DerivedField {
  select: RawBuilder<unknown>;
  /** `now` is the portal's clock, for a filter relative to it ("new in the last 7 days"). */
  filter(values: (string | number | boolean | null)[], clientId: number, now: Date): Expression<SqlBool> | null;
  /** Shown to analysts only (a client user's list answers null and ignores the filter). */
  analystsOnly: boolean;
}
export interface Field {
  /** The column of the kind's table (alias r). */
  column: string;
  kind: FieldKind;
}
/** A value as the history and a detail save keep it. */
export type HistoryValue = string | number | boolean | null;

/** The schema of one payload or answer, typed by what it parses to. */
export type Schema<T> = z.ZodType<T, unknown>;

/** The types a kind is made of. */
export interface KindTypes {
  /** A row of its table. */
  row: AnyRow;
  /** A record as the calls answer it. */
  answer: unknown;
  /** The detail save's payload. */
  update: { clientId: number; recordId: number };
  /** The detail save's answer. */
  updateAnswer: unknown;
  /** The payloads of the category (analysts) and action (client users) batches. */
  category: { clientId: number; recordIds: number[] };
  action: { clientId: number; recordIds: number[] };
  /** A report of the report list, and an entry of the list's report filter. */
  report: unknown;
  reportName: unknown;
  /** A batch of a new upload's checked rows, packed as its insert takes it (packed-rows.ts). */
  packed: PackedRows;
  /** What the export looks cells up in. */
  exportLookups: unknown;
}

/**
 * The list part, all that searching, filtering, paging and the history need: the tables, the whitelisted fields
 * by answer name (a name that is not a key of `fields` never reaches the query text), the search bar's columns,
 * the default order and the presenter.
 */
export interface ListKind<Row extends AnyRow = AnyRow, Answer = unknown> {
  /** Cache topic, also the kind's name in logs: `ec-records`, `ws-records`. */
  topic: string;
  table: RecordTableName;
  historyTable: HistoryTableName;
  reportTable: ReportTableName;
  /** The id column (also a field name in `fields` under idField). */
  idColumn: string;
  idField: string;
  /** The scan date field: the default order, descending, with the id. */
  scanField: string;
  fields: Record<string, Field>;
  words: Record<string, RawBuilder<unknown>>;
  dates: Record<string, RawBuilder<unknown>>;
  /** A record as the calls answer it, in the reader's language where the server wrote words. */
  present(row: Row, locale: Locale): Answer;
  /** Users' column chooser column. */
  columnsColumn: ColumnsColumn;
  /** The list's route (notices link to it) and the detail route of one record. */
  listPath: string;
  detailPath(clientId: number, recordId: number): string;
  /** Fields sorted through other columns (EC's price: its US dollar amount first), each key a field of `fields`; `{}` for none. */
  sortAs: Record<string, (dir: 'asc' | 'desc') => { name: string; dir: 'asc' | 'desc' }[]>;
  /** Values from derived data by answer name, added to each listed record and filterable; `{}` for none. */
  derived: Record<string, DerivedField>;
  /** Fields holding stored match reasons (records/core/hint-text.ts): exported and offered as filter values in the reader's language. */
  hintFields: readonly string[];
}

/** The calls' schemas, from the kind's contract module: the shared calls are registered with exactly these. */
export interface RecordsContract<T extends KindTypes> {
  searchRecordsInput: Schema<SearchInput>;
  searchRecordsOutput: Schema<{ records: T['answer'][]; total: number; offset: number; errorRecordCount: number }>;
  fetchFiltersInput: Schema<{ clientId: number; fieldName: string }>;
  fetchFiltersOutput: Schema<FilterAnswer>;
  recordIdInput: Schema<{ clientId: number; recordId: number }>;
  recordOutput: Schema<{ record: T['answer'] }>;
  historyOutput: Schema<HistoryAnswer>;
  updateRecordInput: Schema<T['update']>;
  updateRecordOutput: Schema<T['updateAnswer']>;
  batchCategoryInput: Schema<T['category']>;
  batchActionInput: Schema<T['action']>;
  batchOutput: Schema<{ updateCount: number; batchId: number }>;
  lastBatchInput: Schema<{ clientId: number }>;
  lastBatchOutput: Schema<{ batch: LastBatch | null }>;
  undoBatchInput: Schema<{ clientId: number; batchId: number }>;
  undoBatchOutput: Schema<{ updateCount: number }>;
  getColumnsInput: Schema<object>;
  columnsOutput: Schema<{ columns: string[] | null }>;
  setColumnsInput: Schema<{ columns: string[] }>;
  /** The list's search without paging. */
  recordSearch: Schema<RecordSearch>;
  /** The export's query string (the contract's downloads.ts): the client and the search conditions as JSON. */
  exportQuery: Schema<ExportQuery>;
}
export interface ReportsContract<T extends KindTypes> {
  fetchReportsInput: Schema<{ clientId: number }>;
  reportsOutput: Schema<{ reports: T['report'][] }>;
  reportActionInput: Schema<{ clientId: number; reportId: number }>;
  reportActionOutput: Schema<{ reports: T['report'][]; count: number }>;
  postReportInput: Schema<{ clientId: number; reportId: number; sendUncategorizRecords: boolean }>;
  uploadReportInput: Schema<{ clientId: number }>;
  uploadReportOutput: Schema<{ reports: T['report'][]; reportId: number | null; count: number }>;
  reportNamesInput: Schema<{ clientId: number }>;
  reportNamesOutput: Schema<{ reports: T['reportName'][] }>;
}

export interface HistoryAnswer {
  history: { id: number; updateByUserName: string; createdAt: string; source: string; fields: Record<string, HistoryValue> }[];
}

/** A report of the report list as read: the report, its uploader, its record counts and the kind's own counts. */
export interface ReportListRow {
  report_id: number;
  report_name: string;
  upload_date: Date;
  send_date: Date | null;
  user_name: string | null;
  records: number;
  categorized: number;
  uncategorized: number;
  counts: Record<string, number | string | null>;
}

/** The report area's part: counting, posting and naming reports. */
export interface ReportPart<T extends KindTypes> {
  /** A record (alias `e`) not yet categorized: counted apart, and left out of a post unless asked. */
  uncategorized: RawBuilder<SqlBool>;
  /** The kind's own aggregates of a report (alias `p`) over its records (alias `e`), by name. */
  counts: Record<string, RawBuilder<number | string | null>>;
  present(row: ReportListRow): T['report'];
  /** The reports (alias `p`) a client user may pick in the list's report filter. */
  clientSees: RawBuilder<SqlBool>;
  presentName(row: { report_id: number; report_name: string }): T['reportName'];
  /** What goes with a removed report's records besides them (EC: their evidence screenshots). */
  removeAlso?(db: Db | Tx, clientId: number, reportId: number): Promise<unknown>;
}

/** A change the kind makes beside the fields of the save (EC: its custom columns): columns set, history entries. */
export interface ExtraChange {
  set: Record<string, HistoryValue>;
  changed: Record<string, HistoryValue>;
}

/** The detail save (document 3, section 5). */
export interface SavePart<T extends KindTypes> {
  /** Every payload field the save reads, with the answer field (history key) it changes. */
  fields: Readonly<Record<string, string>>;
  /** Payload fields only analysts may send (a client user sending one is refused), and the client's response. */
  analystFields: readonly string[];
  responseFields: readonly string[];
  /** The save rules over the saved record merged with the change, by payload names: the first problem, or null. */
  rule(merged: SaveRuleFields): { key: MessageKey; params?: { round: number } } | null;
  /**
   * What the changes (by answer field) name must exist for the client; may add the changes the kind derives from
   * them (EC: a new subcategory brings its aggregate category).
   */
  check(ctx: AuthedContext, clientId: number, changes: Record<string, HistoryValue>, current: T['row']): Promise<void>;
  /** Changes outside `fields`, or null. */
  extra(ctx: AuthedContext, input: T['update'], current: T['row']): Promise<ExtraChange | null>;
  answer(row: T['row'], locale: Locale): T['updateAnswer'];
}

/** One batch: the answer field it sets (history key) and the payload's value. */
export interface BatchChange<I> {
  field: string;
  value(input: I): number;
}

export interface RecordKind<T extends KindTypes> extends ListKind<T['row'], T['answer']> {
  name: KindName;
  contract: { records: RecordsContract<T>; reports: ReportsContract<T> };
  reports: ReportPart<T>;
  save: SavePart<T>;
  batch: { category: BatchChange<T['category']>; action: BatchChange<T['action']> };
  upload: UploadKind<T['packed']>;
  template: TemplateKind;
  export: ExportPart<T['row'], T['exportLookups']>;
}

/** Any kind, as the registry keeps them. */
export interface AnyRecordKind {
  name: KindName;
  topic: string;
}

/** The parts every kind has, checked when it is registered. */
export const REQUIRED_PARTS: Readonly<Record<string, readonly string[]>> = {
  '': ['name', 'topic', 'table', 'historyTable', 'reportTable', 'idColumn', 'idField', 'scanField', 'fields', 'words', 'dates', 'present', 'columnsColumn', 'listPath', 'detailPath', 'sortAs', 'derived', 'hintFields', 'contract', 'reports', 'save', 'batch', 'upload', 'template', 'export'],
  contract: ['records', 'reports'],
  reports: ['uncategorized', 'counts', 'present', 'clientSees', 'presentName'],
  save: ['fields', 'analystFields', 'responseFields', 'rule', 'check', 'extra', 'answer'],
  batch: ['category', 'action'],
  upload: ['check', 'table', 'reportTable', 'loadLookups', 'customColumnNames', 'loadPrepareData', 'insert'],
  template: ['sheet', 'customColumns', 'sheetName', 'fileName'],
  export: ['fields', 'select', 'lookups', 'cell', 'customColumns', 'customOf', 'fileStem'],
};

/**
 * The run-time side of the type: refuses a kind with a part missing (a description built in plain JavaScript,
 * or cast), with fields the whitelist does not have, or a save field that is neither the analyst's nor the client's.
 */
export function checkRecordKind(kind: object): void {
  const parts = kind as Record<string, unknown>;
  for (const [part, keys] of Object.entries(REQUIRED_PARTS)) {
    const holder = part === '' ? parts : parts[part];
    if (holder === null || typeof holder !== 'object') throw new Error(`record kind ${String(parts.name)}: part ${part} is missing`);
    for (const key of keys) {
      const value = (holder as Record<string, unknown>)[key];
      if (value === undefined || value === null) throw new Error(`record kind ${String(parts.name)}: ${part ? `${part}.` : ''}${key} is missing`);
    }
  }
  const { fields, idField, scanField, save } = kind as RecordKind<KindTypes>;
  for (const name of [idField, scanField, ...Object.values(save.fields)]) {
    if (!fields[name]) throw new Error(`record kind ${String(parts.name)}: field ${name} is not in its whitelist`);
  }
  const roles = [...save.analystFields, ...save.responseFields];
  for (const payload of Object.keys(save.fields)) {
    if (roles.filter((r) => r === payload).length !== 1) throw new Error(`record kind ${String(parts.name)}: save field ${payload} is not exactly one role's`);
  }
}
