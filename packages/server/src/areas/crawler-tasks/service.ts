import { TaskStatus, TaskType, taskActions, translate, type CrawlerTask, type MessageKey, crawlerTasks } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import * as repo from './repo.js';

/**
 * Crawler tasks (document 3, spec README "Crawler tasks"): the rules of section 4 (which action each status allows,
 * subtasks only while new) live here; who may act on which client's task is in calls.ts.
 */

type Input<K extends keyof typeof crawlerTasks> = (typeof crawlerTasks)[K] extends z.ZodType ? z.output<(typeof crawlerTasks)[K]> : never;

export { ownerOfSubtask, ownerOfTask } from './repo.js';

async function subtasksOf(db: Db | Tx, taskIds: number[]) {
  if (taskIds.length === 0) return new Map<number, CrawlerTask['subtasks']>();
  const rows = await repo.subtasksOfTasks(db, taskIds);
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
  const row = await repo.findTask(ctx.db, taskId);
  if (!row) fail('objectNotFound');
  return { task: present(row, (await subtasksOf(ctx.db, [taskId])).get(taskId) ?? []) };
}

/** Staff read every client's tasks (as they read every client's records); changes are for the client's managers. */
export async function list(ctx: AuthedContext, input: Input<'listTasksInput'>) {
  const { rows, total } = await repo.searchTasks(ctx.db, input);
  const subtasks = await subtasksOf(ctx.db, rows.map((r) => r.id));
  return { tasks: rows.map((r) => present(r, subtasks.get(r.id) ?? [])), total };
}

export async function progress(ctx: AuthedContext, taskIds: number[]) {
  const rows = await repo.taskProgress(ctx.db, taskIds);
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
  const rows = await repo.crawlerSites(ctx.db);
  return { sites: rows.map((r) => ({ id: r.id, name: r.name, url: r.url, region: r.region })) };
}

/** A subtask names its site by name: one of the marketplace sites with a crawler (case ignored). */
async function siteIdOf(ctx: AuthedContext, name: string): Promise<number> {
  const id = await repo.findCrawlerSiteId(ctx.db, name);
  if (id === undefined) fail('crawlerSiteUnknown', { site: name });
  return id;
}

async function insertSubtasks(ctx: AuthedContext, taskId: number, subtasks: Input<'subtaskInput'>[]) {
  for (const s of subtasks) {
    const siteId = await siteIdOf(ctx, s.site);
    await repo.insertSubtask(ctx.db, { task_id: taskId, site_id: siteId, keyword: s.keyword, start_url: s.startUrl, target_count: s.targetCount });
  }
}

export async function create(ctx: AuthedContext, input: Input<'createTaskInput'>) {
  const id = await repo.insertTask(ctx.db, {
    client_id: input.clientId,
    title: input.title,
    type: input.type,
    plan_start_date: input.planStartDate,
    remarks: input.remarks,
    capture_evidence: input.captureEvidence,
    created_by: ctx.user.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await insertSubtasks(ctx, id, input.subtasksInfo);
  return detail(ctx, id);
}

const statusWord = (ctx: AuthedContext, status: number) => translate(ctx.locale, `task.status.${status}` as MessageKey);

/** The task, locked for the rest of the call so two commands on it cannot interleave. */
async function lockedTask(ctx: AuthedContext, taskId: number) {
  const row = await repo.lockTask(ctx.db, taskId);
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
    await repo.updateTask(ctx.db, input.taskId, changes, ctx.now);
  }
  return detail(ctx, input.taskId);
}

export async function remove(ctx: AuthedContext, taskId: number) {
  const task = await lockedTask(ctx, taskId);
  if (!taskActions(task.status).remove) fail('taskState', { status: statusWord(ctx, task.status) });
  await repo.deleteTask(ctx.db, taskId);
  return { taskId };
}

/** A new task with the same fields and subtasks, as new: nothing scraped yet. */
export async function clone(ctx: AuthedContext, taskId: number) {
  const source = await repo.getTaskRow(ctx.db, taskId);
  const id = await repo.insertTask(ctx.db, {
    client_id: source.client_id,
    title: source.title,
    type: source.type,
    plan_start_date: source.plan_start_date,
    remarks: source.remarks,
    capture_evidence: source.capture_evidence,
    created_by: ctx.user.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await repo.copySubtasks(ctx.db, taskId, id);
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
  if (!(await repo.isSubtaskOfTask(ctx.db, input.taskId, input.subtaskId))) fail('objectNotFound');
  if (Object.keys(changes).length > 0) await repo.updateSubtask(ctx.db, input.subtaskId, changes);
  return detail(ctx, input.taskId);
}

export async function removeSubtask(ctx: AuthedContext, subtaskId: number) {
  const taskId = await repo.taskOfSubtask(ctx.db, subtaskId);
  await editableTask(ctx, taskId);
  await repo.deleteSubtask(ctx.db, subtaskId);
  return detail(ctx, taskId);
}

/** The subtasks a command names (all of the task's when none are named); another task's ids are not found. */
async function namedSubtasks(ctx: AuthedContext, taskId: number, subtaskIds: number[]) {
  const rows = await repo.subtasksNamed(ctx.db, taskId, subtaskIds);
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
  await repo.markTaskPending(ctx.db, input.taskId, task.run_no + 1, ctx.now);
  // Price monitoring: each run after a finished one reads every listing again, for this run's prices.
  await repo.queueSubtasksForRun(ctx.db, ids, task.type === TaskType.PRICE && task.status === TaskStatus.FINISHED);
  await settleTask(ctx.db, input.taskId, ctx.now);
  return detail(ctx, input.taskId);
}

/** Stop: the named subtasks (all when none) stop; workers see it before their next request and drop the job. */
export async function stop(ctx: AuthedContext, input: Input<'commandInput'>) {
  const task = await lockedTask(ctx, input.taskId);
  if (!taskActions(task.status).stop) fail('taskState', { status: statusWord(ctx, task.status) });
  const subtasks = await namedSubtasks(ctx, input.taskId, input.subtaskIds);
  const running = subtasks.filter((s) => s.status === TaskStatus.PENDING || s.status === TaskStatus.SCRAPING).map((s) => s.id);
  if (running.length > 0) await repo.setSubtasksStatus(ctx.db, running, TaskStatus.STOPPED);
  await settleTask(ctx.db, input.taskId, ctx.now);
  return detail(ctx, input.taskId);
}

/**
 * A task's status follows its subtasks: scraping while any runs, pending while any waits, else stopped if any
 * stopped, error if any failed, finished when all finished (a subtask never started counts as finished).
 */
export async function settleTask(db: Db | Tx, taskId: number, now: Date): Promise<number> {
  const statuses = await repo.subtaskStatusesOf(db, taskId);
  const has = (s: number) => statuses.includes(s);
  const status = has(TaskStatus.SCRAPING)
    ? TaskStatus.SCRAPING
    : has(TaskStatus.PENDING)
      ? TaskStatus.PENDING
      : has(TaskStatus.STOPPED)
        ? TaskStatus.STOPPED
        : has(TaskStatus.ERROR)
          ? TaskStatus.ERROR
          : statuses.every((s) => s === TaskStatus.NEW)
            ? TaskStatus.NEW
            : TaskStatus.FINISHED;
  await repo.setTaskStatus(db, taskId, status, now);
  return status;
}
