import { sql, type SqlBool } from 'kysely';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged, roomForBulkWrite } from '../search/changes.js';
import { exportRecords } from '../export/export.js';
import type { KindTypes, RecordKind, ReportListRow } from '../core/kind.js';
import { notifyReportPosted } from '../core/notices.js';
import { isAnalyst } from '../core/visibility.js';
import { sortKeys } from '../search/order.js';

/**
 * Reports of any record kind (document 1, 2.12 "EC report tab", "WS report tab"; section 7): the list with counts
 * taken from the records themselves, remove, post to the client (with its notice), download, and the names for
 * the record list's report filter. Uploads are upload.ts; what differs between kinds is the kind's report part.
 * Report queries name the report `p` and its records `e`.
 */

/** The client's reports with their counts, newest first (imports in progress left out). */
export async function listReports<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number): Promise<T['report'][]> {
  const id = sql.ref(`e.${kind.idColumn}`);
  const uncategorized = kind.reports.uncategorized;
  const names = Object.keys(kind.reports.counts);
  const rows = await ctx.db
    .selectFrom(sql<{ report_id: number; report_name: string; upload_date: Date; send_date: Date | null; uploaded_by: number | null; client_id: number; importing_since: Date | null }>`${sql.table(kind.reportTable)}`.as('p'))
    .leftJoin(sql<{ report_id: number }>`${sql.table(kind.table)}`.as('e'), 'e.report_id', 'p.report_id')
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
  return rows.map((r) => {
    const row: ReportListRow = {
      report_id: r.report_id,
      report_name: r.report_name,
      upload_date: new Date(r.upload_date),
      send_date: r.send_date === null ? null : new Date(r.send_date),
      user_name: r.user_name,
      records: Number(r.records),
      categorized: Number(r.categorized),
      uncategorized: Number(r.uncategorized),
      counts: r.counts,
    };
    return kind.reports.present(row);
  });
}

/** The report of this client, locked for the action; another client's answers as one that does not exist. */
async function findReport<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number, reportId: number): Promise<{ id: number; name: string }> {
  const found = await sql<{ report_id: number; report_name: string }>`
    SELECT report_id, report_name FROM ${sql.table(kind.reportTable)}
    WHERE report_id = ${reportId} AND client_id = ${clientId} AND importing_since IS NULL
    FOR UPDATE`.execute(ctx.db);
  const report = found.rows[0];
  if (!report) throw new AppError('objectNotFound');
  return { id: report.report_id, name: report.report_name };
}

/** The report actions' answer: the report list again, and how many records the action touched. */
async function answer<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number, count: number) {
  return { reports: await listReports(ctx, kind, clientId), count };
}

/** Checks that a report of the client can be acted on (EC's inherit and delete-repeat): its id and name. */
export const reportToActOn = findReport;

export async function removeReport<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number, reportId: number) {
  await findReport(ctx, kind, clientId, reportId);
  await kind.reports.removeAlso?.(ctx.db, clientId, reportId);
  await roomForBulkWrite(ctx.db);
  const removed = await sql`DELETE FROM ${sql.table(kind.table)} WHERE report_id = ${reportId} AND client_id = ${clientId}`.execute(ctx.db);
  await sql`DELETE FROM ${sql.table(kind.reportTable)} WHERE report_id = ${reportId}`.execute(ctx.db);
  await recordsChanged(ctx.services, ctx.db, kind, clientId);
  // Sellers and takedowns went with the records: the seller networks are recomputed (price scores went by cascade).
  await ctx.services.queues.send('triage-signals', { clientId }, { db: ctx.db });
  return answer(ctx, kind, clientId, Number(removed.numAffectedRows ?? 0));
}

/** Post: the report's records become visible to the client (uncategorized ones only when asked); notice type 3. */
export async function postReport<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number, reportId: number, withUncategorized: boolean) {
  const report = await findReport(ctx, kind, clientId, reportId);
  await roomForBulkWrite(ctx.db);
  const onlyCategorized = withUncategorized ? sql<SqlBool>`TRUE` : sql<SqlBool>`NOT ${kind.reports.uncategorized}`;
  const posted = await sql`
    UPDATE ${sql.table(kind.table)} AS e SET published = TRUE, updated_at = ${ctx.now}
    WHERE e.report_id = ${reportId} AND NOT e.published AND ${onlyCategorized}`.execute(ctx.db);
  const count = Number(posted.numAffectedRows ?? 0);
  if (count === 0) throw await whyNothingToPost(ctx, kind, reportId);
  await sql`UPDATE ${sql.table(kind.reportTable)} SET send_date = ${ctx.now} WHERE report_id = ${reportId}`.execute(ctx.db);
  await recordsChanged(ctx.services, ctx.db, kind, clientId);
  await notifyReportPosted(ctx, kind, clientId, report);
  return answer(ctx, kind, clientId, count);
}

/** Why a post found nothing to post: no records, all posted already, or (unasked) none categorized. */
async function whyNothingToPost<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, reportId: number): Promise<AppError> {
  const counted = await sql<{ records: string; waiting: string }>`
    SELECT count(*) AS records, count(*) FILTER (WHERE NOT e.published) AS waiting
    FROM ${sql.table(kind.table)} AS e WHERE e.report_id = ${reportId}`.execute(ctx.db);
  const { records, waiting } = counted.rows[0] ?? { records: '0', waiting: '0' };
  if (Number(records) === 0) return new AppError('reportEmpty');
  if (Number(waiting) === 0) return new AppError('reportAlreadyPosted', { count: Number(records) });
  return new AppError('reportNoneCategorized', { count: Number(waiting) });
}

/** GET /api/<kind>-report/download-report: the report's records as the list exports them (re-uploadable). */
export async function downloadReport<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number, reportId: number): Promise<DownloadAnswer> {
  const found = await sql<{ report_name: string }>`
    SELECT report_name FROM ${sql.table(kind.reportTable)} WHERE report_id = ${reportId} AND client_id = ${clientId} AND importing_since IS NULL`.execute(ctx.db);
  const report = found.rows[0];
  if (!report) throw new AppError('objectNotFound');
  return exportRecords(ctx, kind, {
    clientId,
    where: sql<SqlBool>`r.report_id = ${reportId}`,
    order: sortKeys(kind, [{ key: kind.idField, value: 1 }]),
    fileName: `${report.report_name.replace(/[\\/:*?"<>|]+/g, '_')}.xlsx`,
  });
}

/** Report names for the list's report filter: analysts every report; client users those the kind shows them. */
export async function reportNames<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number) {
  const shown = isAnalyst(ctx) ? sql<SqlBool>`TRUE` : kind.reports.clientSees;
  const rows = await sql<{ report_id: number; report_name: string }>`
    SELECT p.report_id, p.report_name FROM ${sql.table(kind.reportTable)} AS p
    WHERE p.client_id = ${clientId} AND p.importing_since IS NULL AND ${shown}
    ORDER BY p.report_id DESC`.execute(ctx.db);
  return { reports: rows.rows.map((r) => kind.reports.presentName({ report_id: Number(r.report_id), report_name: r.report_name })) };
}
