import { z } from 'zod';
import { id } from './accounts.js';

/**
 * Document 1, section 2.12 "EC report tab": reports uploaded from spreadsheets, their records checked and matched
 * against the client's master data, then inherited, de-duplicated, posted to the client, removed or downloaded.
 */
export const ecReport = z.object({
  report_id: z.number(),
  report_name: z.string(),
  report_upload_date: z.string(),
  report_scrape_count: z.number(),
  report_repeat_count: z.number(),
  report_send_date: z.string().nullable(),
  report_uncategrize_count: z.number(),
  report_response_date: z.string().nullable(),
  report_response_count: z.number(),
  report_need_check_count: z.number(),
  report_inherited_count: z.number(),
  report_uploaded_by: z.string(),
});
export type EcReport = z.infer<typeof ecReport>;

export const fetchReportsInput = z.object({ clientId: id });
export const reportsOutput = z.object({ reports: z.array(ecReport) });
export const reportActionInput = z.object({ clientId: id, reportId: id });
export const postReportInput = z.object({
  clientId: id,
  reportId: id,
  /** Post the uncategorized records too (the confirm popup's checkbox). */
  sendUncategorizRecords: z.boolean().optional().default(false),
});
/** Answers of report actions: the report list again, and how many records the action touched. */
export const reportActionOutput = z.object({ reports: z.array(ecReport), count: z.number() });

/** Multipart text fields of an upload; the spreadsheet is the `file` part. */
export const uploadReportInput = z.object({
  clientId: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), id),
});
export const uploadReportOutput = z.object({
  reports: z.array(ecReport),
  /** The new report (new upload), or null (update upload). */
  reportId: z.number().nullable(),
  /** Records created (new upload) or updated (update upload). */
  count: z.number(),
});

/** One problem of a refused spreadsheet, already in the user's language. */
export const uploadProblem = z.object({ sheet: z.string(), row: z.number(), column: z.string(), message: z.string() });
export type UploadProblem = z.infer<typeof uploadProblem>;
/** `data` of a refused upload (code FILE_REJECTED): the first problems, and how many there were in all. */
export const uploadProblems = z.object({ errors: z.array(uploadProblem), total: z.number() });

/** Limits of an upload (document 1, section 5 and the issue). */
export const REPORT_MAX_BYTES = 50 * 1024 * 1024;
export const REPORT_MAX_ROWS = 1_000_000;
/** Legacy .xls is read whole (the format cannot be streamed): smaller files only; .xlsx has no such limit. */
export const REPORT_MAX_XLS_BYTES = 20 * 1024 * 1024;
/** The most rows a worksheet can have (Excel's own limit): a sheet with more row elements, or a row numbered past it, was not made by a spreadsheet. */
export const EXCEL_MAX_ROWS = 1_048_576;
/**
 * A zip that unpacks to more than this is refused: from its directory before unpacking, and by counting what really
 * inflates while it unpacks. It is what real spreadsheets of the most rows there can be ever reach: EXCEL_MAX_ROWS rows
 * of 2 KB of XML each (sheet and shared strings together) is 2 GiB. A real EC row is about 0.5 KB (measured: the 12
 * columns of a scraped listing written by ExcelJS, 421 bytes of sheet XML and 95 of shared strings per row) and the
 * full template about twice that, so 2 KB a row is generous.
 */
export const REPORT_MAX_UNPACKED_BYTES = EXCEL_MAX_ROWS * 2048;
/** Nor one whose parts unpack to more than this many times their packed size (spreadsheets stay far below). */
export const REPORT_MAX_PACK_RATIO = 200;
/** A cell may hold at most this many characters (Excel's own limit); a longer one is refused while reading. */
export const REPORT_MAX_CELL_CHARS = 32_767;
/** One row's XML may be at most this large (the widest legitimate row is far below). */
export const REPORT_MAX_ROW_BYTES = 16 * 1024 * 1024;
/** The workbook, relationships and styles parts are read whole: at most this large each. */
export const REPORT_MAX_PART_BYTES = 16 * 1024 * 1024;
/** Uploads one user may have in progress at a time. */
export const UPLOADS_PER_USER = 1;
/** At most this many problems are listed; the count says how many there were. */
export const UPLOAD_PROBLEMS_SHOWN = 200;

/** Report names for the record list's report filter: the reports the user may see. */
export const reportNamesInput = z.object({ clientId: id });
export const reportNamesOutput = z.object({ reports: z.array(z.object({ report_id: z.number(), report_name: z.string() })) });
