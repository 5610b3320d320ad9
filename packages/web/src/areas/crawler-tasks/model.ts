import { EXPORT_TYPES, MatchType, TaskStatus, crawlerTasks, downloadHref, type CallInput, type CallOutput, type CallPath, type CrawlerSubtask, type CrawlerTask } from '@portal/contract';
import { listFieldsOf, type ListState } from '../../records/listQuery';

/** The pure parts of the crawler task screens (document 3 "Crawler task list", "New task form", "Task detail"). */

export const DATE_FORMAT = 'YYYY-MM-DD';
/** How often the list and the detail ask for progress while a task runs. */
export const PROGRESS_POLL_MS = 3000;

/** What a task change leaves stale: the task lists, and (TASK_READS) also the tasks' pages and the crawler sites. */
export const TASK_LISTS = ['/api/ec-crawler-task'] as const satisfies readonly CallPath[];
export const TASK_READS = [...TASK_LISTS, '/api/ec-crawler-task/detail', '/api/ec-crawler-task/fetch-sites'] as const satisfies readonly CallPath[];


/** Module level, so the list state read from the URL keeps its identity. */
export const TASK_LIST_FIELDS = listFieldsOf({
  date: crawlerTasks.TASK_DATE_FIELDS,
  word: crawlerTasks.TASK_WORD_FIELDS,
  filter: crawlerTasks.TASK_FILTER_FIELDS,
  sort: crawlerTasks.TASK_SORT_FIELDS,
});
export type DateField = (typeof crawlerTasks.TASK_DATE_FIELDS)[number];
export type WordField = (typeof crawlerTasks.TASK_WORD_FIELDS)[number];
export type FilterField = (typeof crawlerTasks.TASK_FILTER_FIELDS)[number];
export type SortField = (typeof crawlerTasks.TASK_SORT_FIELDS)[number];
export type TaskListState = ListState<DateField, WordField, FilterField, SortField>;
export type ListInput = CallInput<'/api/ec-crawler-task'>;
export type Progress = CallOutput<'/api/ec-crawler-task/fetch-progress'>['tasks'][number];

export const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'gold', 2: 'processing', 3: 'success', 4: 'warning', 99: 'error' };

/** The list call's input from the URL's state: filters keep only whole numbers (the ids and codes the call takes). */
export function listInput(state: TaskListState): ListInput {
  const search = state.search;
  return {
    dateFields: search?.dateFields ?? [],
    startDate: search?.startDate || null,
    endDate: search?.endDate || null,
    wordFields: search?.wordFields ?? [],
    keyword: search?.keyword.trim() ?? '',
    searchType: search?.searchType ?? MatchType.FUZZY,
    orderFields: state.sorter ? [{ key: state.sorter.field, value: state.sorter.order === 'ascend' ? 1 : 2 }] : [],
    filters: state.filters
      .map((f) => ({ key: f.key, values: f.values.filter((v) => v !== null && v !== '').map(Number).filter((n) => Number.isInteger(n) && n >= 0) }))
      .filter((f) => f.values.length > 0),
    current: state.current,
    pageSize: state.pageSize,
  };
}

export const isRunning = (status: number) => status === TaskStatus.PENDING || status === TaskStatus.SCRAPING;

/** The ids worth polling: tasks still pending or scraping. */
export const runningIds = (tasks: readonly Pick<CrawlerTask, 'id' | 'status'>[]) => tasks.filter((t) => isRunning(t.status)).map((t) => t.id);

/** A task as the last progress answer has it (status, counts, errors); subtasks the answer does not name stay as they were. */
export function withProgress(task: CrawlerTask, progress: Progress | undefined): CrawlerTask {
  if (!progress) return task;
  const byId = new Map(progress.subtasks.map((s) => [s.id, s]));
  return { ...task, status: progress.status, total: progress.total, subtasks: task.subtasks.map((s) => ({ ...s, ...byId.get(s.id) })) };
}

/** Records scraped of the desired count over the subtasks; no target when any subtask runs to the last page. */
export function progressOf(subtasks: readonly Pick<CrawlerSubtask, 'recordCount' | 'targetCount'>[]): { count: number; target: number | null } {
  const count = subtasks.reduce((sum, s) => sum + s.recordCount, 0);
  const open = subtasks.length === 0 || subtasks.some((s) => s.targetCount === null);
  return { count, target: open ? null : subtasks.reduce((sum, s) => sum + (s.targetCount ?? 0), 0) };
}

export const percentOf = ({ count, target }: { count: number; target: number | null }) => (target ? Math.min(100, Math.floor((count / target) * 100)) : 0);

/** The last error of a failed subtask, for the list's row. */
export const lastError = (task: CrawlerTask) => task.subtasks.find((s) => s.status === TaskStatus.ERROR && s.error)?.error ?? null;

/** An export type of the task's download menu (1 xlsx, 2 csv, 3 evidence zip), by its menu key. */
export type ExportType = (typeof EXPORT_TYPES)[number];
export const exportTypeOf = (key: string): ExportType => EXPORT_TYPES.find((n) => String(n) === key) ?? 1;

/** The GET of the export, opened in a new window (the session cookie carries the sign-in). */
export function taskDownloadHref(taskId: number, exportType: ExportType, subtaskIds: number[] = []): string {
  return downloadHref('/api/ec-crawler-command/download', { taskId, exportType, subtaskIds: subtaskIds.length ? subtaskIds : undefined });
}

// ---------------------------------------------------------------- the forms

export interface TaskValues {
  planStartDate: string;
  clientId: number | undefined;
  title: string;
  type: number | undefined;
  remarks: string;
  captureEvidence: boolean;
}

export interface SubtaskValues {
  site: string;
  keyword: string;
  startUrl: string;
  targetCount: number | null;
}

/** A subtask of the new form, with its row key. */
export interface DraftSubtask extends SubtaskValues {
  key: string;
}

export type TaskChanges = Omit<CallInput<'/api/ec-crawler-task/update'>, 'taskId'>;

/** Section 5: the update sends only changed, non-empty fields (remarks may be emptied). */
export function taskChanges(task: CrawlerTask, values: TaskValues): TaskChanges {
  const changes: TaskChanges = {};
  if (values.planStartDate && values.planStartDate !== task.planStartDate) changes.planStartDate = values.planStartDate;
  const title = values.title.trim();
  if (title && title !== task.title) changes.title = title;
  if (values.type !== undefined && values.type !== task.type) changes.type = values.type as 0 | 1 | 2;
  if (values.remarks !== task.remarks) changes.remarks = values.remarks;
  if (values.captureEvidence !== task.captureEvidence) changes.captureEvidence = values.captureEvidence;
  return changes;
}

export type SubtaskChanges = Partial<SubtaskValues>;

/** The changed fields of a subtask edit. */
export function subtaskChanges(subtask: CrawlerSubtask, values: SubtaskValues): SubtaskChanges {
  const changes: SubtaskChanges = {};
  for (const key of ['site', 'keyword', 'startUrl'] as const) {
    const value = values[key].trim();
    if (value && value !== subtask[key]) changes[key] = value;
  }
  if (values.targetCount !== subtask.targetCount) changes.targetCount = values.targetCount;
  return changes;
}

export const subtaskValuesOf = (s: SubtaskValues): SubtaskValues => ({ site: s.site, keyword: s.keyword, startUrl: s.startUrl, targetCount: s.targetCount });
