import type { ReportListRow } from '../core/kind.js';

/**
 * The report answer of document 1's WS report tab, which the later kinds (SNS) share: the report with its record,
 * categorized, uncategorized and answered counts; client users pick from the reports posted to them (the SQL of
 * both, ANSWERED_COUNTS and POSTED, is in report-queries.ts).
 */
export interface PostedReport {
  id: number;
  reportName: string;
  uploadDate: string;
  recordCount: number;
  sendDate: string | null;
  categrizeCount: number;
  uncategrizeCount: number;
  responseCount: number;
}

export function presentPostedReport(r: ReportListRow): PostedReport {
  return {
    id: r.report_id,
    reportName: r.report_name,
    uploadDate: r.upload_date.toISOString(),
    recordCount: r.records,
    sendDate: r.send_date ? r.send_date.toISOString() : null,
    categrizeCount: r.categorized,
    uncategrizeCount: r.uncategorized,
    responseCount: Number(r.counts.responses ?? 0),
  };
}

export const presentReportName = (r: { report_id: number; report_name: string }) => ({ id: r.report_id, reportName: r.report_name });
