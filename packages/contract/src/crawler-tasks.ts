import { z } from 'zod';
import { id } from './validation.js';
import { isoDate, searchConditions } from './search.js';

/**
 * Document 3 "Crawler tasks" and the spec README's decisions: a task of a client with subtasks (a marketplace site
 * with a crawler, a keyword, a start URL, a desired count), started and stopped as a whole or by subtask.
 */

/** Task and subtask status (spec README): 0 new, 1 pending, 2 scraping, 3 finished, 4 stopped, 99 error. */
export const TaskStatus = { NEW: 0, PENDING: 1, SCRAPING: 2, FINISHED: 3, STOPPED: 4, ERROR: 99 } as const;
export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];
export const TASK_STATUSES = [0, 1, 2, 3, 4, 99] as const;
/**
 * The state of a subtask's work row (a search page in `crawler_page`, a listing in `crawler_listing`), written by the
 * crawler's worker: 0 to do (a job may be queued), 1 done (read), 2 failed (a start resumes it).
 */
export const CrawlRowState = { TODO: 0, DONE: 1, FAILED: 2 } as const;
export type CrawlRowStateValue = (typeof CrawlRowState)[keyof typeof CrawlRowState];
/**
 * Task type: 0 normal scraping (an EC report), 1 dashboard, 2 price monitoring; 3 is a watch's own task (issue 30),
 * made and run by its watch only, never listed nor named by the task calls.
 */
export const TaskType = { NORMAL: 0, DASHBOARD: 1, PRICE: 2, WATCH: 3 } as const;
export const TASK_TYPES = [0, 1, 2] as const;
export const TASK_REMARKS_MAX = 1000;
export const TASK_TITLE_MAX = 200;
export const SUBTASKS_MAX = 50;
export const TARGET_COUNT_MAX = 100_000;
/** Export types of the download (spec README): 1 .xlsx in the EC upload template, 2 every field as .csv, 3 evidence .zip. */
export const EXPORT_TYPES = [1, 2, 3] as const;

/** The EC record's scraped fields a listing page is read into (a recipe names a selector for any of them). */
export const LISTING_FIELDS = ['title', 'url', 'price', 'currency', 'seller', 'sellerUrl', 'imageUrl', 'salesCount', 'stockCount', 'reviewCount', 'region', 'brand', 'listingNo'] as const;
const selector = z.string().trim().min(1).max(500, 'validation.tooLong');
/** A site's crawl recipe: CSS selectors; `selector@attr` reads an attribute instead of the text. */
export const crawlRecipe = z.object({
  resultLink: selector.optional(),
  nextPage: selector.optional(),
  fields: z.partialRecord(z.enum(LISTING_FIELDS, { error: 'validation.searchField' }), selector).optional(),
});
export type CrawlRecipe = z.infer<typeof crawlRecipe>;

/** Section 4: which actions a task in each status allows (the server refuses the others). */
export const taskActions = (status: number) => ({
  remove: status !== TaskStatus.SCRAPING && status !== TaskStatus.PENDING,
  start: status === TaskStatus.NEW || status === TaskStatus.FINISHED || status === TaskStatus.STOPPED || status === TaskStatus.ERROR,
  stop: status === TaskStatus.PENDING || status === TaskStatus.SCRAPING,
  download: status === TaskStatus.FINISHED,
  editSubtasks: status === TaskStatus.NEW,
});

export const subtask = z.object({
  id: z.number(),
  status: z.number(),
  siteId: z.number(),
  site: z.string(),
  keyword: z.string(),
  startUrl: z.string(),
  targetCount: z.number().nullable(),
  recordCount: z.number(),
  /** The last error of a failed subtask, in words. */
  error: z.string().nullable(),
});
export type Subtask = z.infer<typeof subtask>;

export const task = z.object({
  id: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  title: z.string(),
  type: z.number(),
  status: z.number(),
  planStartDate: z.string(),
  /** Records scraped over every subtask. */
  total: z.number(),
  remarks: z.string(),
  reportId: z.number().nullable(),
  /** Each listing of a normal-scraping task is captured as evidence (screenshot and HTML) once it is a record. */
  captureEvidence: z.boolean(),
  createdAt: z.string(),
  subtasks: z.array(subtask),
});
export type CrawlerTask = z.infer<typeof task>;
export const taskOutput = z.object({ task });

const required = (key: string) => z.string({ error: key }).trim().min(1, key);
const siteName = required('validation.taskSiteRequired').pipe(z.string().max(200, 'validation.tooLong'));
const keyword = required('validation.taskKeywordRequired').pipe(z.string().max(500, 'validation.tooLong'));
const startUrl = required('validation.taskStartUrlRequired')
  .pipe(z.string().max(2000, 'validation.tooLong'))
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'validation.taskStartUrlInvalid');
const targetCountValue = z
  .union([z.number(), z.string().trim().regex(/^\d*$/, 'validation.taskTargetCountInvalid').transform((s) => (s === '' ? null : Number(s))), z.null()], {
    error: 'validation.taskTargetCountInvalid',
  })
  .refine((n) => n === null || (Number.isInteger(n) && n >= 1 && n <= TARGET_COUNT_MAX), 'validation.taskTargetCountInvalid');
/** Optional: no desired count means until the last page. */
const targetCount = targetCountValue.optional().transform((n) => n ?? null);

export const subtaskInput = z.object({
  site: siteName,
  keyword,
  startUrl,
  targetCount,
  /** The form's row key; ignored. */
  key: z.union([z.string().max(100), z.number()]).optional(),
});

const planStartDate = z.string({ error: 'validation.taskStartDateRequired' }).min(1, 'validation.taskStartDateRequired').pipe(isoDate);
const title = required('validation.taskTitleRequired').pipe(z.string().max(TASK_TITLE_MAX, 'validation.tooLong'));
const type = z.union(TASK_TYPES.map((n) => z.literal(n)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>], { error: 'validation.taskTypeRequired' });
const remarks = z.string().max(TASK_REMARKS_MAX, 'validation.tooLong');

export const createTaskInput = z.object({
  planStartDate,
  clientId: z.number({ error: 'validation.taskClientRequired' }).pipe(id),
  title,
  type,
  remarks: remarks.optional().default(''),
  captureEvidence: z.boolean({ error: 'validation.taskCaptureEvidence' }).optional().default(false),
  subtasksInfo: z.array(subtaskInput).max(SUBTASKS_MAX, 'validation.taskTooManySubtasks').optional().default([]),
});

export const TASK_DATE_FIELDS = ['planStartDate', 'createdAt'] as const;
export const TASK_WORD_FIELDS = ['title', 'remarks', 'keyword', 'site'] as const;
export const TASK_SORT_FIELDS = ['id', 'planStartDate', 'createdAt', 'title', 'status', 'type', 'total'] as const;
export const TASK_FILTER_FIELDS = ['status', 'type', 'clientId'] as const;

export const listTasksInput = searchConditions(TASK_DATE_FIELDS, TASK_WORD_FIELDS).and(
  z.object({
    orderFields: z
      .array(z.object({ key: z.enum(TASK_SORT_FIELDS, { error: 'validation.searchField' }), value: z.union([z.literal(1), z.literal(2)]) }))
      .max(TASK_SORT_FIELDS.length)
      .optional()
      .default([]),
    filters: z
      .array(z.object({ key: z.enum(TASK_FILTER_FIELDS, { error: 'validation.searchField' }), values: z.array(z.number().int().min(0).max(2_147_483_647)).max(100) }))
      .max(TASK_FILTER_FIELDS.length)
      .optional()
      .default([]),
    current: z.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.number().int().min(1).max(500).optional().default(20),
  }),
);
export const listTasksOutput = z.object({ tasks: z.array(task), total: z.number() });

export const taskIdInput = z.object({ taskId: id });
/** Only the fields sent change (the form sends what changed). */
export const updateTaskInput = z.object({
  taskId: id,
  planStartDate: planStartDate.optional(),
  title: title.optional(),
  type: type.optional(),
  remarks: remarks.optional(),
  captureEvidence: z.boolean({ error: 'validation.taskCaptureEvidence' }).optional(),
});
export const removeTaskOutput = z.object({ taskId: z.number() });

export const createSubtaskInput = z.object({ taskId: id, detail: subtaskInput });
export const updateSubtaskInput = z.object({
  taskId: id,
  subtaskId: id,
  site: siteName.optional(),
  keyword: keyword.optional(),
  startUrl: startUrl.optional(),
  targetCount: targetCountValue.optional(),
});
export const removeSubtaskInput = z.object({ subtaskId: id });

export const commandInput = z.object({ taskId: id, subtaskIds: z.array(id).max(SUBTASKS_MAX).optional().default([]) });

/** Polled by the list and the detail while tasks run: status and counts only. */
export const progressInput = z.object({ taskIds: z.array(id).min(1).max(500) });
export const progressOutput = z.object({
  tasks: z.array(z.object({ id: z.number(), status: z.number(), total: z.number(), subtasks: z.array(subtask.pick({ id: true, status: true, recordCount: true, targetCount: true, error: true })) })),
});

/** The marketplace sites a subtask may name (those with a crawler), for the add-URL modal of analysts and administrators. */
export const fetchSitesInput = z.object({});
export const fetchSitesOutput = z.object({ sites: z.array(z.object({ id: z.number(), name: z.string(), url: z.string(), region: z.string() })) });
