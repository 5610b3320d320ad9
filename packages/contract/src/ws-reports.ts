import { z } from 'zod';
import { fetchReportsInput, postReportInput, reportActionInput, reportNamesInput, uploadReportInput } from './ec-reports.js';

/**
 * Document 1, 2.12 "WS report tab" and section 7 "Reports (WS)": website reports uploaded from spreadsheets,
 * then posted to the client, removed or downloaded. Payloads are the EC ones; the report answer uses the spec's
 * WS report names; the SNS report tab answers the same. A refused sheet answers code FILE_REJECTED with `data` as ecReports.uploadProblems.
 */
export const wsReport = z.object({
  id: z.number(),
  reportName: z.string(),
  /** ISO timestamp. */
  uploadDate: z.string(),
  recordCount: z.number(),
  /** ISO timestamp of the last post, or null. */
  sendDate: z.string().nullable(),
  categrizeCount: z.number(),
  uncategrizeCount: z.number(),
  /** Records the client has answered (action set). */
  responseCount: z.number(),
});
export type WsReport = z.infer<typeof wsReport>;

export { fetchReportsInput, reportActionInput, postReportInput, uploadReportInput, reportNamesInput };
export const reportsOutput = z.object({ reports: z.array(wsReport) });
/** Answers of report actions: the report list again, and how many records the action touched. */
export const reportActionOutput = z.object({ reports: z.array(wsReport), count: z.number() });
export const uploadReportOutput = z.object({
  reports: z.array(wsReport),
  /** The new report (new upload), or null (update upload). */
  reportId: z.number().nullable(),
  /** Records created (new upload) or updated (update upload). */
  count: z.number(),
});
/** Report names for the list's report filter (`reportId`). */
export const reportNamesOutput = z.object({ reports: z.array(z.object({ id: z.number(), reportName: z.string() })) });
