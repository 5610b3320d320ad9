import { CrawlRowState, TaskStatus, TaskType, taskActions, translate, type CrawlerTask, type MessageKey, crawlerTasks } from '@portal/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import { searchCondition } from '../../platform/search.js';

/**
 * Crawler tasks (document 3, spec README "Crawler tasks"): the rules of section 4 (which action each status allows,
 * subtasks only while new) live here; who may act on which client's task is in calls.ts.
 */

type Input<K extends keyof typeof crawlerTasks> = (typeof crawlerTasks)[K] extends z.ZodType ? z.output<(typeof crawlerTasks)[K]> : never;

export async function ownerOfTask(db: Db | Tx, taskId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('crawler_task as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select('t.client_id')
    .where('t.id', '=', taskId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.client_id;
}

export async function ownerOfSubtask(db: Db | Tx, subtaskId: number): Promise<number | undefined> {
  const row = await db.selectFrom('crawler_subtask').select('task_id').where('id', '=', subtaskId).executeTakeFirst();
  return row ? ownerOfTask(db, row.task_id) : undefined;
}

const taskColumns = ['t.id', 't.client_id', 'c.client_name', 't.title', 't.type', 't.status', 't.plan_start_date', 't.remarks', 't.report_id', 't.capture_evidence', 't.created_at'] as const;
const totalOf = sql<number>`(SELECT coalesce(sum(s.record_count), 0) FROM crawler_subtask s WHERE s.task_id = t.id)`;

function tasksQuery(db: Db | Tx) {
  return db.selectFrom('crawler_task as t').innerJoin('client as c', 'c.client_id', 't.client_id').where('c.deleted_at', 'is', null);
}

async function subtasksOf(db: Db | Tx, taskIds: number[]) {
  if (taskIds.length === 0) return new Map<number, CrawlerTask['subtasks']>();
  const rows = await db
    .selectFrom('crawler_subtask as s')
    .innerJoin('ec_site as e', 'e.id', 's.site_id')
    .select(['s.id', 's.task_id', 's.status', 's.site_id', 'e.name', 's.keyword', 's.start_url', 's.target_count', 's.record_count', 's.error'])
    .where('s.task_id', 'in', taskIds)
    .orderBy('s.id')
    .execute();
  const byTask = new Map<number, CrawlerTask['subtasks']>();
  for (const r of rows) {
    const list = byTask.get(r.task_id) ?? [];
    list.push({ id: r.id, status: r.status, siteId: r.site_id, site: r.name, keyword: r.keyword, startUrl: r.start_url, targetCount: r.target_count, recordCount: r.record_count, error: r.error });
    byTask.set(r.task_id, list);
  }
  return byTask;
}

type TaskRow = { id: number; client_id: number; client_name: string; title: string; type: number; status: number; plan_start_date: string; remarks: string; report_id: number | null; capture_evidence: boolean; created_at: Date; total: number };
function present(r: TaskRow, subtasks: CrawlerTask['subtasks']): CrawlerTask {
  return {
    id: r.id,
    clientId: r.client_id,
    clientName: r.client_name,
    title: r.title,
    type: r.type,
    status: r.status,
    planStartDate: r.plan_start_date,
    total: Number(r.total),
    remarks: r.remarks,
    reportId: r.report_id || null, // 0 while the report is being made
    captureEvidence: r.capture_evidence,
    createdAt: new Date(r.created_at).toISOString(),
    subtasks,
  };
}

export async function detail(ctx: { db: Db | Tx }, taskId: number): Promise<{ task: CrawlerTask }> {
  const row = await tasksQuery(ctx.db).select(taskColumns).select(totalOf.as('total')).where('t.id', '=', taskId).executeTakeFirst();
  if (!row) fail('objectNotFound');
  return { task: present(row, (await subtasksOf(ctx.db, [taskId])).get(taskId) ?? []) };
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

/** Staff read every client's tasks (as they read every client's records); changes are for the client's managers. */
export async function list(ctx: AuthedContext, input: Input<'listTasksInput'>) {
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
    tasksQuery(ctx.db)
      .select(taskColumns)
      .select(totalOf.as('total'))
      .where(where)
      .orderBy(sql`${sql.join(order)}`)
      .offset((input.current - 1) * input.pageSize)
      .limit(input.pageSize)
      .execute(),
    tasksQuery(ctx.db).select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
  ]);
  const subtasks = await subtasksOf(ctx.db, rows.map((r) => r.id));
  return { tasks: rows.map((r) => present(r, subtasks.get(r.id) ?? [])), total: Number(count.n) };
}

export async function progress(ctx: AuthedContext, taskIds: number[]) {
  const rows = await tasksQuery(ctx.db).select(['t.id', 't.status']).select(totalOf.as('total')).where('t.id', 'in', taskIds).execute();
  const subtasks = await subtasksOf(ctx.db, rows.map((r) => r.id));
  return {
    tasks: rows.map((r) => ({
      id: r.id,
      status: r.status,
      total: Number(r.total),
      subtasks: (subtasks.get(r.id) ?? []).map((s) => ({ id: s.id, status: s.status, recordCount: s.recordCount, targetCount: s.targetCount, error: s.error })),
    })),
  };
}

/** The sites a subtask may name: marketplace sites with a crawler (for analysts and administrators alike). */
export async function sites(ctx: AuthedContext) {
  const rows = await ctx.db.selectFrom('ec_site').select(['id', 'name', 'url', 'region']).where('has_crawler', '=', true).orderBy('name').orderBy('id').execute();
  return { sites: rows.map((r) => ({ id: r.id, name: r.name, url: r.url, region: r.region })) };
}

/** A subtask names its site by name: one of the marketplace sites with a crawler (case ignored). */
async function siteIdOf(ctx: AuthedContext, name: string): Promise<number> {
  const row = await ctx.db.selectFrom('ec_site').select('id').where(sql`lower(name)`, '=', name.trim().toLowerCase()).where('has_crawler', '=', true).executeTakeFirst();
  if (!row) fail('crawlerSiteUnknown', { site: name });
  return row.id;
}

async function insertSubtasks(ctx: AuthedContext, taskId: number, subtasks: Input<'subtaskInput'>[]) {
  for (const s of subtasks) {
    const siteId = await siteIdOf(ctx, s.site);
    await ctx.db.insertInto('crawler_subtask').values({ task_id: taskId, site_id: siteId, keyword: s.keyword, start_url: s.startUrl, target_count: s.targetCount }).execute();
  }
}

export async function create(ctx: AuthedContext, input: Input<'createTaskInput'>) {
  const { id } = await ctx.db
    .insertInto('crawler_task')
    .values({ client_id: input.clientId, title: input.title, type: input.type, plan_start_date: input.planStartDate, remarks: input.remarks, capture_evidence: input.captureEvidence, created_by: ctx.user.userId, created_at: ctx.now, updated_at: ctx.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertSubtasks(ctx, id, input.subtasksInfo);
  return detail(ctx, id);
}

const statusWord = (ctx: AuthedContext, status: number) => translate(ctx.locale, `task.status.${status}` as MessageKey);

/** The task, locked for the rest of the call so two commands on it cannot interleave. */
async function lockedTask(ctx: AuthedContext, taskId: number) {
  const row = await ctx.db.selectFrom('crawler_task').select(['id', 'status', 'type', 'run_no']).where('id', '=', taskId).forUpdate().executeTakeFirst();
  if (!row) fail('objectNotFound');
  return row;
}

export async function update(ctx: AuthedContext, input: Input<'updateTaskInput'>) {
  const task = await lockedTask(ctx, input.taskId);
  const changes = {
    ...(input.planStartDate !== undefined && { plan_start_date: input.planStartDate }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.type !== undefined && { type: input.type }),
    ...(input.remarks !== undefined && { remarks: input.remarks }),
    // Applies to the listings that become records after the change (a report already made is not captured again).
    ...(input.captureEvidence !== undefined && { capture_evidence: input.captureEvidence }),
  };
  if (Object.keys(changes).length > 0) {
    // The type decides what a run produces: it changes only while nothing has run.
    if (changes.type !== undefined && changes.type !== task.type && task.status !== TaskStatus.NEW) fail('taskState', { status: statusWord(ctx, task.status) });
    await ctx.db.updateTable('crawler_task').set({ ...changes, updated_at: ctx.now }).where('id', '=', input.taskId).execute();
  }
  return detail(ctx, input.taskId);
}

export async function remove(ctx: AuthedContext, taskId: number) {
  const task = await lockedTask(ctx, taskId);
  if (!taskActions(task.status).remove) fail('taskState', { status: statusWord(ctx, task.status) });
  await ctx.db.deleteFrom('crawler_task').where('id', '=', taskId).execute();
  return { taskId };
}

/** A new task with the same fields and subtasks, as new: nothing scraped yet. */
export async function clone(ctx: AuthedContext, taskId: number) {
  const source = await ctx.db.selectFrom('crawler_task').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
  const { id } = await ctx.db
    .insertInto('crawler_task')
    .values({ client_id: source.client_id, title: source.title, type: source.type, plan_start_date: source.plan_start_date, remarks: source.remarks, capture_evidence: source.capture_evidence, created_by: ctx.user.userId, created_at: ctx.now, updated_at: ctx.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('crawler_subtask')
    .columns(['task_id', 'site_id', 'keyword', 'start_url', 'target_count'])
    .expression((eb) => eb.selectFrom('crawler_subtask').select([sql<number>`${id}::int`.as('task_id'), 'site_id', 'keyword', 'start_url', 'target_count']).where('task_id', '=', taskId).orderBy('id'))
    .execute();
  return detail(ctx, id);
}

async function editableTask(ctx: AuthedContext, taskId: number) {
  const task = await lockedTask(ctx, taskId);
  if (!taskActions(task.status).editSubtasks) fail('taskSubtasksLocked');
  return task;
}

export async function createSubtask(ctx: AuthedContext, input: Input<'createSubtaskInput'>) {
  await editableTask(ctx, input.taskId);
  await insertSubtasks(ctx, input.taskId, [input.detail]);
  return detail(ctx, input.taskId);
}

export async function updateSubtask(ctx: AuthedContext, input: Input<'updateSubtaskInput'>) {
  await editableTask(ctx, input.taskId);
  const changes = {
    ...(input.site !== undefined && { site_id: await siteIdOf(ctx, input.site) }),
    ...(input.keyword !== undefined && { keyword: input.keyword }),
    ...(input.startUrl !== undefined && { start_url: input.startUrl }),
    ...(input.targetCount !== undefined && { target_count: input.targetCount }),
  };
  const found = await ctx.db.selectFrom('crawler_subtask').select('id').where('id', '=', input.subtaskId).where('task_id', '=', input.taskId).executeTakeFirst();
  if (!found) fail('objectNotFound');
  if (Object.keys(changes).length > 0) await ctx.db.updateTable('crawler_subtask').set(changes).where('id', '=', input.subtaskId).execute();
  return detail(ctx, input.taskId);
}

export async function removeSubtask(ctx: AuthedContext, subtaskId: number) {
  const row = await ctx.db.selectFrom('crawler_subtask').select('task_id').where('id', '=', subtaskId).executeTakeFirstOrThrow();
  await editableTask(ctx, row.task_id);
  await ctx.db.deleteFrom('crawler_subtask').where('id', '=', subtaskId).execute();
  return detail(ctx, row.task_id);
}

/** The subtasks a command names (all of the task's when none are named); another task's ids are not found. */
async function namedSubtasks(ctx: AuthedContext, taskId: number, subtaskIds: number[]) {
  let q = ctx.db.selectFrom('crawler_subtask').select(['id', 'status']).where('task_id', '=', taskId);
  if (subtaskIds.length > 0) q = q.where('id', 'in', subtaskIds);
  const rows = await q.execute();
  if (subtaskIds.length > 0 && rows.length !== new Set(subtaskIds).size) fail('objectNotFound');
  return rows;
}

/**
 * Start: from new, finished, stopped or error. The named subtasks become pending (their scraped listings stay, so a
 * restart goes on where it stopped); a subtask's first search page is queued once. The workers take it from there.
 */
export async function start(ctx: AuthedContext, input: Input<'commandInput'>) {
  const task = await lockedTask(ctx, input.taskId);
  if (!taskActions(task.status).start) fail('taskState', { status: statusWord(ctx, task.status) });
  const subtasks = await namedSubtasks(ctx, input.taskId, input.subtaskIds);
  if (subtasks.length === 0) fail('taskNoSubtasks');
  const ids = subtasks.map((s) => s.id);
  await ctx.db.updateTable('crawler_task').set({ status: TaskStatus.PENDING, run_no: task.run_no + 1, updated_at: ctx.now }).where('id', '=', input.taskId).execute();
  await ctx.db.updateTable('crawler_subtask').set({ status: TaskStatus.PENDING, error: null }).where('id', 'in', ids).execute();
  if (task.type === TaskType.PRICE && task.status === TaskStatus.FINISHED) {
    // Price monitoring: each run after a finished one reads every listing again, for this run's prices.
    await ctx.db.updateTable('crawler_page').set({ state: CrawlRowState.TODO, tries: 0 }).where('subtask_id', 'in', ids).execute();
    await ctx.db.updateTable('crawler_listing').set({ state: CrawlRowState.TODO, tries: 0, error: null }).where('subtask_id', 'in', ids).execute();
    await ctx.db.updateTable('crawler_subtask').set({ record_count: 0 }).where('id', 'in', ids).execute();
  }
  await sql`INSERT INTO crawler_page (subtask_id, url, page_no) SELECT id, start_url, 1 FROM crawler_subtask WHERE id IN (${sql.join(ids)}) ON CONFLICT DO NOTHING`.execute(ctx.db);
  // Pages and listings that failed before are tried again on a new start.
  await ctx.db.updateTable('crawler_page').set({ state: CrawlRowState.TODO, tries: 0 }).where('subtask_id', 'in', ids).where('state', '=', CrawlRowState.FAILED).execute();
  await ctx.db.updateTable('crawler_listing').set({ state: CrawlRowState.TODO, tries: 0, error: null }).where('subtask_id', 'in', ids).where('state', '=', CrawlRowState.FAILED).execute();
  // A subtask with nothing left to do (every page and listing done in an earlier run) is finished at once.
  await sql`UPDATE crawler_subtask s SET status = ${TaskStatus.FINISHED}::smallint WHERE s.id IN (${sql.join(ids)})
    AND NOT EXISTS (SELECT 1 FROM crawler_page p WHERE p.subtask_id = s.id AND p.state = ${CrawlRowState.TODO})
    AND NOT EXISTS (SELECT 1 FROM crawler_listing l WHERE l.subtask_id = s.id AND l.state = ${CrawlRowState.TODO})`.execute(ctx.db);
  await settleTask(ctx.db, input.taskId, ctx.now);
  return detail(ctx, input.taskId);
}

/** Stop: the named subtasks (all when none) stop; workers see it before their next request and drop the job. */
export async function stop(ctx: AuthedContext, input: Input<'commandInput'>) {
  const task = await lockedTask(ctx, input.taskId);
  if (!taskActions(task.status).stop) fail('taskState', { status: statusWord(ctx, task.status) });
  const subtasks = await namedSubtasks(ctx, input.taskId, input.subtaskIds);
  const running = subtasks.filter((s) => s.status === TaskStatus.PENDING || s.status === TaskStatus.SCRAPING).map((s) => s.id);
  if (running.length > 0) await ctx.db.updateTable('crawler_subtask').set({ status: TaskStatus.STOPPED }).where('id', 'in', running).execute();
  await settleTask(ctx.db, input.taskId, ctx.now);
  return detail(ctx, input.taskId);
}

/**
 * A task's status follows its subtasks: scraping while any runs, pending while any waits, else stopped if any
 * stopped, error if any failed, finished when all finished (a subtask never started counts as finished).
 */
export async function settleTask(db: Db | Tx, taskId: number, now: Date): Promise<number> {
  const rows = await db.selectFrom('crawler_subtask').select('status').where('task_id', '=', taskId).execute();
  const has = (s: number) => rows.some((r) => r.status === s);
  const status = has(TaskStatus.SCRAPING)
    ? TaskStatus.SCRAPING
    : has(TaskStatus.PENDING)
      ? TaskStatus.PENDING
      : has(TaskStatus.STOPPED)
        ? TaskStatus.STOPPED
        : has(TaskStatus.ERROR)
          ? TaskStatus.ERROR
          : rows.every((r) => r.status === TaskStatus.NEW)
            ? TaskStatus.NEW
            : TaskStatus.FINISHED;
  await db.updateTable('crawler_task').set({ status, updated_at: now }).where('id', '=', taskId).where('status', '<>', status).execute();
  return status;
}
