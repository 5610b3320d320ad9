import { z } from 'zod';
import { fetchReportsInput, postReportInput, reportActionInput, reportNamesInput, uploadReportInput } from './ec-reports.js';

/**
 * The SNS report tab of the client's Data Settings (spec README, "SNS records"), as document 1's WS report tab:
 * social media (SNS) reports uploaded from spreadsheets, then posted to the client, removed or downloaded. Payloads
 * are the EC ones and the answer has the WS report's names. A refused sheet answers code FILE_REJECTED with `data`
 * as ecReports.uploadProblems.
 */
export const snsReport = z.object({
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
export type SnsReport = z.infer<typeof snsReport>;

export { fetchReportsInput, reportActionInput, postReportInput, uploadReportInput, reportNamesInput };
export const reportsOutput = z.object({ reports: z.array(snsReport) });
/** Answers of report actions: the report list again, and how many records the action touched. */
export const reportActionOutput = z.object({ reports: z.array(snsReport), count: z.number() });
export const uploadReportOutput = z.object({
  reports: z.array(snsReport),
  /** The new report (new upload), or null (update upload). */
  reportId: z.number().nullable(),
  /** Records created (new upload) or updated (update upload). */
  count: z.number(),
});
/** Report names for the SNS list's report filter (`reportId`). */
export const reportNamesOutput = z.object({ reports: z.array(z.object({ id: z.number(), reportName: z.string() })) });
