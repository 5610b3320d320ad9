import { sql, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { KindTypes, RecordKind } from '../core/kind.js';

/**
 * The queries of the reports of any record kind (reports.ts) and the SQL parts the kinds' report parts use
 * (report-parts.ts). Report queries name the report `p` and its records `e`.
 */

/** The answered records of a report (alias `e`): the client set an action. */
export const ANSWERED_COUNTS = { responses: sql<number>`count(*) FILTER (WHERE e.action IS NOT NULL)` };

/** The reports (alias `p`) a client user may pick: the posted ones. */
export const POSTED = sql<SqlBool>`p.send_date IS NOT NULL`;

/** The client's reports with their record counts and the kind's counts, newest first (imports in progress left out). */
export async function reportsWithCounts<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, clientId: number) {
  const id = sql.ref(`e.${kind.idColumn}`);
  const uncategorized = kind.reports.uncategorized;
  const names = Object.keys(kind.reports.counts);
  return db
    .selectFrom(sql<{ report_id: number; report_name: string; upload_date: Date; send_date: Date | null; uploaded_by: number | null; client_id: number; importing_since: Date | null }>`${sql.table(kind.reportTable)}`.as('p'))
    // The client named on the records too: only its partition is read.
    .leftJoin(sql<{ report_id: number; client_id: number }>`${sql.table(kind.table)}`.as('e'), (join) => join.onRef('e.report_id', '=', 'p.report_id').on('e.client_id', '=', clientId))
    .leftJoin('users as u', 'u.user_id', 'p.uploaded_by')
    .select([
      'p.report_id',
      'p.report_name',
      'p.upload_date',
      'p.send_date',
      'u.user_name',
      sql<number>`count(${id})`.as('records'),
      sql<number>`count(*) FILTER (WHERE ${id} IS NOT NULL AND NOT ${uncategorized})`.as('categorized'),
      sql<number>`count(*) FILTER (WHERE ${id} IS NOT NULL AND ${uncategorized})`.as('uncategorized'),
      (names.length === 0 ? sql<Record<string, number | string | null>>`'{}'::jsonb` : sql<Record<string, number | string | null>>`jsonb_build_object(${sql.join(names.flatMap((n) => [sql`${n}::text`, kind.reports.counts[n]!]))})`).as('counts'),
    ])
    .where('p.client_id', '=', clientId)
    .where('p.importing_since', 'is', null)
    .groupBy(['p.report_id', 'u.user_name'])
    .orderBy('p.report_id', 'desc')
    .execute();
}

/** The report of this client (not an import in progress), locked for an action, or undefined. */
export async function lockReport<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, clientId: number, reportId: number) {
  const found = await sql<{ report_id: number; report_name: string }>`
    SELECT report_id, report_name FROM ${sql.table(kind.reportTable)}
    WHERE report_id = ${reportId} AND client_id = ${clientId} AND importing_since IS NULL
    FOR UPDATE`.execute(db);
  return found.rows[0];
}

/** Deletes the report's records of the client, then the report; answers how many records went. */
export async function deleteReport<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, clientId: number, reportId: number): Promise<number> {
  const removed = await sql`DELETE FROM ${sql.table(kind.table)} WHERE report_id = ${reportId} AND client_id = ${clientId}`.execute(db);
  await sql`DELETE FROM ${sql.table(kind.reportTable)} WHERE report_id = ${reportId}`.execute(db);
  return Number(removed.numAffectedRows ?? 0);
}

/** Publishes the report's unpublished records (the uncategorized ones only when asked); answers how many. */
export async function publishRecords<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, report: { clientId: number; reportId: number }, how: { withUncategorized: boolean; at: Date }): Promise<number> {
  const onlyCategorized = how.withUncategorized ? sql<SqlBool>`TRUE` : sql<SqlBool>`NOT ${kind.reports.uncategorized}`;
  const posted = await sql`
    UPDATE ${sql.table(kind.table)} AS e SET published = TRUE, updated_at = ${how.at}
    WHERE e.client_id = ${report.clientId} AND e.report_id = ${report.reportId} AND NOT e.published AND ${onlyCategorized}`.execute(db);
  return Number(posted.numAffectedRows ?? 0);
}

/** Marks the report sent to the client. */
export async function markSent<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, reportId: number, at: Date): Promise<void> {
  await sql`UPDATE ${sql.table(kind.reportTable)} SET send_date = ${at} WHERE report_id = ${reportId}`.execute(db);
}

/** The report's records, and those of them not published yet. */
export async function postCounts<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, report: { clientId: number; reportId: number }): Promise<{ records: number; waiting: number }> {
  const counted = await sql<{ records: string; waiting: string }>`
    SELECT count(*) AS records, count(*) FILTER (WHERE NOT e.published) AS waiting
    FROM ${sql.table(kind.table)} AS e WHERE e.client_id = ${report.clientId} AND e.report_id = ${report.reportId}`.execute(db);
  const { records, waiting } = counted.rows[0] ?? { records: '0', waiting: '0' };
  return { records: Number(records), waiting: Number(waiting) };
}

/** The report of this client (not an import in progress), or undefined. */
export async function findReportName<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, clientId: number, reportId: number) {
  const found = await sql<{ report_name: string }>`
    SELECT report_name FROM ${sql.table(kind.reportTable)} WHERE report_id = ${reportId} AND client_id = ${clientId} AND importing_since IS NULL`.execute(db);
  return found.rows[0];
}

/** The records (alias `r`) of a report. */
export const ofReport = (reportId: number) => sql<SqlBool>`r.report_id = ${reportId}`;

/** The client's report names, newest first (imports in progress left out); `clientSees` keeps those the kind shows client users. */
export async function reportNameRows<T extends KindTypes>(db: Db | Tx, kind: RecordKind<T>, clientId: number, clientSees: boolean) {
  const shown = clientSees ? kind.reports.clientSees : sql<SqlBool>`TRUE`;
  const rows = await sql<{ report_id: number; report_name: string }>`
    SELECT p.report_id, p.report_name FROM ${sql.table(kind.reportTable)} AS p
    WHERE p.client_id = ${clientId} AND p.importing_since IS NULL AND ${shown}
    ORDER BY p.report_id DESC`.execute(db);
  return rows.rows;
}
