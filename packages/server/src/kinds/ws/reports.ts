import type { ReportPart } from '../../records/core/kind.js';
import { presentPostedReport, presentReportName } from '../../records/reports/report-parts.js';
import { ANSWERED_COUNTS, POSTED } from '../../records/reports/report-queries.js';
import type { WsTypes } from './kind.js';
import { UNCATEGORIZED } from './queries.js';

/**
 * Website (WS) reports (document 1, 2.12 "WS report tab"; section 7 "Reports (WS)") on the engine's reports
 * (records/reports/reports.ts): a record without a site category is uncategorized.
 */
export const WS_REPORTS: ReportPart<WsTypes> = {
  uncategorized: UNCATEGORIZED,
  counts: ANSWERED_COUNTS,
  present: presentPostedReport,
  clientSees: POSTED,
  presentName: presentReportName,
};
