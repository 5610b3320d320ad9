import { crawledPages } from '../../platform/metrics.js';
import { CrawlRowState, TaskStatus, TaskType, type CrawlRowStateValue } from '@portal/contract';
import type PgBoss from 'pg-boss';
import { CaptureBrowsers } from '../../platform/capture.js';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { readProduct, readSearchPage } from './extract.js';
import { CrawlError, PoliteFetcher, fetchSettings, type FetchedPage, type SiteForFetch } from './fetcher.js';
import { startIntake, type Intake } from './intake.js';
import type { QueueDef } from '../../platform/queues.js';
import { CRAWLER_QUEUE, RECHECK_BATCH, crawlerQueueDef, type CrawlJob, type CrawlerQueue } from './queue.js';
import { makeReport } from './report.js';
import { settleTask } from './service.js';
import { claimPage, countListings, hasTodo, findJobRow, finishSubtask, insertListings, insertPage, listingsToRecheck, markJobFailed, markListingsUnchanged, markSubtaskScraping, recordListing, subtasksInStatus } from './work-queries.js';

/**
 * The crawler's worker: takes page and listing jobs, fetches politely through the outbound guard, and writes what it
 * read into the work tables. Every write is conditional on the row still being to do, so a job run twice (a
 * retry, a pump after a restart) changes nothing the second time. A stopped subtask's jobs are dropped when taken,
 * and its requests in flight are aborted within a second.
 */

/** Search pages followed per subtask at most, whatever the site says (a tarpit of endless "next" links). */
const MAX_PAGES = 500;
const RUNNING = [TaskStatus.PENDING, TaskStatus.SCRAPING] as number[];
const SETTLED = [TaskStatus.FINISHED, TaskStatus.ERROR, TaskStatus.STOPPED] as number[];

interface JobContext {
  subtaskId: number;
  taskId: number;
  status: number;
  targetCount: number | null;
  taskType: number;
  runNo: number;
  recipe: import('../../platform/schema.js').CrawlRecipeJson | null;
  site: SiteForFetch;
  /** The listing's validators from its last read. */
  validators: { etag: string | null; lastModified: string | null };
}

/** The job's row (still to do?) with what the worker needs of its subtask, task, site and accounts. */
async function jobOf(db: Db, job: { kind: 'page' | 'listing'; id: number }): Promise<{ url: string; state: CrawlRowStateValue; ctx: JobContext } | undefined> {
  const row = await findJobRow(db, job.kind, job.id);
  if (!row) return undefined;
  return {
    url: row.url,
    state: row.state,
    ctx: {
      subtaskId: row.subtask_id,
      taskId: row.task_id,
      status: row.status,
      targetCount: row.target_count,
      taskType: row.type,
      runNo: row.run_no,
      recipe: row.crawl_recipe,
      validators: { etag: row.etag, lastModified: row.last_modified },
      site: {
        id: row.site_id,
        maxConcurrency: row.max_concurrency,
        ignoreRobots: row.ignore_robots,
        fetchWithBrowser: row.fetch_with_browser,
        accounts: row.accounts.map((a) => ({ id: a.id, account: a.account, freezeSeconds: a.freeze_seconds ?? 0, headersSealed: a.headers_sealed, cookiesSealed: a.cookies_sealed })),
      },
    },
  };
}

/**
 * What another area does when a task of some type has settled (finished, stopped or failed): a watch's run ends
 * (areas/watches). Given by the queue registry, so the crawler knows nothing of the areas built on it.
 */
export type TaskSettled = (services: Services, taskId: number) => Promise<void>;
export type SettledByType = Partial<Record<number, TaskSettled>>;

export class CrawlerWorker {
  private readonly fetcher: PoliteFetcher;
  /** The capture browsers for sites fetched with a browser: launched at the first such page, closed with the worker. */
  readonly browsers: CaptureBrowsers;
  private readonly inFlight = new Map<number, Set<AbortController>>();
  private readonly running = new Set<Promise<void>>();
  /** The worker is stopping: a re-check cut short fails, so that its job is taken again by another worker. */
  private draining = false;

  constructor(private readonly services: Services, private readonly queue: CrawlerQueue, env: NodeJS.ProcessEnv = process.env, private readonly settled: SettledByType = {}) {
    const settings = fetchSettings(env);
    // The capture configuration (Chromium, how many browsers, bytes) under the crawler's own address policy.
    const { chromiumPath, browsers, maxBytes } = services.config.capture;
    this.browsers = new CaptureBrowsers({ executablePath: chromiumPath, browsers, maxBytes, timeoutMs: settings.browserTimeoutMs, policy: settings.policy });
    this.fetcher = new PoliteFetcher(services.secrets, settings, this.browsers);
  }

  private get db(): Db {
    return this.services.db;
  }

  /** Runs one job; `drain` waits for the runs in progress. */
  run(job: CrawlJob): Promise<void> {
    const p = this.runJob(job);
    this.running.add(p);
    const forget = () => this.running.delete(p);
    p.then(forget, forget);
    return p;
  }

  /** Aborts every request in flight and waits (at most `limitMs`) for the runs to write what they end with. */
  async drain(limitMs: number): Promise<void> {
    this.draining = true;
    this.abortAll();
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, limitMs).unref())]);
  }

  private async runJob(job: CrawlJob): Promise<void> {
    // A re-check is named by its first listing, which may be done already: its others may not.
    const row = await jobOf(this.db, job.kind === 'recheck' ? { kind: 'listing', id: job.id } : job);
    if (!row || (job.kind !== 'recheck' && row.state !== CrawlRowState.TODO)) return;
    const { ctx } = row;
    if (!RUNNING.includes(ctx.status)) return;
    if (ctx.status === TaskStatus.PENDING) {
      await markSubtaskScraping(this.db, ctx.subtaskId);
      await settleTask(this.db, ctx.taskId, this.services.clock());
    }
    const abort = new AbortController();
    const set = this.inFlight.get(ctx.subtaskId) ?? new Set();
    set.add(abort);
    this.inFlight.set(ctx.subtaskId, set);
    try {
      if (job.kind === 'page') await this.page(job.id, row.url, ctx, abort.signal);
      else if (job.kind === 'recheck') await this.recheck(job.ids, ctx, abort.signal);
      else await this.listing(job.id, row.url, ctx, abort.signal);
      if (job.kind !== 'recheck') crawledPages.inc({ outcome: 'ok' });
    } catch (e) {
      if (!(e instanceof CrawlError)) throw e;
      if (abort.signal.aborted) return; // stopped: the row stays to do for a resume
      crawledPages.inc({ outcome: 'failed' });
      // (A re-check fails its listings one by one: only a page or a listing gets here.)
      await markJobFailed(this.db, job.kind === 'page' ? 'page' : 'listing', job.id, ctx.subtaskId, e.message.slice(0, 2000));
      this.services.log.warn({ subtask: ctx.subtaskId, job, err: e.message }, 'crawler request failed');
    } finally {
      set.delete(abort);
      if (set.size === 0) this.inFlight.delete(ctx.subtaskId);
    }
    await this.settleSubtask(ctx);
  }

  private async page(pageId: number, url: string, ctx: JobContext, signal: AbortSignal): Promise<void> {
    const fetched = await this.fetcher.fetchPage(ctx.site, url, signal);
    const { links, next } = readSearchPage(fetched.html, fetched.url, ctx.recipe);
    const jobs: CrawlJob[] = [];
    await this.db.transaction().execute(async (trx) => {
      // Only one job finishes a page; a repeat finds it done and adds nothing.
      const pageNo = await claimPage(trx, pageId);
      if (pageNo === undefined) return;
      const watch = ctx.taskType === TaskType.WATCH;
      const n = await countListings(trx, ctx.subtaskId, watch ? ctx.runNo : undefined);
      const room = ctx.targetCount === null ? links.length : Math.max(0, ctx.targetCount - n);
      const wanted = links.slice(0, room).filter((l) => l.length <= 2000);
      let added = 0;
      if (wanted.length > 0) {
        const rows = await insertListings(trx, ctx.taskId, ctx.subtaskId, wanted, ctx.runNo, watch);
        added = rows.length;
        // A listing read before is re-checked with others of its page (a watch's run); a new one is read alone.
        const again = rows.filter((r) => r.readBefore).map((r) => r.id);
        jobs.push(...rows.filter((r) => !r.readBefore).map((r) => ({ kind: 'listing' as const, id: r.id })));
        for (let i = 0; i < again.length; i += RECHECK_BATCH) {
          const ids = again.slice(i, i + RECHECK_BATCH);
          jobs.push({ kind: 'recheck', id: ids[0]!, ids });
        }
      }
      const full = ctx.targetCount !== null && n + added >= ctx.targetCount;
      if (next && !full && pageNo < MAX_PAGES && next.length <= 2000) {
        const page = await insertPage(trx, ctx.subtaskId, next, pageNo + 1);
        if (page !== undefined) jobs.push({ kind: 'page', id: page });
      }
    });
    await this.queue.send(jobs);
  }

  private async listing(listingId: number, url: string, ctx: JobContext, signal: AbortSignal): Promise<void> {
    // A watch reads its listings again every run: it asks the site whether the page changed since its last read.
    const validators = ctx.taskType === TaskType.WATCH ? ctx.validators : undefined;
    const fetched = await this.fetcher.fetchPage(ctx.site, url, signal, validators);
    if (fetched.notModified) {
      await markListingsUnchanged(this.db, { ids: [listingId], subtaskId: ctx.subtaskId, now: this.services.clock() });
      return;
    }
    await this.saveListing(listingId, url, fetched, ctx);
  }

  /**
   * A watch's re-check of listings it has read before: each asked at once (the site's slots still bound how many
   * requests are in flight) whether its page changed; the unchanged done together, a changed one read and saved as a
   * listing job would, one that fails marked failed alone.
   */
  private async recheck(ids: number[], ctx: JobContext, signal: AbortSignal): Promise<void> {
    const rows = await listingsToRecheck(this.db, ctx.subtaskId, ids);
    const unchanged: number[] = [];
    let cut = 0;
    await Promise.all(
      rows.map(async (row) => {
        try {
          const fetched = await this.fetcher.fetchPage(ctx.site, row.url, signal, { etag: row.etag, lastModified: row.last_modified });
          if (fetched.notModified) unchanged.push(row.id);
          else await this.saveListing(row.id, row.url, fetched, ctx);
          crawledPages.inc({ outcome: 'ok' });
        } catch (e) {
          if (!(e instanceof CrawlError)) throw e;
          if (signal.aborted) {
            cut++; // stopped: the row stays to do
            return;
          }
          crawledPages.inc({ outcome: 'failed' });
          await markJobFailed(this.db, 'listing', row.id, ctx.subtaskId, e.message.slice(0, 2000));
          this.services.log.warn({ subtask: ctx.subtaskId, listing: row.id, err: e.message }, 'crawler request failed');
        }
      }),
    );
    await markListingsUnchanged(this.db, { ids: unchanged, subtaskId: ctx.subtaskId, now: this.services.clock() });
    // A task stopped keeps its rows to do for a resume; a worker stopping hands the rest of the job to another.
    if (cut > 0 && this.draining) throw new Error(`the worker stopped with ${cut} listings of a re-check to do`);
  }

  private async saveListing(listingId: number, url: string, fetched: FetchedPage, ctx: JobContext): Promise<void> {
    // The fields with where each came from (spec README "Reading real pages"): the task's report carries the sources
    // onto the records it makes (report.ts).
    const { listing, sources, availability } = readProduct(fetched.html, url, ctx.recipe);
    // Availability is kept beside the fields (a watch compares it); the report's sheet has no column for it.
    const fields = availability ? { ...listing, availability } : listing;
    // The listing done only if still to do, then its count and (a price run) its price, in one statement.
    const price = ctx.taskType === TaskType.PRICE ? { runNo: ctx.runNo, price: fields.price?.slice(0, 100) ?? null, currency: fields.currency?.slice(0, 10) ?? null } : null;
    await recordListing(this.db, { id: listingId, subtaskId: ctx.subtaskId, fields, sources, now: this.services.clock(), etag: fetched.etag, lastModified: fetched.lastModified }, price);
  }

  /** A subtask with nothing left to do is finished (in error when it failed before scraping anything). */
  private async settleSubtask(ctx: JobContext): Promise<void> {
    if (await hasTodo(this.db, ctx.subtaskId)) return;
    if (!(await finishSubtask(this.db, ctx.subtaskId, RUNNING))) return;
    const status = await this.db.transaction().execute((trx: Tx) => settleTask(trx, ctx.taskId, this.services.clock()));
    if (status === TaskStatus.FINISHED && ctx.taskType === TaskType.NORMAL) await makeReport(this.services, ctx.taskId);
    const after = this.settled[ctx.taskType];
    if (after && SETTLED.includes(status)) await after(this.services, ctx.taskId);
  }

  /** Aborts the requests of subtasks that were stopped (checked every second while any are in flight). */
  async abortStopped(): Promise<void> {
    const ids = [...this.inFlight.keys()];
    if (ids.length === 0) return;
    const live = new Set(await subtasksInStatus(this.db, ids, RUNNING));
    for (const id of ids) if (!live.has(id)) for (const c of this.inFlight.get(id) ?? []) c.abort();
  }

  abortAll(): void {
    for (const set of this.inFlight.values()) for (const c of set) c.abort();
  }
}

/**
 * Runs the crawler on a started pg-boss: up to `CRAWLER_WORKERS` × `CRAWLER_BATCH` (default 2 × 4, 1 × 2 on PGlite) jobs at once,
 * taken as slots free up (intake.ts), the queue polled every `CRAWLER_POLL_SECONDS` when empty, the pump every 30 s
 * (and at once), the stop watcher every second. Answers the function that stops it.
 */
export async function startCrawlerWorker(services: Services, boss: PgBoss, queue: CrawlerQueue, env: NodeJS.ProcessEnv = process.env, settled: SettledByType = {}): Promise<() => Promise<void>> {
  const worker = new CrawlerWorker(services, queue, env, settled);
  // The embedded PGlite has one connection for the whole portal: eight jobs queueing on it starved the pages' own
  // calls (seen in the browser journey), so there the default is 1 x 2; PostgreSQL's pool takes 2 x 4.
  const embedded = services.dbKind === 'pglite';
  const concurrency = Math.max(1, Number(env.CRAWLER_WORKERS ?? (embedded ? 1 : 2))) * Math.max(1, Number(env.CRAWLER_BATCH ?? (embedded ? 2 : 4)));
  const pollMs = Math.max(100, Number(env.CRAWLER_POLL_SECONDS ?? 1) * 1000);
  // PGlite: pg-boss's own work loop. The intake's refills, on the one connection the whole portal shares, left the
  // calls of the pages waiting after a worker restart (crawler.test.ts); the embedded database is for one machine's
  // small crawls, where the work loop's pace (a poll between batches) is enough.
  const intake = embedded
    ? workLoop(boss, { workers: Math.max(1, Number(env.CRAWLER_WORKERS ?? 1)), batchSize: Math.max(1, Number(env.CRAWLER_BATCH ?? 2)), pollMs, run: (job) => worker.run(job), onError: (err) => services.log.error({ err }, 'crawler job failed') })
    : startIntake(boss, queue, { concurrency, pollMs, run: (job) => worker.run(job), onError: (err) => services.log.error({ err }, 'crawler job failed') });
  const pump = () => queue.wake().catch((err: unknown) => services.log.error({ err }, 'crawler pump failed'));
  await pump();
  const pumpTimer = setInterval(() => void pump(), Number(env.CRAWLER_PUMP_MS ?? 30_000));
  const watchTimer = setInterval(() => void worker.abortStopped().catch(() => undefined), 1000);
  return async () => {
    clearInterval(pumpTimer);
    clearInterval(watchTimer);
    await intake.stop();
    queue.detach();
    await worker.drain(5_000);
    await intake.settled(1_000);
    await worker.browsers.close();
  };
}

/**
 * The crawler's queue in this process's registry: sends from its start; worked here by the crawler's worker, or
 * only queued (a server with CRAWLER_WORKER=0: the `npm run worker` processes take the jobs).
 */
export function crawlerQueue(services: Services, queue: CrawlerQueue, opts: { work: false } | { work: true; env: NodeJS.ProcessEnv; settled?: SettledByType }): QueueDef<typeof CRAWLER_QUEUE> {
  return {
    ...crawlerQueueDef,
    sendsTo: ['evidence-capture', 'triage-evaluate', 'picture-look'],
    started: async () => queue.attach(),
    stopped: async () => queue.detach(),
    ...(opts.work ? { worker: (boss: PgBoss) => startCrawlerWorker(services, boss, queue, opts.env, opts.settled) } : { elsewhere: true as const }),
  };
}

/** pg-boss's own work loop as an Intake: `workers` loops taking `batchSize` jobs, polling every `pollMs` (at least 0.5 s). */
function workLoop(boss: PgBoss, opts: { workers: number; batchSize: number; pollMs: number; run: (job: CrawlJob) => Promise<void>; onError: (err: unknown) => void }): Intake {
  const ids: Promise<string>[] = [];
  for (let i = 0; i < opts.workers; i++) {
    ids.push(
      boss.work<CrawlJob>(CRAWLER_QUEUE, { batchSize: opts.batchSize, pollingIntervalSeconds: Math.max(0.5, opts.pollMs / 1000) }, async (jobs) => {
        const results = await Promise.allSettled(jobs.map((j) => opts.run(j.data)));
        for (const r of results) if (r.status === 'rejected') opts.onError(r.reason);
      }),
    );
  }
  return {
    async stop() {
      for (const id of await Promise.all(ids)) void boss.offWork({ id }).catch(() => undefined);
    },
    // The work loop completes or fails its jobs itself, before it takes the next batch.
    settled: () => Promise.resolve(),
  };
}
