import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { RECORD_TABLES, REPORT_TABLES, type ReportTableName } from '../core/tables.js';
import { dropAbandonedStages } from './update-queries.js';

/**
 * A new upload is written as an import: its report is created marked `importing_since`, its records go in with
 * small transactions (on the embedded database, one connection, a long transaction would stop every other call
 * for its whole length), and one short transaction clears the mark. Until then every read leaves the report and
 * its records out (`notImporting`), so readers see all of it or none of it, also after a crash: an import whose
 * process died stops showing signs of life and is removed at start and by housekeeping.
 */
export type ReportTable = ReportTableName;
const tables = Object.values(RECORD_TABLES);
const tablesOfReports = (reports: ReportTable) => tables.find((t) => t.reports === reports)!;

/** An import shows a sign of life at least this often; one silent for ABANDONED_MS is a leftover. */
export const HEARTBEAT_MS = 20_000;
export const ABANDONED_MS = 3 * 60_000;
/** Rows deleted per transaction when an import is removed (short, like its writes). */
const DELETE_CHUNK = 2000;

export async function beginImport(db: Db, table: ReportTable, at: { clientId: number; reportName: string; uploadDate: Date; userId: number }): Promise<number> {
  const created = await sql<{ report_id: number }>`
    INSERT INTO ${sql.table(table)} (client_id, report_name, upload_date, uploaded_by, importing_since)
    VALUES (${at.clientId}, ${at.reportName}, ${at.uploadDate}, ${at.userId}, now()) RETURNING report_id`.execute(db);
  return Number(created.rows[0]!.report_id);
}

export async function heartbeat(db: Db, table: ReportTable, reportId: number): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET importing_since = now() WHERE report_id = ${reportId} AND importing_since IS NOT NULL`.execute(db);
}

/** Makes the import visible, inside the caller's (short) transaction. */
export async function finishImport(tx: Tx, table: ReportTable, reportId: number): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET importing_since = NULL WHERE report_id = ${reportId}`.execute(tx);
}

/** Removes an import that will not finish: its records in short transactions, then the report. */
export async function dropImport(db: Db, table: ReportTable, reportId: number): Promise<void> {
  const { records, id: idColumn } = tablesOfReports(table);
  const id = sql.ref(idColumn);
  for (;;) {
    const res = await sql`
      DELETE FROM ${sql.table(records)} WHERE ${id} IN (SELECT ${id} FROM ${sql.table(records)} WHERE report_id = ${reportId} LIMIT ${DELETE_CHUNK})`.execute(db);
    if (Number(res.numAffectedRows ?? 0) < DELETE_CHUNK) break;
  }
  await sql`DELETE FROM ${sql.table(table)} WHERE report_id = ${reportId} AND importing_since IS NOT NULL`.execute(db);
}

/**
 * Removes imports, and staged update uploads (update-queries.ts), silent for longer than `silentMs` (0 at the start
 * of the embedded database, which only this process uses; otherwise another replica may be importing). Answers
 * how many.
 */
export async function dropAbandonedImports(db: Db, silentMs: number = ABANDONED_MS): Promise<number> {
  let dropped = 0;
  for (const table of REPORT_TABLES) {
    const stale = await sql<{ report_id: number }>`
      SELECT report_id FROM ${sql.table(table)} WHERE importing_since IS NOT NULL AND importing_since < now() - make_interval(secs => ${silentMs / 1000})`.execute(db);
    for (const { report_id } of stale.rows) await dropImport(db, table, Number(report_id));
    dropped += stale.rows.length;
  }
  return dropped + (await dropAbandonedStages(db, silentMs));
}
