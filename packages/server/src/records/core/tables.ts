/**
 * The physical tables of every record kind, as the migrations create them: its records, their history, its
 * reports, the records' id column and the users' column chooser column. The engine takes a kind's tables from
 * its description; what has to reach every kind's tables at once (removing abandoned imports, the import filter
 * of a record table) reads them here.
 */
export const RECORD_TABLES = {
  ec: { records: 'ec_record', history: 'ec_record_history', reports: 'ec_report', id: 'ec_id', columns: 'ec_columns' },
  ws: { records: 'ws_record', history: 'ws_record_history', reports: 'ws_report', id: 'ws_id', columns: 'ws_columns' },
  sns: { records: 'sns_record', history: 'sns_record_history', reports: 'sns_report', id: 'sns_id', columns: 'sns_columns' },
} as const;

/** A record kind's name: it names its calls (`/api/<name>-data/...`, `/api/<name>-report/...`). */
export type KindName = keyof typeof RECORD_TABLES;
type Tables = (typeof RECORD_TABLES)[KindName];
export type RecordTableName = Tables['records'];
export type HistoryTableName = Tables['history'];
export type ReportTableName = Tables['reports'];
export type ColumnsColumn = Tables['columns'];


/** Every kind's report table (imports in progress are marked there). */
export const REPORT_TABLES: readonly ReportTableName[] = Object.values(RECORD_TABLES).map((t) => t.reports);

/** The kind whose records a table holds. */
export const kindOfTable = (table: RecordTableName): KindName => (Object.keys(RECORD_TABLES) as KindName[]).find((k) => RECORD_TABLES[k].records === table)!;
