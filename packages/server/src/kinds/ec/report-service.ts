import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { EC_KIND } from './kind.js';
import { recordsChanged } from '../../records/search/changes.js';
import { notImporting } from '../../records/core/visibility.js';
import { listReports, reportToActOn } from '../../records/reports/reports.js';
import { UNCATEGORIZED } from './reports.js';

/**
 * Marketplace (EC) report actions of its own (document 1, 2.12 "EC report tab"): inherit the categorization of
 * earlier records of the same listing, delete the repeats. The shared ones are the engine's (../records).
 */

/**
 * Inherit: an uncategorized record takes the categorization, response and results of the latest earlier record
 * of the same listing (same normalised URL) of this client in another report.
 */
export async function inheritRecords(ctx: AuthedContext, clientId: number, reportId: number) {
  await reportToActOn(ctx, EC_KIND, clientId, reportId);
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
    await recordsChanged(ctx.services, ctx.db, EC_KIND, clientId);
  }
  return { reports: await listReports(ctx, EC_KIND, clientId), count };
}

export async function deleteRepeats(ctx: AuthedContext, clientId: number, reportId: number) {
  await reportToActOn(ctx, EC_KIND, clientId, reportId);
  const res = await ctx.db.deleteFrom('ec_record').where('report_id', '=', reportId).where('is_repeat', '=', true).executeTakeFirst();
  await recordsChanged(ctx.services, ctx.db, EC_KIND, clientId);
  return { reports: await listReports(ctx, EC_KIND, clientId), count: Number(res.numDeletedRows) };
}
