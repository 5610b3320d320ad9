import { CrawlRowState, TaskStatus, TaskType, type crawlerTasks } from '@portal/contract';
import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db.js';
import type { CrawlerSubtaskTable, CrawlerTaskTable } from '../../platform/schema.js';
import { searchCondition } from '../../platform/search.js';

/** SQL of crawler tasks and their subtasks as the task pages and commands read and change them; the rules are service.ts's. */

type Conn = Db | Tx;

export async function ownerOfTask(db: Conn, taskId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('crawler_task as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select('t.client_id')
    .where('t.id', '=', taskId)
    .where('t.type', '<>', TaskType.WATCH)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.client_id;
}

export async function ownerOfSubtask(db: Conn, subtaskId: number): Promise<number | undefined> {
  const row = await db.selectFrom('crawler_subtask').select('task_id').where('id', '=', subtaskId).executeTakeFirst();
  return row ? ownerOfTask(db, row.task_id) : undefined;
}

const taskColumns = ['t.id', 't.client_id', 'c.client_name', 't.title', 't.type', 't.status', 't.plan_start_date', 't.remarks', 't.report_id', 't.capture_evidence', 't.created_at'] as const;
const totalOf = sql<number>`(SELECT coalesce(sum(s.record_count), 0) FROM crawler_subtask s WHERE s.task_id = t.id)`;

/** Tasks of live clients (a removed client's tasks are hidden), without the watches' own tasks (theirs alone). */
function tasksQuery(db: Conn) {
  return db.selectFrom('crawler_task as t').innerJoin('client as c', 'c.client_id', 't.client_id').where('c.deleted_at', 'is', null).where('t.type', '<>', TaskType.WATCH);
}

/** The subtasks of the tasks with their site's name, in id order. */
export function subtasksOfTasks(db: Conn, taskIds: number[]) {
  return db
    .selectFrom('crawler_subtask as s')
    .innerJoin('ec_site as e', 'e.id', 's.site_id')
    .select(['s.id', 's.task_id', 's.status', 's.site_id', 'e.name', 's.keyword', 's.start_url', 's.target_count', 's.record_count', 's.error'])
    .where('s.task_id', 'in', taskIds)
    .orderBy('s.id')
    .execute();
}

/** The task with its client's name and its listings scraped in all. */
export function findTask(db: Conn, taskId: number) {
  return tasksQuery(db).select(taskColumns).select(totalOf.as('total')).where('t.id', '=', taskId).executeTakeFirst();
}

const sortColumns = {
  id: sql`t.id`,
  planStartDate: sql`t.plan_start_date`,
  createdAt: sql`t.created_at`,
  title: sql`t.title`,
  status: sql`t.status`,
  type: sql`t.type`,
  total: totalOf,
} as const;
// Compared as integers: a filter value beyond smallint is simply no match, not an error.
const filterColumns = { status: sql`t.status::int`, type: sql`t.type::int`, clientId: sql`t.client_id` } as const;

/** One page of the task list as searched, filtered and sorted, and how many match in all. */
export async function searchTasks(db: Conn, input: z.output<typeof crawlerTasks.listTasksInput>) {
  const conditions: Expression<SqlBool>[] = [
    searchCondition(input, {
      dates: { planStartDate: sql`t.plan_start_date`, createdAt: sql`t.created_at` },
      words: {
        title: sql`t.title`,
        remarks: sql`t.remarks`,
        keyword: sql`(SELECT string_agg(s.keyword, ' ') FROM crawler_subtask s WHERE s.task_id = t.id)`,
        site: sql`(SELECT string_agg(e.name, ' ') FROM crawler_subtask s JOIN ec_site e ON e.id = s.site_id WHERE s.task_id = t.id)`,
      },
    }),
    ...input.filters.filter((f) => f.values.length > 0).map((f) => sql<SqlBool>`${filterColumns[f.key]} IN (${sql.join(f.values)})`),
  ];
  const where = sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
  const order = [...input.orderFields.map((o) => sql`${sortColumns[o.key]} ${o.value === 1 ? sql`ASC` : sql`DESC`}`), sql`t.id DESC`];
  const [rows, count] = await Promise.all([
    tasksQuery(db)
      .select(taskColumns)
      .select(totalOf.as('total'))
      .where(where)
      .orderBy(sql`${sql.join(order)}`)
      .offset((input.current - 1) * input.pageSize)
      .limit(input.pageSize)
      .execute(),
    tasksQuery(db).select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The task's id and status (a task of a live client). */
export function findTaskStatus(db: Conn, taskId: number) {
  return tasksQuery(db).select(['t.id', 't.status']).where('t.id', '=', taskId).executeTakeFirst();
}

/** Status and listings scraped so far of each of the tasks. */
export function taskProgress(db: Conn, taskIds: number[]) {
  return tasksQuery(db).select(['t.id', 't.status']).select(totalOf.as('total')).where('t.id', 'in', taskIds).execute();
}

/** Marketplace sites with a crawler, by name. */
export function crawlerSites(db: Conn) {
  return db.selectFrom('ec_site').select(['id', 'name', 'url', 'region']).where('has_crawler', '=', true).orderBy('name').orderBy('id').execute();
}

/** The id of the site with a crawler of that name (case ignored). */
export async function findCrawlerSiteId(db: Conn, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('ec_site').select('id').where(sql`lower(name)`, '=', name.trim().toLowerCase()).where('has_crawler', '=', true).executeTakeFirst();
  return row?.id;
}

export async function insertSubtask(db: Conn, values: Insertable<CrawlerSubtaskTable>): Promise<void> {
  await db.insertInto('crawler_subtask').values(values).execute();
}

/** The new task's id. */
export async function insertTask(db: Conn, values: Insertable<CrawlerTaskTable>): Promise<number> {
  const { id } = await db.insertInto('crawler_task').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The task's state, locked for the rest of the transaction. */
export function lockTask(db: Conn, taskId: number) {
  return db.selectFrom('crawler_task').select(['id', 'status', 'type', 'run_no']).where('id', '=', taskId).where('type', '<>', TaskType.WATCH).forUpdate().executeTakeFirst();
}

export async function updateTask(db: Conn, taskId: number, changes: Updateable<CrawlerTaskTable>, now: Date): Promise<void> {
  await db.updateTable('crawler_task').set({ ...changes, updated_at: now }).where('id', '=', taskId).execute();
}

export async function deleteTask(db: Conn, taskId: number): Promise<void> {
  await db.deleteFrom('crawler_task').where('id', '=', taskId).execute();
}

/** Every column of the task; it must exist. */
export function getTaskRow(db: Conn, taskId: number) {
  return db.selectFrom('crawler_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
}

/** Copies the subtasks of one task (their site, keyword, start URL and target, in order) to another, as new. */
export async function copySubtasks(db: Conn, fromTaskId: number, toTaskId: number): Promise<void> {
  await db
    .insertInto('crawler_subtask')
    .columns(['task_id', 'site_id', 'keyword', 'start_url', 'target_count'])
    .expression((eb) => eb.selectFrom('crawler_subtask').select([sql<number>`${toTaskId}::int`.as('task_id'), 'site_id', 'keyword', 'start_url', 'target_count']).where('task_id', '=', fromTaskId).orderBy('id'))
    .execute();
}

export async function isSubtaskOfTask(db: Conn, taskId: number, subtaskId: number): Promise<boolean> {
  const found = await db.selectFrom('crawler_subtask').select('id').where('id', '=', subtaskId).where('task_id', '=', taskId).executeTakeFirst();
  return found !== undefined;
}

export async function updateSubtask(db: Conn, subtaskId: number, changes: Updateable<CrawlerSubtaskTable>): Promise<void> {
  await db.updateTable('crawler_subtask').set(changes).where('id', '=', subtaskId).execute();
}

/** The task the subtask belongs to; the subtask must exist. */
export async function taskOfSubtask(db: Conn, subtaskId: number): Promise<number> {
  const row = await db.selectFrom('crawler_subtask').select('task_id').where('id', '=', subtaskId).executeTakeFirstOrThrow();
  return row.task_id;
}

export async function deleteSubtask(db: Conn, subtaskId: number): Promise<void> {
  await db.deleteFrom('crawler_subtask').where('id', '=', subtaskId).execute();
}

/** Id and status of the task's subtasks: those named, or all when none are. */
export function subtasksNamed(db: Conn, taskId: number, subtaskIds: number[]) {
  let q = db.selectFrom('crawler_subtask').select(['id', 'status']).where('task_id', '=', taskId);
  if (subtaskIds.length > 0) q = q.where('id', 'in', subtaskIds);
  return q.execute();
}

/** The task is pending for its next run. */
export async function markTaskPending(db: Conn, taskId: number, runNo: number, now: Date): Promise<void> {
  await db.updateTable('crawler_task').set({ status: TaskStatus.PENDING, run_no: runNo, updated_at: now }).where('id', '=', taskId).execute();
}

/**
 * The subtasks become pending with their first search page queued once; `rereadAll` (a price run after a finished
 * one) reads every page and listing again. Pages and listings that failed are tried again, and a subtask with
 * nothing left to do is finished at once.
 */
export async function queueSubtasksForRun(db: Conn, ids: number[], rereadAll: boolean): Promise<void> {
  await db.updateTable('crawler_subtask').set({ status: TaskStatus.PENDING, error: null }).where('id', 'in', ids).execute();
  if (rereadAll) {
    await db.updateTable('crawler_page').set({ state: CrawlRowState.TODO, tries: 0 }).where('subtask_id', 'in', ids).execute();
    await db.updateTable('crawler_listing').set({ state: CrawlRowState.TODO, tries: 0, error: null }).where('subtask_id', 'in', ids).execute();
    await db.updateTable('crawler_subtask').set({ record_count: 0 }).where('id', 'in', ids).execute();
  }
  await sql`INSERT INTO crawler_page (subtask_id, url, page_no) SELECT id, start_url, 1 FROM crawler_subtask WHERE id IN (${sql.join(ids)}) ON CONFLICT DO NOTHING`.execute(db);
  // Pages and listings that failed before are tried again on a new start.
  await db.updateTable('crawler_page').set({ state: CrawlRowState.TODO, tries: 0 }).where('subtask_id', 'in', ids).where('state', '=', CrawlRowState.FAILED).execute();
  await db.updateTable('crawler_listing').set({ state: CrawlRowState.TODO, tries: 0, error: null }).where('subtask_id', 'in', ids).where('state', '=', CrawlRowState.FAILED).execute();
  // A subtask with nothing left to do (every page and listing done in an earlier run) is finished at once.
  await sql`UPDATE crawler_subtask s SET status = ${TaskStatus.FINISHED}::smallint WHERE s.id IN (${sql.join(ids)})
    AND NOT EXISTS (SELECT 1 FROM crawler_page p WHERE p.subtask_id = s.id AND p.state = ${CrawlRowState.TODO})
    AND NOT EXISTS (SELECT 1 FROM crawler_listing l WHERE l.subtask_id = s.id AND l.state = ${CrawlRowState.TODO})`.execute(db);
}

export async function setSubtasksStatus(db: Conn, subtaskIds: number[], status: number): Promise<void> {
  await db.updateTable('crawler_subtask').set({ status }).where('id', 'in', subtaskIds).execute();
}

export async function subtaskStatusesOf(db: Conn, taskId: number): Promise<number[]> {
  const rows = await db.selectFrom('crawler_subtask').select('status').where('task_id', '=', taskId).execute();
  return rows.map((r) => r.status);
}

/** Sets the task's status (and the time of the change) when it differs. */
export async function setTaskStatus(db: Conn, taskId: number, status: number, now: Date): Promise<void> {
  await db.updateTable('crawler_task').set({ status, updated_at: now }).where('id', '=', taskId).where('status', '<>', status).execute();
}
