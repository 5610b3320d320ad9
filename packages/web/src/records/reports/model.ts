import dayjs from 'dayjs';
import { REPORT_MAX_BYTES, UPLOAD_PROBLEMS_SHOWN, downloadHref, ecReports, type UploadProblem } from '@portal/contract';

/**
 * The pure parts every report tab shares (spec document 1, sections 2.12, 4, 5 and 8): the browser's file check,
 * the problems of a refused spreadsheet, the table's dates, and the addresses a report kind opens.
 */

// ---------------------------------------------------------------- files

/** Spec 5: an upload is one .xls or .xlsx file; issue 20 adds .csv (the server tells the format by the bytes). */
export const REPORT_EXTENSIONS = ['xls', 'xlsx', 'csv'] as const;
/** For the file input's `accept`. */
export const REPORT_ACCEPT = REPORT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
/** Spec 4 and 9: the upload list keeps the last 2 files. */
export const KEPT_FILES = 2;

export type FileProblem = 'type' | 'size' | 'empty' | null;

/** The browser's check before a file is sent: its extension, then its size (the server checks the bytes anyway). */
export function fileProblem(file: { name: string; size: number }): FileProblem {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(REPORT_EXTENSIONS as readonly string[]).includes(extension)) return 'type';
  if (file.size > REPORT_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return null;
}

/** The largest upload in whole megabytes, for the messages (50). */
export const REPORT_MAX_MB = Math.round(REPORT_MAX_BYTES / 1024 / 1024);

/** The last `kept` entries of the upload list (the newest are at the end). */
export function keepLast<T>(list: readonly T[], kept = KEPT_FILES): T[] {
  return list.slice(Math.max(0, list.length - kept));
}

// ---------------------------------------------------------------- a refused spreadsheet

export interface Problems {
  errors: UploadProblem[];
  /** How many problems the sheet had in all (the answer lists at most UPLOAD_PROBLEMS_SHOWN). */
  total: number;
}

/** The problems in the `data` of a refused upload, or null when it carries none (any other failure). */
export function problemsOf(data: unknown): Problems | null {
  const parsed = ecReports.uploadProblems.safeParse(data);
  if (!parsed.success) return null;
  const errors = parsed.data.errors.slice(0, UPLOAD_PROBLEMS_SHOWN);
  return { errors, total: Math.max(parsed.data.total, errors.length) };
}

/** How many problems the list leaves out ("and N more"); 0 when it shows them all. */
export function moreProblems(problems: Problems): number {
  return Math.max(0, problems.total - problems.errors.length);
}

/** The translation of one problem line; the catalogue orders sheet, row, column and message for its language. */
export type ProblemText = (problem: { sheet: string; row: number; column: string; message: string }) => string;

/** "Sheet1 row 5, Listing URL: must be a URL …" for each problem, in the server's order. */
export function problemLines(problems: Problems, text: ProblemText): string[] {
  return problems.errors.map((p) => text({ sheet: p.sheet, row: p.row, column: p.column, message: p.message }));
}

// ---------------------------------------------------------------- the table

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date of the answers for the table: a plain day stays YYYY-MM-DD; a timestamp shows as YYYY-MM-DD HH:mm in the
 * browser's time zone; none is blank. A value that is neither shows as it came.
 */
export function formatReportDate(value: string | null | undefined): string {
  if (!value) return '';
  if (DAY_ONLY.test(value)) return value;
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : value;
}

/** The ids of one report of the client, as every report call takes them. */
export interface ReportIds {
  clientId: number;
  reportId: number;
}

/** Spec 2.12, Detail: a kind's record list filtered to the report (by the list's report id field). */
export function reportListPath(listPath: string, reportField: string, { clientId, reportId }: ReportIds): string {
  const filters = JSON.stringify([{ key: reportField, values: [reportId] }]);
  return `${listPath}?clientId=${clientId}&filters=${encodeURIComponent(filters)}`;
}

/** The report calls' root of each kind (`/api/ec-report/download-template` …). */
export type ReportApiRoot = '/api/ec-report' | '/api/ws-report' | '/api/sns-report';

/** GET downloads, opened in a new window; the session cookie signs them in (never a token in the query). */
export function templateUrl(root: ReportApiRoot, clientId: number): string {
  return downloadHref(`${root}/download-template`, { clientId });
}

export function reportDownloadUrl(root: ReportApiRoot, { clientId, reportId }: ReportIds): string {
  return downloadHref(`${root}/download-report`, { clientId, reportId });
}
