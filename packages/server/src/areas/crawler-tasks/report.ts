import { EC_RECORD_FIELDS, Role } from '@portal/contract';
import { CURRENCY_CODES } from '@portal/contract/code-lists';
import ExcelJS from 'exceljs';
import { contextFor, type AuthedContext, type Services } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { EC_KIND } from '../../kinds/ec/kind.js';
import { EC_UPLOAD } from '../../kinds/ec/sheet-kind.js';
import { recordsChanged } from '../../records/search/changes.js';
import { columnLabel } from '../../records/sheets/columns.js';
import { safeText } from '../../records/export/export.js';
import { uploadNewReport } from '../../records/upload/upload.js';
import { captureListings } from './evidence.js';
import type { Listing, ListingField } from './extract.js';
import { updateSubtask } from './repo.js';
import { claimTaskForReport, firstSubtaskOf, scrapedListingsAfter, setRecordFieldSources, setTaskReport } from './report-queries.js';
import { queuePictureLook } from '../../records/pictures/queue.js';

/**
 * What a finished normal-scraping task becomes: an EC report of its client, made by the record engine's own new
 * upload (records/upload/upload.ts) from a sheet in the EC upload template's columns, so the listings go through the
 * same cell checks, matching (lists, wording, brand keywords), repeat keys and inherit as a sheet an analyst
 * uploads. The same sheet is the download of export type 1, which can be uploaded again as it is.
 */

/** The template columns the crawler fills, in the template's order. */
const COLUMNS = [
  'ec_site', 'ec_scan_date', 'ec_search_keyword', 'ec_product_no', 'ec_product_title', 'ec_product_url', 'ec_product_brand', 'ec_product_seller',
  'ec_product_seller_url', 'ec_product_price', 'ec_product_currency', 'ec_product_image_url', 'ec_product_onsell_count', 'ec_product_sold_count', 'ec_product_region',
] as const;

type Cell = string | number | null;
const text = (s: string | undefined, max: number): Cell => (s ? safeText(s.slice(0, max)) : null);
const httpUrl = (s: string | undefined): Cell => (s && /^https?:\/\//i.test(s) && s.length <= 2000 ? s : null);
const count = (s: string | undefined): Cell => {
  const digits = s?.replace(/[,\s]/g, '');
  return digits && /^\d{1,9}$/.test(digits) ? Number(digits) : null;
};
/** A price as the template takes it (a number with at most 2 decimals); what a page shows beside it is dropped. */
function price(s: string | undefined): Cell {
  const m = s?.replace(/,/g, '').match(/\d{1,15}(\.\d+)?/);
  return m ? Math.round(Number(m[0]) * 100) / 100 : null;
}
function currency(s: string | undefined, shownPrice: string | undefined): Cell {
  const code = s?.trim().toUpperCase();
  if (code && CURRENCY_CODES.has(code)) return code;
  if (shownPrice?.includes('¥') || shownPrice?.includes('円')) return 'JPY';
  if (shownPrice?.includes('€')) return 'EUR';
  if (shownPrice?.includes('£')) return 'GBP';
  if (shownPrice?.includes('$')) return 'USD';
  return null;
}

export interface ScrapedRow {
  site: string;
  keyword: string;
  scrapedAt: Date | null;
  fields: Listing;
}

export function templateRow(r: ScrapedRow): Cell[] {
  const f = r.fields;
  const values: Record<(typeof COLUMNS)[number], Cell> = {
    ec_site: text(r.site, 200),
    ec_scan_date: (r.scrapedAt ?? new Date()).toISOString().slice(0, 7),
    ec_search_keyword: text(r.keyword, 500),
    ec_product_no: text(f.listingNo, 200),
    ec_product_title: text(f.title ?? f.url, 2000),
    ec_product_url: httpUrl(f.url),
    ec_product_brand: text(f.brand, 500),
    ec_product_seller: text(f.seller, 500),
    ec_product_seller_url: httpUrl(f.sellerUrl),
    ec_product_price: price(f.price),
    ec_product_currency: currency(f.currency, f.price),
    ec_product_image_url: httpUrl(f.imageUrl),
    ec_product_onsell_count: count(f.stockCount),
    ec_product_sold_count: count(f.salesCount),
    ec_product_region: text(f.region, 100),
  };
  return COLUMNS.map((c) => values[c]);
}

/**
 * The record field each listing field fills (templateRow), for the sources the records keep
 * (`ec_field_sources`, spec README "Reading real pages"). The review count has no record field.
 */
export const RECORD_FIELD_OF: Partial<Record<ListingField, (typeof COLUMNS)[number]>> = {
  listingNo: 'ec_product_no',
  title: 'ec_product_title',
  url: 'ec_product_url',
  brand: 'ec_product_brand',
  seller: 'ec_product_seller',
  sellerUrl: 'ec_product_seller_url',
  price: 'ec_product_price',
  currency: 'ec_product_currency',
  imageUrl: 'ec_product_image_url',
  stockCount: 'ec_product_onsell_count',
  salesCount: 'ec_product_sold_count',
  region: 'ec_product_region',
};

export const templateHeader = (locale: 'en' | 'ja') => COLUMNS.map((c) => columnLabel(c, locale, EC_RECORD_FIELDS));

/** The scraped listings of a task (of some subtasks), in the order they were found. */
export async function* scrapedRows(services: Services, taskId: number, subtaskIds: number[] = [], listingIds?: number[]): AsyncGenerator<ScrapedRow> {
  let after = 0;
  for (;;) {
    const rows = await scrapedListingsAfter(services.db, taskId, subtaskIds, after, 1000, listingIds);
    if (rows.length === 0) return;
    for (const r of rows) yield { site: r.name, keyword: r.keyword, scrapedAt: r.scraped_at, fields: r.fields ?? {} };
    after = rows[rows.length - 1]!.id;
  }
}

/** The task's listings as an .xlsx in the EC upload template's columns, written row by row. */
export async function templateSheet(services: Services, taskId: number, locale: 'en' | 'ja', subtaskIds: number[] = [], listingIds?: number[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EC report');
  sheet.addRow(templateHeader(locale));
  for await (const r of scrapedRows(services, taskId, subtaskIds, listingIds)) sheet.addRow(templateRow(r));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** How long a report waits for the analyst's own upload to end, and how often it looks. */
const BUSY_LIMIT_MS = 30 * 60_000;
const BUSY_RETRY_MS = 1_000;

/**
 * The report is an upload of the task's analyst, so it counts as their one upload in progress (records/upload/upload.ts):
 * while they upload, their own upload is refused with the usual message. The other way round, a report that finds
 * the analyst uploading waits its turn instead of failing (nobody would be there to try it again).
 */
async function uploadWhenFree(ctx: AuthedContext, clientId: number): Promise<{ reportId: number }> {
  for (let waited = 0; ; waited += BUSY_RETRY_MS) {
    try {
      return await uploadNewReport(ctx, clientId, EC_UPLOAD);
    } catch (err) {
      if (!(err instanceof AppError && err.name_ === 'uploadBusy') || waited >= BUSY_LIMIT_MS) throw err;
    }
    await new Promise((r) => setTimeout(r, BUSY_RETRY_MS));
  }
}

/** The task a report is made for: its client, author and whether its records are captured as evidence. */
export interface ReportTask {
  id: number;
  clientId: number;
  createdBy: number | null;
  captureEvidence: boolean;
}

/**
 * The EC report of some of a task's listings (all when `listingIds` is not given; a watch's run gives its new
 * ones): the upload of their sheet, their records' field sources, triage, evidence. Throws what the upload refuses.
 */
export async function reportFromListings(services: Services, task: ReportTask, listingIds?: number[]): Promise<number> {
  const bytes = await templateSheet(services, task.id, 'en', [], listingIds);
  const now = services.clock();
  const files = [{ filename: `crawler-task-${task.id}-${now.toISOString().slice(0, 10)}.xlsx`, size: bytes.length, bytes }];
  const ctx = contextFor(services, services.db, { userId: task.createdBy ?? 0, role: Role.ANALYST }, { now, files });
  const { reportId } = await uploadWhenFree(ctx, task.clientId);
  await services.db.transaction().execute(async (trx) => {
    // Only the records made here get their fields' sources: a record made by an analyst's upload has none (NULL),
    // and an update upload (batch-update) leaves a crawled record's sources as they are. They say where the
    // crawler read each field when it made the record, not who changed a value since (the record's history does).
    await setRecordFieldSources(trx, task.id, task.clientId, reportId, RECORD_FIELD_OF);
    await recordsChanged(services, trx, EC_KIND, task.clientId);
    await services.queues.send('triage-evaluate', { clientId: task.clientId, kind: 'ec', reportId }, { db: trx });
    await queuePictureLook(services, trx, task.clientId, 'ec');
  });
  if (task.captureEvidence) {
    // The report stands whatever happens to its evidence (a capture can also be asked for on the record).
    await captureListings(services, { id: task.id, clientId: task.clientId, requestedBy: task.createdBy }, reportId).catch((err: unknown) =>
      services.log.error({ err, task: task.id }, 'crawler evidence could not be queued'),
    );
  }
  return reportId;
}

/** Why a report could not be made, in words for the task's subtask or the watch's run. */
export function reportFailure(err: unknown): string {
  const why = err instanceof AppError ? `${err.name_}${err.data ? `: ${JSON.stringify(err.data).slice(0, 1500)}` : ''}` : (err as Error).message;
  return `the EC report could not be made: ${why}`.slice(0, 2000);
}

/**
 * Makes the EC report of a finished normal-scraping task, once: the task row is claimed first (report_id 0 while
 * it is made), so two workers finishing its last subtasks at once make one report. A sheet the checks refuse
 * leaves no report and says why on the task's first subtask.
 */
export async function makeReport(services: Services, taskId: number): Promise<number | null> {
  const claimed = await claimTaskForReport(services.db, taskId);
  if (!claimed) return null;
  try {
    const reportId = await reportFromListings(services, { id: taskId, clientId: claimed.client_id, createdBy: claimed.created_by, captureEvidence: claimed.capture_evidence });
    await setTaskReport(services.db, taskId, reportId);
    return reportId;
  } catch (err) {
    await setTaskReport(services.db, taskId, null);
    const first = await firstSubtaskOf(services.db, taskId);
    if (first !== undefined) await updateSubtask(services.db, first, { error: reportFailure(err) });
    services.log.error({ err, task: taskId }, 'crawler report failed');
    return null;
  }
}
