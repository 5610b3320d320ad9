import type { WsReport } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordsChanged } from '../records/changes.js';
import { clientName } from '../ec-records/repo.js';
import { exportKindRecords } from '../ec-records/export.js';
import { notifyClientUsers } from '../notices/service.js';
import { sortKeys, type RecordKind } from '../records/search.js';
import { WS_EXPORT } from '../ws-records/export.js';
import { WS_KIND } from '../ws-records/repo.js';

/**
 * Website (WS) reports (document 1, 2.12 "WS report tab"; section 7 "Reports (WS)"): list with counts taken from
 * the records, remove, post to the client (with its notice) and download. Uploads are ../ec-reports/upload.ts
 * with the WS upload kind (./sheet-kind.ts).
 */
const TOPIC = 'ws-records';
const UNCATEGORIZED = sql<SqlBool>`(w.category_id IS NULL)`;

export async function listReports(ctx: AuthedContext, clientId: number): Promise<WsReport[]> {
  const rows = await ctx.db
    .selectFrom('ws_report as r')
    .leftJoin('ws_record as w', 'w.report_id', 'r.report_id')
    .select([
      'r.report_id',
      'r.report_name',
      'r.upload_date',
      'r.send_date',
      sql<number>`count(w.ws_id)`.as('records'),
      sql<number>`count(*) FILTER (WHERE w.ws_id IS NOT NULL AND NOT ${UNCATEGORIZED})`.as('categorized'),
      sql<number>`count(*) FILTER (WHERE w.ws_id IS NOT NULL AND ${UNCATEGORIZED})`.as('uncategorized'),
      sql<number>`count(*) FILTER (WHERE w.action IS NOT NULL)`.as('responses'),
    ])
    .where('r.client_id', '=', clientId)
    .where('r.importing_since', 'is', null)
    .groupBy('r.report_id')
    .orderBy('r.report_id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.report_id,
    reportName: r.report_name,
    uploadDate: r.upload_date.toISOString(),
    recordCount: Number(r.records),
    sendDate: r.send_date ? r.send_date.toISOString() : null,
    categrizeCount: Number(r.categorized),
    uncategrizeCount: Number(r.uncategorized),
    responseCount: Number(r.responses),
  }));
}

/** The report of this client, locked for the action; another client's answers as one that does not exist. */
async function findReport(ctx: AuthedContext, clientId: number, reportId: number) {
  const report = await ctx.db
    .selectFrom('ws_report')
    .select(['report_id', 'report_name'])
    .where('report_id', '=', reportId)
    .where('client_id', '=', clientId)
    .where('importing_since', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!report) throw new AppError('objectNotFound');
  return report;
}

export async function removeReport(ctx: AuthedContext, clientId: number, reportId: number) {
  await findReport(ctx, clientId, reportId);
  const res = await ctx.db.deleteFrom('ws_record').where('report_id', '=', reportId).where('client_id', '=', clientId).executeTakeFirst();
  await ctx.db.deleteFrom('ws_report').where('report_id', '=', reportId).execute();
  await recordsChanged(ctx.services, ctx.db, clientId, undefined, TOPIC);
  return { reports: await listReports(ctx, clientId), count: Number(res.numDeletedRows) };
}

/** Post: the report's records become visible to the client (uncategorized ones only when asked); notice type 3. */
export async function postReport(ctx: AuthedContext, clientId: number, reportId: number, withUncategorized: boolean) {
  const report = await findReport(ctx, clientId, reportId);
  let q = ctx.db.updateTable('ws_record as w').set({ published: true, updated_at: ctx.now }).where('w.report_id', '=', reportId).where('w.published', '=', false);
  if (!withUncategorized) q = q.where(sql<SqlBool>`NOT ${UNCATEGORIZED}`);
  const res = await q.executeTakeFirst();
  const count = Number(res.numUpdatedRows);
  if (count === 0) throw new AppError('reportNotPostable');
  await ctx.db.updateTable('ws_report').set({ send_date: ctx.now }).where('report_id', '=', reportId).execute();
  await recordsChanged(ctx.services, ctx.db, clientId, undefined, TOPIC);
  await notifyClientUsers(ctx.services, ctx.db, clientId, {
    type: 3,
    records: 'ws',
    params: { client: await clientName(ctx.db, clientId), report: report.report_name },
    target: `${WS_KIND.listPath}?clientId=${clientId}`,
    scope: { reportId },
    now: ctx.now,
  });
  return { reports: await listReports(ctx, clientId), count };
}

/** GET /api/ws-report/download-report: the report's records as the list exports them (re-uploadable). */
export async function downloadReport(ctx: AuthedContext, clientId: number, reportId: number): Promise<DownloadAnswer> {
  const report = await ctx.db.selectFrom('ws_report').select('report_name').where('report_id', '=', reportId).where('client_id', '=', clientId).where('importing_since', 'is', null).executeTakeFirst();
  if (!report) throw new AppError('objectNotFound');
  return exportKindRecords(ctx, WS_EXPORT, {
    clientId,
    where: sql<SqlBool>`r.report_id = ${reportId}`,
    order: sortKeys(WS_KIND as unknown as RecordKind, [{ key: 'id', value: 1 }]),
    fileName: `${report.report_name.replace(/[\\/:*?"<>|]+/g, '_')}.xlsx`,
  });
}
