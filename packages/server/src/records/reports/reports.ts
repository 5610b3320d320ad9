import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged, roomForBulkWrite } from '../search/changes.js';
import { exportRecords } from '../export/export.js';
import type { KindTypes, RecordKind, ReportListRow } from '../core/kind.js';
import { emitEvent } from '../../areas/webhooks/emit.js';
import { notifyReportPosted } from '../core/notices.js';
import { isAnalyst } from '../core/visibility.js';
import { sortKeys } from '../search/order.js';
import { deleteReport, findReportName, lockReport, markSent, ofReport, postCounts, publishRecords, reportNameRows, reportsWithCounts } from './report-queries.js';

/**
 * Reports of any record kind (document 1, 2.12 "EC report tab", "WS report tab"; section 7): the list with counts
 * taken from the records themselves, remove, post to the client (with its notice), download, and the names for
 * the record list's report filter. Uploads are upload.ts; what differs between kinds is the kind's report part.
 * Its queries are in report-queries.ts.
 */

/** The client's reports with their counts, newest first (imports in progress left out). */
export async function listReports<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number): Promise<T['report'][]> {
  const rows = await reportsWithCounts(ctx.db, kind, clientId);
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
  const report = await lockReport(ctx.db, kind, clientId, reportId);
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
  const removed = await deleteReport(ctx.db, kind, clientId, reportId);
  await recordsChanged(ctx.services, ctx.db, kind, clientId);
  // Sellers and takedowns went with the records: the seller networks are recomputed (price scores went by cascade).
  await ctx.services.queues.send('triage-signals', { clientId }, { db: ctx.db });
  return answer(ctx, kind, clientId, removed);
}

/** Post: the report's records become visible to the client (uncategorized ones only when asked); notice type 3. */
export async function postReport<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number, reportId: number, withUncategorized: boolean) {
  const report = await findReport(ctx, kind, clientId, reportId);
  await roomForBulkWrite(ctx.db);
  const count = await publishRecords(ctx.db, kind, { clientId, reportId }, { withUncategorized, at: ctx.now });
  if (count === 0) throw await whyNothingToPost(ctx, kind, { clientId, reportId });
  await markSent(ctx.db, kind, reportId, ctx.now);
  await recordsChanged(ctx.services, ctx.db, kind, clientId);
  await notifyReportPosted(ctx, kind, clientId, report);
  // Programs hear of it too (issue 30): the client's endpoints that asked for records.posted, in this transaction.
  await emitEvent(ctx, clientId, 'records.posted', { kind: kind.name, reportId: report.id, reportName: report.name, count });
  return answer(ctx, kind, clientId, count);
}

/** Why a post found nothing to post: no records, all posted already, or (unasked) none categorized. */
async function whyNothingToPost<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, report: { clientId: number; reportId: number }): Promise<AppError> {
  const { records, waiting } = await postCounts(ctx.db, kind, report);
  if (records === 0) return new AppError('reportEmpty');
  if (waiting === 0) return new AppError('reportAlreadyPosted', { count: records });
  return new AppError('reportNoneCategorized', { count: waiting });
}

/** GET /api/<kind>-report/download-report: the report's records as the list exports them (re-uploadable). */
export async function downloadReport<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number, reportId: number): Promise<DownloadAnswer> {
  const report = await findReportName(ctx.db, kind, clientId, reportId);
  if (!report) throw new AppError('objectNotFound');
  return exportRecords(ctx, kind, {
    clientId,
    where: ofReport(reportId),
    order: sortKeys(kind, [{ key: kind.idField, value: 1 }]),
    fileName: `${report.report_name.replace(/[\\/:*?"<>|]+/g, '_')}.xlsx`,
  });
}

/** Report names for the list's report filter: analysts every report; client users those the kind shows them. */
export async function reportNames<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, clientId: number) {
  const rows = await reportNameRows(ctx.db, kind, clientId, !isAnalyst(ctx));
  return { reports: rows.map((r) => kind.reports.presentName({ report_id: Number(r.report_id), report_name: r.report_name })) };
}
