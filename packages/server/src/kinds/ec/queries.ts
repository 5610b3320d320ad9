import { TaskType } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { notImporting, visibleTo } from '../../records/core/visibility-queries.js';
import type { RecordRow } from './fields.js';

/** The SQL of marketplace (EC) records of their own (the engine's shared SQL is in records/). */

type Conn = Db | Tx;

/** The search bar's id and number fields (fields.ts): matched by their digits as text. */
export const RECORD_ID_TEXT = sql`r.ec_id::text`;
export const RECORD_NO_TEXT = sql`r.ec_no::text`;

/** Uncategorized: neither a subcategory nor an aggregate category (a batch update may set only the latter). */
export const UNCATEGORIZED = sql<SqlBool>`(e.ec_category_id IS NULL AND e.ec_category_common_type_id IS NULL)`;

/** A report's counts besides its records (reports.ts): repeats, responses, need-to-check, last response, inherited. */
export const REPORT_COUNTS = {
  repeat: sql<number>`count(*) FILTER (WHERE e.is_repeat)`,
  responses: sql<number>`count(*) FILTER (WHERE e.ec_response_action IS NOT NULL)`,
  need_check: sql<number>`count(*) FILTER (WHERE e.ec_is_need_to_check)`,
  response_date: sql<string | null>`max(e.ec_response_date)::text`,
  inherited: sql<number>`p.inherited_count`,
};

/** The reports a client user sees: those with records posted to them. */
export const CLIENT_SEES_REPORT = sql<SqlBool>`EXISTS (SELECT 1 FROM ec_record e WHERE e.client_id = p.client_id AND e.report_id = p.report_id AND e.published)`;

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
        AND p.url_key IN (SELECT e.url_key FROM ec_record e WHERE e.client_id = ${clientId} AND e.report_id = ${reportId} AND ${UNCATEGORIZED})
      ORDER BY p.url_key, p.ec_id DESC
    )
    UPDATE ec_record e SET ${sql.join(INHERITED_COLUMNS.map((c) => sql`${sql.ref(c)} = src.${sql.ref(c)}`))}, updated_at = ${ctx.now}
    FROM src
    WHERE e.client_id = ${clientId} AND e.report_id = ${reportId} AND e.url_key = src.url_key AND ${UNCATEGORIZED}
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
export async function deleteRepeatRecords(db: Conn, clientId: number, reportId: number): Promise<number> {
  const res = await db.deleteFrom('ec_record').where('client_id', '=', clientId).where('report_id', '=', reportId).where('is_repeat', '=', true).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The record's list of evidence image names (evidence.ts). */
export async function setEvidenceNames(db: Conn, record: { clientId: number; recordId: number }, names: string, now: Date): Promise<void> {
  await db.updateTable('ec_record').set({ ec_upload_image_names: names, updated_at: now }).where('client_id', '=', record.clientId).where('ec_id', '=', record.recordId).execute();
}

/** The evidence image name lists of the report's records that have any. */
export async function evidenceNameListsOfReport(db: Conn, clientId: number, reportId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('ec_record')
    .select('ec_upload_image_names')
    .where('client_id', '=', clientId)
    .where('report_id', '=', reportId)
    .where('ec_upload_image_names', '<>', '')
    .execute();
  return rows.map((r) => r.ec_upload_image_names);
}

/** Deletes the client's stored files of that kind and those names. */
export async function deleteStoredFiles(db: Conn, kind: string, clientId: number, names: string[]): Promise<void> {
  await db.deleteFrom('stored_file').where('kind', '=', kind).where('client_id', '=', clientId).where('name', 'in', names).execute();
}

/** What an upload's cells name (subcategory codes, the client's product category codes and trademark numbers) as rows (sheet-kind.ts). */
export async function uploadLookupRows(db: Conn, clientId: number) {
  const [subcategories, productCategories, trademarks] = await Promise.all([
    db.selectFrom('infringement_subcategory').select(['id', 'code', 'common_category']).execute(),
    db.selectFrom('product_category').select(['id', 'code']).where('client_id', '=', clientId).execute(),
    db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute(),
  ]);
  return { subcategories, productCategories, trademarks };
}

/** The names of the client's custom columns. */
export async function customColumnNames(db: Conn, clientId: number): Promise<string[]> {
  const rows = await db.selectFrom('custom_column').select('column_name').where('client_id', '=', clientId).execute();
  return rows.map((r) => r.column_name);
}

/** What an export's cells name (subcategory, product category and trademark codes and numbers, report names) as rows (export.ts). */
export async function exportLookupRows(db: Conn, clientId: number) {
  const [subcategories, productCategories, trademarks, reports] = await Promise.all([
    db.selectFrom('infringement_subcategory').select(['id', 'code']).execute(),
    db.selectFrom('product_category').select(['id', 'code']).where('client_id', '=', clientId).execute(),
    db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute(),
    db.selectFrom('ec_report').select(['report_id', 'report_name']).where('client_id', '=', clientId).execute(),
  ]);
  return { subcategories, productCategories, trademarks, reports };
}

/** The client's title wording (type 1 compatible, 2 genuine) for the matcher (matching.ts). */
export function specialWords(db: Conn, clientId: number) {
  return db.selectFrom('special_word').select(['type', 'word']).where('client_id', '=', clientId).execute();
}

/** The client's brand keywords with their brand's name, for the matcher (matching.ts). */
export function brandKeywords(db: Conn, clientId: number) {
  return db
    .selectFrom('brand_keyword as k')
    .innerJoin('brand as b', 'b.brand_id', 'k.brand_id')
    .select(['k.keyword_name', 'b.brand_name'])
    .where('k.client_id', '=', clientId)
    .execute();
}

/**
 * Those of the listing keys already recorded for the client (in any report). The lookup probes the URL index once
 * per key whatever the statistics say (migration 032).
 */
export async function knownUrlKeys(db: Conn, clientId: number, keys: string[]): Promise<string[]> {
  const known = await sql<{ url_key: string }>`SELECT ec_known_url_keys(${clientId}, ${keys}::text[]) AS url_key`.execute(db);
  return known.rows.map((k) => k.url_key);
}

/** The prices the client's price-monitoring tasks recorded for a listing (by its URL), oldest first, at most 1,000 (prices.ts). */
export function listingPriceHistory(db: Conn, clientId: number, url: string) {
  return db
    .selectFrom('crawler_task as t')
    .innerJoin('crawler_listing as l', 'l.task_id', 't.id')
    .innerJoin('crawler_price as p', 'p.listing_id', 'l.id')
    .select(['p.seen_at', 't.id', 't.title', 'p.run_no', 'p.price', 'p.currency'])
    .where('t.client_id', '=', clientId)
    .where('t.type', '=', TaskType.PRICE)
    .where('l.url', '=', url)
    .orderBy('p.seen_at')
    .orderBy('t.id')
    .orderBy('p.run_no')
    .limit(1000)
    .execute();
}
