import type { EcReport } from '@portal/contract';
import { deleteReportEvidence } from './evidence.js';
import type { EcTypes } from './kind.js';
import { CLIENT_SEES_REPORT, REPORT_COUNTS, UNCATEGORIZED } from './queries.js';
import type { ReportListRow, ReportPart } from '../../records/core/kind.js';

/**
 * Marketplace (EC) reports on the engine's reports (records/reports/reports.ts): the spec's EC report answer with its
 * counts (repeats, responses, need-to-check, inherited), the names a client user may pick, and the evidence that
 * goes with removed records.
 */

const count = (v: number | string | null | undefined) => Number(v ?? 0);

function presentReport(r: ReportListRow): EcReport {
  const responseDate = r.counts.response_date;
  return {
    report_id: r.report_id,
    report_name: r.report_name,
    report_upload_date: r.upload_date.toISOString(),
    report_scrape_count: r.records,
    report_repeat_count: count(r.counts.repeat),
    report_send_date: r.send_date ? r.send_date.toISOString() : null,
    report_uncategrize_count: r.uncategorized,
    report_response_date: typeof responseDate === 'string' ? responseDate : null,
    report_response_count: count(r.counts.responses),
    report_need_check_count: count(r.counts.need_check),
    report_inherited_count: count(r.counts.inherited),
    report_uploaded_by: r.user_name ?? '',
  };
}

export const EC_REPORTS: ReportPart<EcTypes> = {
  uncategorized: UNCATEGORIZED,
  counts: REPORT_COUNTS,
  present: presentReport,
  // Client users see the reports with records posted to them.
  clientSees: CLIENT_SEES_REPORT,
  presentName: (r) => ({ report_id: r.report_id, report_name: r.report_name }),
  removeAlso: deleteReportEvidence,
};

