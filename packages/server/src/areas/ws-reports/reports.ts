import type { WsReport } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { ReportListRow, ReportPart } from '../records/kind.js';
import type { WsTypes } from '../ws-records/kind.js';

/**
 * Website (WS) reports (document 1, 2.12 "WS report tab"; section 7 "Reports (WS)") on the engine's reports
 * (../records/reports.ts): the spec's WS report answer with its categorized, uncategorized and answered counts;
 * client users pick from the reports posted to them.
 */
function presentReport(r: ReportListRow): WsReport {
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

export const WS_REPORTS: ReportPart<WsTypes> = {
  uncategorized: sql<SqlBool>`(e.category_id IS NULL)`,
  counts: { responses: sql<number>`count(*) FILTER (WHERE e.action IS NOT NULL)` },
  present: presentReport,
  clientSees: sql<SqlBool>`p.send_date IS NOT NULL`,
  presentName: (r) => ({ id: r.report_id, reportName: r.report_name }),
};
