import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { notImporting, visibleTo } from '../../records/core/visibility-queries.js';
import type { RecordRow } from './fields.js';
import { UNCATEGORIZED } from './reports.js';

/** The SQL of marketplace (EC) records of their own (the engine's shared SQL is in records/). */

type Conn = Db | Tx;

/** One record the user may see; another company's, an unpublished one (client users) or none: objectNotFound. */
export async function findVisible(ctx: AuthedContext, clientId: number, recordId: number, lock = false): Promise<RecordRow> {
  let q = ctx.db.selectFrom('ec_record as r').selectAll('r').where('r.ec_id', '=', recordId).where(visibleTo(ctx, clientId, 'ec_record'));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('objectNotFound');
  return row;
}

export async function customColumns(db: Conn, clientId: number) {
  return db
    .selectFrom('custom_column')
    .select(['column_name', 'column_position', 'column_order', 'column_category'])
    .where('client_id', '=', clientId)
    .orderBy('column_order')
    .orderBy('column_id')
    .execute();
}

/** The names of the client's custom columns. */
export async function customColumnNames(db: Conn, clientId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('custom_column').select('column_name').where('client_id', '=', clientId).execute();
  return new Set(rows.map((c) => c.column_name));
}

/** A subcategory's aggregate category (undefined when there is no such subcategory). */
export async function subcategoryCommonCategory(db: Conn, subcategoryId: number): Promise<{ common_category: number | null } | undefined> {
  return db.selectFrom('infringement_subcategory').select('common_category').where('id', '=', subcategoryId).executeTakeFirst();
}

export async function isClientsProductCategory(db: Conn, clientId: number, id: number): Promise<boolean> {
  return (await db.selectFrom('product_category').select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst()) !== undefined;
}

export async function isClientsTrademark(db: Conn, clientId: number, trademarkId: number): Promise<boolean> {
  return (await db.selectFrom('trademark').select('trademark_id').where('trademark_id', '=', trademarkId).where('client_id', '=', clientId).executeTakeFirst()) !== undefined;
}

/** The columns an inherited record takes from the latest earlier record of the same listing. */
const INHERITED_COLUMNS = [
  'ec_category_id', 'ec_category_common_type_id', 'ec_product_category_id', 'ec_categorize_date', 'ec_categorize_remarks',
  'ec_response_action', 'ec_response_reason', 'ec_response_trademark', 'ec_response_remarks', 'ec_response_date',
  'ec_process1_date', 'ec_process1_result', 'ec_process1_confirm_date', 'ec_process2_date', 'ec_process2_result',
  'ec_process2_confirm_date', 'ec_process3_date', 'ec_process3_result', 'ec_process3_confirm_date', 'declaration_status',
  'ec_process_result', 'ec_process_confirm_date', 'ec_process_remarks',
];

/**
 * Every uncategorized record of the report takes the categorization, response and results of the latest earlier
 * record of the same listing (same normalised URL) of this client in another report, with a history row each and
 * the report's inherited count. Answers how many records inherited.
 */
export async function inheritFromEarlierRecords(ctx: AuthedContext, clientId: number, reportId: number): Promise<number> {
  const updated = await sql<{ ec_id: number; source_id: number }>`
    WITH src AS (
      SELECT DISTINCT ON (p.url_key) p.*
      FROM ec_record p
      WHERE p.client_id = ${clientId} AND p.report_id <> ${reportId} AND ${notImporting('ec_record', clientId, 'p')}
        AND (p.ec_category_id IS NOT NULL OR p.ec_category_common_type_id IS NOT NULL)
        AND p.url_key IN (SELECT e.url_key FROM ec_record e WHERE e.report_id = ${reportId} AND ${UNCATEGORIZED})
      ORDER BY p.url_key, p.ec_id DESC
    )
    UPDATE ec_record e SET ${sql.join(INHERITED_COLUMNS.map((c) => sql`${sql.ref(c)} = src.${sql.ref(c)}`))}, updated_at = ${ctx.now}
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
  }
  return count;
}

/** Removes the report's repeated records; answers how many. */
export async function deleteRepeatRecords(db: Conn, reportId: number): Promise<number> {
  const res = await db.deleteFrom('ec_record').where('report_id', '=', reportId).where('is_repeat', '=', true).executeTakeFirst();
  return Number(res.numDeletedRows);
}
