import { CrawlRowState, TaskStatus, type CrawlRowStateValue } from '@portal/contract';
import { sql } from 'kysely';
import type { FieldSource, Listing, ListingField } from './extract.js';
import type { Db, Tx } from '../../platform/db.js';
import type { CrawlRecipeJson } from '../../platform/schema.js';

/**
 * SQL of the crawler's work tables (`crawler_page`, `crawler_listing`) as the worker and the pump read and change
 * them. Every write is conditional on the row still being to do; the rules are the worker's (worker.ts).
 */

type Conn = Db | Tx;

export interface JobAccount {
  id: number;
  account: string;
  freeze_seconds: number | null;
  headers_sealed: string;
  cookies_sealed: string;
}

export interface JobRow {
  url: string;
  state: CrawlRowStateValue;
  subtask_id: number;
  task_id: number;
  status: number;
  target_count: number | null;
  type: number;
  run_no: number;
  crawl_recipe: CrawlRecipeJson | null;
  max_concurrency: number;
  ignore_robots: boolean;
  fetch_with_browser: boolean;
  site_id: number;
  accounts: JobAccount[];
  /** A listing's validators from its last read (a watch asks whether the page changed since); null for a page. */
  etag: string | null;
  last_modified: string | null;
}

/**
 * The job's row (still to do?) with its subtask, task, site and accounts, in one round trip: it is read for every
 * page and listing, and three reads each made the crawler wait on the database more than on the marketplace.
 */
export async function findJobRow(db: Conn, kind: 'page' | 'listing', id: number): Promise<JobRow | undefined> {
  const table = sql.table(kind === 'page' ? 'crawler_page' : 'crawler_listing');
  const { rows } = await sql<JobRow>`
    SELECT r.url, r.state, ${kind === 'listing' ? sql`r.etag, r.last_modified` : sql`NULL AS etag, NULL AS last_modified`}, s.id AS subtask_id, s.task_id, s.status, s.target_count, t.type, t.run_no, e.crawl_recipe, e.max_concurrency, e.ignore_robots, e.fetch_with_browser, e.id AS site_id,
      (SELECT coalesce(json_agg(json_build_object('id', a.id, 'account', a.account, 'freeze_seconds', a.freeze_seconds, 'headers_sealed', a.headers_sealed, 'cookies_sealed', a.cookies_sealed) ORDER BY a.id), '[]')
         FROM ec_site_account a WHERE a.site_id = e.id) AS accounts
    FROM ${table} r JOIN crawler_subtask s ON s.id = r.subtask_id JOIN crawler_task t ON t.id = s.task_id JOIN ec_site e ON e.id = s.site_id
    WHERE r.id = ${id}`.execute(db);
  return rows[0];
}

/** A pending subtask starts scraping (a subtask in any other status is left as it is). */
export async function markSubtaskScraping(db: Conn, subtaskId: number): Promise<void> {
  await db.updateTable('crawler_subtask').set({ status: TaskStatus.SCRAPING }).where('id', '=', subtaskId).where('status', '=', TaskStatus.PENDING).execute();
}

/** The page or listing failed (if still to do); a listing keeps the error, and so does its subtask. */
export async function markJobFailed(db: Conn, kind: 'page' | 'listing', id: number, subtaskId: number, error: string): Promise<void> {
  const table = kind === 'page' ? 'crawler_page' : 'crawler_listing';
  await db.updateTable(table).set({ state: CrawlRowState.FAILED }).where('id', '=', id).where('state', '=', CrawlRowState.TODO).execute();
  if (kind === 'listing') await db.updateTable('crawler_listing').set({ error }).where('id', '=', id).execute();
  await db.updateTable('crawler_subtask').set({ error }).where('id', '=', subtaskId).execute();
}

/** The page is done if it was still to do: its page number, or undefined when another job finished it. */
export async function claimPage(db: Conn, pageId: number): Promise<number | undefined> {
  const claimed = await db.updateTable('crawler_page').set({ state: CrawlRowState.DONE }).where('id', '=', pageId).where('state', '=', CrawlRowState.TODO).returning(['page_no']).executeTakeFirst();
  return claimed?.page_no;
}

/** How many listings the subtask has found so far (a watch's task: found by this run). */
export async function countListings(db: Conn, subtaskId: number, onlyRun?: number): Promise<number> {
  let q = db.selectFrom('crawler_listing').select((eb) => eb.fn.countAll<number>().as('n')).where('subtask_id', '=', subtaskId);
  if (onlyRun !== undefined) q = q.where('seen_run', '=', onlyRun);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Adds the listings the task has not found yet (by URL): the new rows' ids. A watch's run (`rereadFound`) also
 * takes again the listings an earlier run found, once per run: they are read again to see what changed.
 */
export async function insertListings(db: Conn, taskId: number, subtaskId: number, urls: string[], runNo: number, rereadFound = false): Promise<{ id: number; readBefore: boolean }[]> {
  const rows = await db
    .insertInto('crawler_listing')
    .values(urls.map((url) => ({ task_id: taskId, subtask_id: subtaskId, url, seen_run: runNo, queued_at: sql<Date>`now()` })))
    .onConflict((oc) =>
      rereadFound
        ? oc
            .columns(['task_id', 'url'])
            .doUpdateSet({ state: CrawlRowState.TODO, tries: 0, error: null, seen_run: runNo, queued_at: sql<Date>`now()` })
            .where('crawler_listing.seen_run', '<', runNo)
        : oc.columns(['task_id', 'url']).doNothing(),
    )
    .returning(['id', sql<boolean>`etag IS NOT NULL OR last_modified IS NOT NULL`.as('read_before')])
    .execute();
  return rows.map((r) => ({ id: r.id, readBefore: r.read_before }));
}

/** Adds the subtask's next search page unless it has it already: the new row's id. */
export async function insertPage(db: Conn, subtaskId: number, url: string, pageNo: number): Promise<number | undefined> {
  const page = await db.insertInto('crawler_page').values({ subtask_id: subtaskId, url, page_no: pageNo }).onConflict((oc) => oc.columns(['subtask_id', 'url']).doNothing()).returning('id').executeTakeFirst();
  return page?.id;
}

/**
 * One statement (atomic, one round trip): the listing done with its fields (and where each came from) only if still to do, then its subtask's
 * count and, for a price run (`price` given), its price of the run.
 */
export async function recordListing(
  db: Conn,
  listing: { id: number; subtaskId: number; fields: Listing; sources: Partial<Record<ListingField, FieldSource>>; now: Date; etag?: string | null | undefined; lastModified?: string | null | undefined },
  price: { runNo: number; price: string | null; currency: string | null } | null,
): Promise<void> {
  const { now } = listing;
  const priceRow = price
    ? sql`INSERT INTO crawler_price (listing_id, run_no, price, currency, seen_at)
          SELECT id, ${price.runNo}, ${price.price}, ${price.currency}, ${now} FROM done
          ON CONFLICT (listing_id, run_no) DO NOTHING`
    : sql`SELECT 1`;
  await sql`WITH done AS (
        UPDATE crawler_listing SET state = ${CrawlRowState.DONE}, fields = ${JSON.stringify(listing.fields)}::jsonb, field_sources = ${JSON.stringify(listing.sources)}::jsonb, scraped_at = ${now}, error = NULL,
          etag = ${listing.etag?.slice(0, 500) ?? null}, last_modified = ${listing.lastModified?.slice(0, 100) ?? null}
        WHERE id = ${listing.id} AND state = ${CrawlRowState.TODO} RETURNING id),
      counted AS (UPDATE crawler_subtask SET record_count = record_count + 1 WHERE id = ${listing.subtaskId} AND EXISTS (SELECT 1 FROM done))
      ${priceRow}`.execute(db);
}

/** Whether any page or listing of the subtask is still to do. */
export async function hasTodo(db: Conn, subtaskId: number): Promise<boolean> {
  // Whether any is left, not how many: asked after every page and listing, a count walked every row still to do
  // (10,000 listings of a watch: 50 million index entries in a run).
  const left = await sql<{ any: boolean }>`SELECT
        EXISTS (SELECT 1 FROM crawler_page WHERE subtask_id = ${subtaskId} AND state = ${CrawlRowState.TODO})
     OR EXISTS (SELECT 1 FROM crawler_listing WHERE subtask_id = ${subtaskId} AND state = ${CrawlRowState.TODO}) AS any`.execute(db);
  return left.rows[0]?.any === true;
}

/**
 * The subtask, if still in one of the `running` statuses, is finished (in error when it failed before scraping
 * anything): whether this call settled it.
 */
export async function finishSubtask(db: Conn, subtaskId: number, running: number[]): Promise<boolean> {
  const settled = await db
    .updateTable('crawler_subtask')
    .set({ status: sql`CASE WHEN record_count = 0 AND error IS NOT NULL THEN ${TaskStatus.ERROR}::smallint ELSE ${TaskStatus.FINISHED}::smallint END` })
    .where('id', '=', subtaskId)
    .where('status', 'in', running)
    .returning('id')
    .executeTakeFirst();
  return settled !== undefined;
}

/** Those of the subtasks still in one of the `running` statuses. */
export async function subtasksInStatus(db: Conn, subtaskIds: number[], running: number[]): Promise<number[]> {
  const rows = await db.selectFrom('crawler_subtask').select('id').where('id', 'in', subtaskIds).where('status', 'in', running).execute();
  return rows.map((r) => r.id);
}

/**
 * The pages and listings still to do of the subtasks named (all running subtasks when none are named), at most
 * `limit` of each.
 */
/** How long the pump leaves a re-checked listing to its job. */
const RECHECK_GRACE_SECONDS = 120;

export async function todoJobs(db: Conn, subtaskIds: number[] | undefined, limit: number): Promise<{ kind: 'page' | 'listing'; id: number }[]> {
  const only = subtaskIds ? (subtaskIds.length === 0 ? sql`FALSE` : sql`s.id IN (${sql.join(subtaskIds)})`) : sql`TRUE`;
  const rows = await sql<{ kind: 'page' | 'listing'; id: number }>`
      (SELECT 'page' AS kind, p.id FROM crawler_page p JOIN crawler_subtask s ON s.id = p.subtask_id
        WHERE p.state = ${CrawlRowState.TODO} AND s.status IN (${TaskStatus.PENDING}, ${TaskStatus.SCRAPING}) AND ${only} ORDER BY p.id LIMIT ${limit})
      UNION ALL
      (SELECT 'listing' AS kind, l.id FROM crawler_listing l JOIN crawler_subtask s ON s.id = l.subtask_id
        WHERE l.state = ${CrawlRowState.TODO} AND s.status IN (${TaskStatus.PENDING}, ${TaskStatus.SCRAPING}) AND ${only}
          -- A listing read before is a watch's re-check, in a job with others (worker.ts): given time before it is
          -- sent alone (a stately job per row keeps other listings from being sent twice).
          AND (l.etag IS NULL AND l.last_modified IS NULL OR l.queued_at IS NULL OR l.queued_at < now() - ${`${RECHECK_GRACE_SECONDS} seconds`}::interval)
        ORDER BY l.id LIMIT ${limit})`.execute(db);
  return rows.rows;
}

/**
 * The site said these listing pages are as they were (304): done with their fields as they are, and counted, those
 * still to do, in one statement.
 */
export async function markListingsUnchanged(db: Conn, listings: { ids: number[]; subtaskId: number; now: Date }): Promise<void> {
  if (listings.ids.length === 0) return;
  await sql`WITH done AS (UPDATE crawler_listing SET state = ${CrawlRowState.DONE}, scraped_at = ${listings.now}, error = NULL
      WHERE id = ANY(${listings.ids}::bigint[]) AND state = ${CrawlRowState.TODO} RETURNING id)
    UPDATE crawler_subtask SET record_count = record_count + (SELECT count(*) FROM done) WHERE id = ${listings.subtaskId} AND EXISTS (SELECT 1 FROM done)`.execute(db);
}

/** The listings of a re-check still to do, with the validators of their last read. */
export function listingsToRecheck(db: Conn, subtaskId: number, ids: number[]) {
  return db
    .selectFrom('crawler_listing')
    .select(['id', 'url', 'etag', 'last_modified'])
    .where('subtask_id', '=', subtaskId)
    .where('id', 'in', ids.length > 0 ? ids : [-1])
    .where('state', '=', CrawlRowState.TODO)
    .orderBy('id')
    .execute();
}
