import { CrawlRowState } from '@portal/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/** SQL of a crawler task's report: the listings it scraped, and the claim on the task while its report is made (report.ts). */

type Conn = Db | Tx;

/** Up to `limit` scraped listings of the task (of some subtasks, all when none are named) after the id `after`, in id order. */
export function scrapedListingsAfter(db: Conn, taskId: number, subtaskIds: number[], after: number, limit: number, listingIds?: number[]) {
  let q = db
    .selectFrom('crawler_listing as l')
    .innerJoin('crawler_subtask as s', 's.id', 'l.subtask_id')
    .innerJoin('ec_site as e', 'e.id', 's.site_id')
    .select(['l.id', 'l.fields', 'l.scraped_at', 's.keyword', 'e.name'])
    .where('l.task_id', '=', taskId)
    .where('l.state', '=', CrawlRowState.DONE)
    .where('l.id', '>', after);
  if (subtaskIds.length > 0) q = q.where('l.subtask_id', 'in', subtaskIds);
  if (listingIds) q = listingIds.length > 0 ? q.where('l.id', 'in', listingIds) : q.where(sql<boolean>`false`);
  return q.orderBy('l.id').limit(limit).execute();
}

/**
 * Claims the task for its report (report_id 0 while it is made) if it has none: its client, author and whether it
 * captures evidence, or undefined when the task has its report or another worker is making it.
 */
export function claimTaskForReport(db: Conn, taskId: number) {
  return db
    .updateTable('crawler_task')
    .set({ report_id: 0 })
    .where('id', '=', taskId)
    .where('report_id', 'is', null)
    .returning(['client_id', 'created_by', 'capture_evidence'])
    .executeTakeFirst();
}

/** The task's report: its id, or null to release the claim. */
export async function setTaskReport(db: Conn, taskId: number, reportId: number | null): Promise<void> {
  await db.updateTable('crawler_task').set({ report_id: reportId }).where('id', '=', taskId).execute();
}

/** The id of the task's first subtask. */
export async function firstSubtaskOf(db: Conn, taskId: number): Promise<number | undefined> {
  const first = await db.selectFrom('crawler_subtask').select('id').where('task_id', '=', taskId).orderBy('id').executeTakeFirst();
  return first?.id;
}

/**
 * The report's records get where each of their fields came from: the sources of the task's listing whose URL is the
 * record's, renamed from listing fields to record fields by `recordField` (listing field -> record field; a source
 * of a field the record does not carry is left out). Of several listings read as the same URL, the first found.
 */
export async function setRecordFieldSources(db: Conn, taskId: number, clientId: number, reportId: number, recordField: Record<string, string>): Promise<void> {
  await sql`UPDATE ec_record r SET ec_field_sources = s.sources
    FROM (
      SELECT DISTINCT ON (l.fields->>'url') l.fields->>'url' AS url,
        (SELECT jsonb_object_agg(m.record_field, l.field_sources->>m.listing_field)
           FROM jsonb_each_text(${JSON.stringify(recordField)}::jsonb) AS m(listing_field, record_field)
           WHERE l.field_sources->>m.listing_field IS NOT NULL) AS sources
      FROM crawler_listing l
      WHERE l.task_id = ${taskId} AND l.state = ${CrawlRowState.DONE} AND l.field_sources IS NOT NULL AND l.fields->>'url' IS NOT NULL
      ORDER BY l.fields->>'url', l.id
    ) s
    WHERE r.client_id = ${clientId} AND r.report_id = ${reportId} AND r.ec_product_url = s.url AND s.sources IS NOT NULL`.execute(db);
}
