import type { ReportPart } from '../../records/core/kind.js';
import { presentPostedReport, presentReportName } from '../../records/reports/report-parts.js';
import { ANSWERED_COUNTS, POSTED } from '../../records/reports/report-queries.js';
import type { SnsTypes } from './kind.js';
import { UNCATEGORIZED } from './queries.js';

/**
 * Social media reports (the SNS report tab of the client's Data Settings, as the WS report tab) on the engine's
 * reports: a record without an SNS category is uncategorized.
 */
export const SNS_REPORTS: ReportPart<SnsTypes> = {
  uncategorized: UNCATEGORIZED,
  counts: ANSWERED_COUNTS,
  present: presentPostedReport,
  clientSees: POSTED,
  presentName: presentReportName,
};
