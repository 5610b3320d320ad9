import { TaskType, watches as contract, type Watch, type WatchRun, type WatchSchedule } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import * as tasks from '../crawler-tasks/repo.js';
import { nextRunAfter } from './schedule.js';
import { startRun } from './runs.js';
import * as q from './queries.js';

/** Watches of a client (issue 30): made, edited, paused, resumed, run and removed by the client's managers. */

type Input<K extends keyof typeof contract> = (typeof contract)[K] extends z.ZodType ? z.output<(typeof contract)[K]> : never;
type RunRow = Awaited<ReturnType<typeof q.lastRuns>>[number];

export function presentRun(r: RunRow): WatchRun {
  return {
    id: r.id,
    status: r.status,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    counts: r.counts,
    error: r.error,
    reportId: r.report_id,
  };
}

async function present(ctx: AuthedContext, rows: q.WatchRow[]): Promise<Watch[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const runs = new Map((await q.lastRuns(ctx.db, ids)).map((r) => [r.watch_id, presentRun(r)]));
  const sources = await tasks.subtasksOfTasks(ctx.db, rows.map((r) => r.task_id));
  return rows.map((r) => ({
    id: r.id,
    clientId: r.client_id,
    clientName: r.client_name,
    name: r.name,
    kind: 'ec' as const,
    sources: sources.filter((s) => s.task_id === r.task_id).map((s) => ({ site: s.name, keyword: s.keyword, startUrl: s.start_url })),
    schedule: r.schedule,
    targetCount: r.target_count,
    captureEvidence: r.capture_evidence,
    paused: r.paused,
    nextRunAt: r.paused ? null : (r.next_run_at?.toISOString() ?? null),
    lastRun: runs.get(r.id) ?? null,
    createdAt: r.created_at.toISOString(),
  }));
}

export async function detail(ctx: AuthedContext, watchId: number): Promise<{ watch: Watch }> {
  const row = await q.findWatch(ctx.db, watchId);
  if (!row) fail('objectNotFound');
  return { watch: (await present(ctx, [row]))[0]! };
}

export async function list(ctx: AuthedContext, input: Input<'fetchWatchesInput'>) {
  const { rows, total } = await q.listWatches(ctx.db, input);
  return { watches: await present(ctx, rows), total };
}

/** The sources as the watch's task's subtasks; each names a marketplace site with a crawler. */
async function setSources(ctx: AuthedContext, taskId: number, sources: Input<'createWatchInput'>['sources'], targetCount: number): Promise<void> {
  const wanted = [];
  for (const s of sources) {
    const siteId = await tasks.findCrawlerSiteId(ctx.db, s.site);
    if (siteId === undefined) fail('crawlerSiteUnknown', { site: s.site });
    wanted.push({ site_id: siteId, keyword: s.keyword, start_url: s.startUrl });
  }
  const key = (s: { site_id: number; keyword: string; start_url: string }) => `${s.site_id}\n${s.keyword}\n${s.start_url}`;
  const current = await tasks.subtasksOfTasks(ctx.db, [taskId]);
  const wantedKeys = new Set(wanted.map(key));
  // A source kept keeps its subtask, and so what the crawler found through it.
  for (const s of current) if (!wantedKeys.has(key(s))) await tasks.deleteSubtask(ctx.db, s.id);
  const kept = new Set(current.map(key));
  for (const s of wanted) if (!kept.has(key(s))) await tasks.insertSubtask(ctx.db, { task_id: taskId, ...s, target_count: targetCount });
  await q.setTargetCount(ctx.db, taskId, targetCount);
}

export async function create(ctx: AuthedContext, input: Input<'createWatchInput'>) {
  const taskId = await tasks.insertTask(ctx.db, {
    client_id: input.clientId,
    title: input.name,
    type: TaskType.WATCH,
    plan_start_date: ctx.now.toISOString().slice(0, 10),
    remarks: '',
    capture_evidence: input.captureEvidence,
    created_by: ctx.user.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await setSources(ctx, taskId, input.sources, input.targetCount);
  const id = await q.insertWatch(ctx.db, {
    client_id: input.clientId,
    name: input.name,
    kind: input.kind,
    schedule: JSON.stringify(input.schedule),
    schedule_anchor: ctx.now,
    target_count: input.targetCount,
    capture_evidence: input.captureEvidence,
    task_id: taskId,
    next_run_at: nextRunAfter(input.schedule, ctx.now, ctx.now),
    created_by: ctx.user.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  return detail(ctx, id);
}

/** From a crawler task: its client, sources and evidence setting, as a new watch ("keep watching this"). */
export async function fromTask(ctx: AuthedContext, input: Input<'watchFromTaskInput'>) {
  const task = await tasks.findTask(ctx.db, input.taskId);
  if (!task) fail('objectNotFound');
  const subtasks = await tasks.subtasksOfTasks(ctx.db, [input.taskId]);
  if (subtasks.length === 0) fail('taskNoSubtasks');
  const targetCount = Math.max(...subtasks.map((s) => s.target_count ?? 100));
  const sources = subtasks.map((s) => ({ site: s.name, keyword: s.keyword, startUrl: s.start_url }));
  return create(ctx, { clientId: task.client_id, name: input.name ?? task.title, kind: 'ec', sources, schedule: input.schedule, targetCount, captureEvidence: task.capture_evidence });
}

export async function update(ctx: AuthedContext, input: Input<'updateWatchInput'>) {
  const watch = await q.lockWatch(ctx.db, input.watchId);
  if (!watch) fail('objectNotFound');
  if (input.sources || input.targetCount !== undefined) {
    if (await q.runningRun(ctx.db, input.watchId)) fail('watchRunning');
    await setSources(ctx, watch.task_id, input.sources ?? (await currentSources(ctx, watch.task_id)), input.targetCount ?? watch.target_count);
  }
  const schedule: WatchSchedule | undefined = input.schedule;
  await q.updateWatch(ctx.db, input.watchId, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.targetCount !== undefined && { target_count: input.targetCount }),
    ...(input.captureEvidence !== undefined && { capture_evidence: input.captureEvidence }),
    // A new schedule counts its hours from now.
    ...(schedule && { schedule: JSON.stringify(schedule), schedule_anchor: ctx.now, next_run_at: nextRunAfter(schedule, ctx.now, ctx.now) }),
    updated_at: ctx.now,
  });
  if (input.captureEvidence !== undefined) await tasks.updateTask(ctx.db, watch.task_id, { capture_evidence: input.captureEvidence }, ctx.now);
  if (input.name !== undefined) await tasks.updateTask(ctx.db, watch.task_id, { title: input.name }, ctx.now);
  return detail(ctx, input.watchId);
}

async function currentSources(ctx: AuthedContext, taskId: number) {
  return (await tasks.subtasksOfTasks(ctx.db, [taskId])).map((s) => ({ site: s.name, keyword: s.keyword, startUrl: s.start_url }));
}

/** Paused: no scheduled run starts (a run going on ends as it would); resumed: the next time from now. */
export async function setPaused(ctx: AuthedContext, watchId: number, paused: boolean) {
  const watch = await q.lockWatch(ctx.db, watchId);
  if (!watch) fail('objectNotFound');
  await q.updateWatch(ctx.db, watchId, { paused, ...(!paused && { next_run_at: nextRunAfter(watch.schedule, ctx.now, watch.schedule_anchor) }), updated_at: ctx.now });
  return detail(ctx, watchId);
}

/** Removed with its runs and what it knew; the records its runs made stay (they are the client's records). */
export async function remove(ctx: AuthedContext, watchId: number) {
  const watch = await q.lockWatch(ctx.db, watchId);
  if (!watch) fail('objectNotFound');
  if (await q.runningRun(ctx.db, watchId)) fail('watchRunning');
  await q.deleteWatch(ctx.db, watchId);
  await tasks.deleteTask(ctx.db, watch.task_id);
  return { removed: true };
}

/** Run now: starts a run at once (refused while one runs); the workers take it once the call has committed. */
export async function runNow(ctx: AuthedContext, watchId: number) {
  const outcome = await startRun(ctx.db, watchId, ctx.now, 'hand');
  if (!outcome.started) fail('watchRunning');
  return { ...(await detail(ctx, watchId)), runId: outcome.runId, subtaskIds: outcome.subtaskIds };
}

export async function runs(ctx: AuthedContext, input: Input<'fetchRunsInput'>) {
  if (!(await q.findWatch(ctx.db, input.watchId))) fail('objectNotFound');
  const { rows, total } = await q.listRuns(ctx.db, input.watchId, input.offset, input.limit);
  return { runs: rows.map(presentRun), total };
}

export async function runChanges(ctx: AuthedContext, input: Input<'fetchRunChangesInput'>) {
  const { rows, total } = await q.listChanges(ctx.db, input.runId, input.change, input.offset, input.limit);
  return { changes: rows.map((r) => ({ recordId: r.record_id, url: r.url, change: r.change as 'new', fields: r.fields })), total };
}
