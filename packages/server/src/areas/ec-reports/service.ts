import { Role, hasRole, type EcReport } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { DownloadAnswer } from '../../platform/call.js';
import { recordsChanged } from '../records/changes.js';
import { deleteReportEvidence } from '../ec-records/evidence.js';
import { exportRecords } from '../ec-records/export.js';
import { sortKeys } from '../ec-records/search.js';
import { notifyClientUsers } from '../notices/service.js';
import { notImporting } from './imports.js';

/** Uncategorized: neither a subcategory nor an aggregate category (a batch update may set only the latter). */
export const UNCATEGORIZED = sql<SqlBool>`(e.ec_category_id IS NULL AND e.ec_category_common_type_id IS NULL)`;

/** The client's reports with their counts, newest first, counted from the records themselves. */
export async function listReports(ctx: AuthedContext, clientId: number): Promise<EcReport[]> {
  const rows = await ctx.db
    .selectFrom('ec_report as r')
    .leftJoin('ec_record as e', 'e.report_id', 'r.report_id')
    .leftJoin('users as u', 'u.user_id', 'r.uploaded_by')
    .select([
      'r.report_id',
      'r.report_name',
      'r.upload_date',
      'r.send_date',
      'r.inherited_count',
      'u.user_name',
      sql<number>`count(e.ec_id)`.as('scrape'),
      sql<number>`count(*) FILTER (WHERE e.is_repeat)`.as('repeat'),
      sql<number>`count(*) FILTER (WHERE e.ec_id IS NOT NULL AND ${UNCATEGORIZED})`.as('uncategorized'),
      sql<number>`count(*) FILTER (WHERE e.ec_response_action IS NOT NULL)`.as('responses'),
      sql<number>`count(*) FILTER (WHERE e.ec_is_need_to_check)`.as('need_check'),
      sql<string | null>`max(e.ec_response_date)::text`.as('response_date'),
    ])
    .where('r.client_id', '=', clientId)
    .where('r.importing_since', 'is', null)
    .groupBy(['r.report_id', 'u.user_name'])
    .orderBy('r.report_id', 'desc')
    .execute();
  return rows.map((r) => ({
    report_id: r.report_id,
    report_name: r.report_name,
    report_upload_date: r.upload_date.toISOString(),
    report_scrape_count: Number(r.scrape),
    report_repeat_count: Number(r.repeat),
    report_send_date: r.send_date ? r.send_date.toISOString() : null,
    report_uncategrize_count: Number(r.uncategorized),
    report_response_date: r.response_date,
    report_response_count: Number(r.responses),
    report_need_check_count: Number(r.need_check),
    report_inherited_count: r.inherited_count,
    report_uploaded_by: r.user_name ?? '',
  }));
}

/** The report of this client, locked for the action; another client's answers as one that does not exist. */
async function findReport(ctx: AuthedContext, clientId: number, reportId: number) {
  const report = await ctx.db
    .selectFrom('ec_report')
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
  // Evidence screenshots of its records go with them.
  await deleteReportEvidence(ctx.db, clientId, reportId);
  const res = await ctx.db.deleteFrom('ec_record').where('report_id', '=', reportId).executeTakeFirst();
  await ctx.db.deleteFrom('ec_report').where('report_id', '=', reportId).execute();
  await recordsChanged(ctx.services, ctx.db, clientId);
  return { reports: await listReports(ctx, clientId), count: Number(res.numDeletedRows) };
}

/** GET /api/ec-report/download-report: the report's records, as the list exports them (re-uploadable). */
export async function downloadReport(ctx: AuthedContext, clientId: number, reportId: number): Promise<DownloadAnswer> {
  const report = await ctx.db.selectFrom('ec_report').select('report_name').where('report_id', '=', reportId).where('client_id', '=', clientId).where('importing_since', 'is', null).executeTakeFirst();
  if (!report) throw new AppError('objectNotFound');
  return exportRecords(ctx, {
    clientId,
    where: sql<SqlBool>`r.report_id = ${reportId}`,
    order: sortKeys([{ key: 'ec_id', value: 1 }]),
    fileName: `${report.report_name.replace(/[\\/:*?"<>|]+/g, '_')}.xlsx`,
  });
}

/**
 * Inherit: an uncategorized record takes the categorization, response and results of the latest earlier record
 * of the same listing (same normalised URL) of this client in another report.
 */
export async function inheritRecords(ctx: AuthedContext, clientId: number, reportId: number) {
  await findReport(ctx, clientId, reportId);
  const carried = [
    'ec_category_id', 'ec_category_common_type_id', 'ec_product_category_id', 'ec_categorize_date', 'ec_categorize_remarks',
    'ec_response_action', 'ec_response_reason', 'ec_response_trademark', 'ec_response_remarks', 'ec_response_date',
    'ec_process1_date', 'ec_process1_result', 'ec_process1_confirm_date', 'ec_process2_date', 'ec_process2_result',
    'ec_process2_confirm_date', 'ec_process3_date', 'ec_process3_result', 'ec_process3_confirm_date', 'declaration_status',
    'ec_process_result', 'ec_process_confirm_date', 'ec_process_remarks',
  ];
  const updated = await sql<{ ec_id: number; source_id: number }>`
    WITH src AS (
      SELECT DISTINCT ON (p.url_key) p.*
      FROM ec_record p
      WHERE p.client_id = ${clientId} AND p.report_id <> ${reportId} AND ${notImporting('ec_record', clientId, 'p')}
        AND (p.ec_category_id IS NOT NULL OR p.ec_category_common_type_id IS NOT NULL)
        AND p.url_key IN (SELECT e.url_key FROM ec_record e WHERE e.report_id = ${reportId} AND ${UNCATEGORIZED})
      ORDER BY p.url_key, p.ec_id DESC
    )
    UPDATE ec_record e SET ${sql.join(carried.map((c) => sql`${sql.ref(c)} = src.${sql.ref(c)}`))}, updated_at = ${ctx.now}
    FROM src
    WHERE e.report_id = ${reportId} AND e.url_key = src.url_key AND ${UNCATEGORIZED}
    RETURNING e.ec_id, src.ec_id AS source_id`.execute(ctx.db);
  const count = updated.rows.length;
  if (count > 0) {
    await sql`
      INSERT INTO ec_record_history (record_id, client_id, user_id, source, fields, created_at)
      SELECT id, ${clientId}, ${ctx.user.userId}, 'inherit', jsonb_build_object('inheritedFrom', src), ${ctx.now}
      FROM unnest(${updated.rows.map((r) => Number(r.ec_id))}::bigint[], ${updated.rows.map((r) => Number(r.source_id))}::bigint[]) AS h(id, src)`.execute(ctx.db);
    await ctx.db.updateTable('ec_report').set((eb) => ({ inherited_count: eb('inherited_count', '+', count) })).where('report_id', '=', reportId).execute();
    await recordsChanged(ctx.services, ctx.db, clientId);
  }
  return { reports: await listReports(ctx, clientId), count };
}

export async function deleteRepeats(ctx: AuthedContext, clientId: number, reportId: number) {
  await findReport(ctx, clientId, reportId);
  const res = await ctx.db.deleteFrom('ec_record').where('report_id', '=', reportId).where('is_repeat', '=', true).executeTakeFirst();
  await recordsChanged(ctx.services, ctx.db, clientId);
  return { reports: await listReports(ctx, clientId), count: Number(res.numDeletedRows) };
}

/** Post: the report's records become visible to the client (uncategorized ones only when asked); notice type 3. */
export async function postReport(ctx: AuthedContext, clientId: number, reportId: number, withUncategorized: boolean) {
  const report = await findReport(ctx, clientId, reportId);
  let q = ctx.db.updateTable('ec_record as e').set({ published: true }).where('e.report_id', '=', reportId).where('e.published', '=', false);
  if (!withUncategorized) q = q.where(sql<SqlBool>`NOT ${UNCATEGORIZED}`);
  const res = await q.executeTakeFirst();
  const count = Number(res.numUpdatedRows);
  if (count === 0) throw new AppError('reportNotPostable');
  await ctx.db.updateTable('ec_report').set({ send_date: ctx.now }).where('report_id', '=', reportId).execute();
  await recordsChanged(ctx.services, ctx.db, clientId);
  const client = await ctx.db.selectFrom('client').select('client_name').where('client_id', '=', clientId).executeTakeFirstOrThrow();
  await notifyClientUsers(ctx.services, ctx.db, clientId, {
    type: 3,
    params: { client: client.client_name, report: report.report_name },
    target: `/ec-list?clientId=${clientId}`,
    scope: { reportId },
    now: ctx.now,
  });
  return { reports: await listReports(ctx, clientId), count };
}

/** Report names for the list's filter: analysts every report; client users those with records posted to them. */
export async function reportNames(ctx: AuthedContext, clientId: number) {
  let q = ctx.db.selectFrom('ec_report as r').select(['r.report_id', 'r.report_name']).where('r.client_id', '=', clientId).where('r.importing_since', 'is', null);
  if (!hasRole(ctx.user.role, Role.ANALYST)) {
    q = q.where((eb) => eb.exists(eb.selectFrom('ec_record as e').select('e.ec_id').whereRef('e.report_id', '=', 'r.report_id').where('e.published', '=', true)));
  }
  return { reports: await q.orderBy('r.report_id', 'desc').execute() };
}
