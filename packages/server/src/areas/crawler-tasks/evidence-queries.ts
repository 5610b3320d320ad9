import { CrawlRowState } from '@portal/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/** SQL of the evidence of a crawler task's listings: the captures queued for them and read for the export (evidence.ts). */

type Conn = Db | Tx;

/**
 * Inserts a pending capture of each listing of the task that became a record of `reportId` (matched by its URL, as
 * the report's sheet wrote it) and has none yet: the new captures' ids.
 */
export async function insertListingCaptures(db: Conn, task: { id: number; clientId: number; requestedBy: number | null }, reportId: number, now: Date): Promise<number[]> {
  const rows = await sql<{ capture_id: number }>`
      INSERT INTO evidence_capture (client_id, kind, ec_id, url, state, requested_by, requested_at, crawler_listing_id)
      SELECT DISTINCT ON (r.ec_id) ${task.clientId}::int, 'ec', r.ec_id, trim(r.ec_product_url), 'pending', ${task.requestedBy}::int, ${now}::timestamptz, l.id
      FROM ec_record r
      JOIN crawler_listing l ON l.task_id = ${task.id} AND l.state = ${CrawlRowState.DONE} AND r.ec_product_url IN (l.url, l.fields->>'url')
      WHERE r.report_id = ${reportId} AND r.client_id = ${task.clientId}
        AND NOT EXISTS (SELECT 1 FROM evidence_capture e WHERE e.crawler_listing_id = l.id)
      ORDER BY r.ec_id, l.id
      RETURNING capture_id`.execute(db);
  return rows.rows.map((r) => r.capture_id);
}

/** Up to `limit` captures of the task's listings (of some subtasks, all when none are named) with their listing, keyword and site, in listing order. */
export function listingCaptures(db: Conn, taskId: number, subtaskIds: number[], limit: number) {
  let q = db
    .selectFrom('evidence_capture as e')
    .innerJoin('crawler_listing as l', 'l.id', 'e.crawler_listing_id')
    .innerJoin('crawler_subtask as s', 's.id', 'l.subtask_id')
    .innerJoin('ec_site as site', 'site.id', 's.site_id')
    .select(['e.capture_id', 'e.ec_id', 'e.state', 'e.reason', 'e.final_url', 'e.http_status', 'e.png_file', 'e.html_file', 'e.sha256_png', 'e.sha256_html', 'e.captured_at', 'l.url', 's.keyword', 'site.name'])
    .where('l.task_id', '=', taskId);
  if (subtaskIds.length > 0) q = q.where('l.subtask_id', 'in', subtaskIds);
  return q.orderBy('l.id').orderBy('e.capture_id').limit(limit).execute();
}
