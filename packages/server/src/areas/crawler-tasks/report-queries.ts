import { CrawlRowState } from '@portal/contract';
import type { Db, Tx } from '../../platform/db.js';

/** SQL of a crawler task's report: the listings it scraped, and the claim on the task while its report is made (report.ts). */

type Conn = Db | Tx;

/** Up to `limit` scraped listings of the task (of some subtasks, all when none are named) after the id `after`, in id order. */
export function scrapedListingsAfter(db: Conn, taskId: number, subtaskIds: number[], after: number, limit: number) {
  let q = db
    .selectFrom('crawler_listing as l')
    .innerJoin('crawler_subtask as s', 's.id', 'l.subtask_id')
    .innerJoin('ec_site as e', 'e.id', 's.site_id')
    .select(['l.id', 'l.fields', 'l.scraped_at', 's.keyword', 'e.name'])
    .where('l.task_id', '=', taskId)
    .where('l.state', '=', CrawlRowState.DONE)
    .where('l.id', '>', after);
  if (subtaskIds.length > 0) q = q.where('l.subtask_id', 'in', subtaskIds);
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
