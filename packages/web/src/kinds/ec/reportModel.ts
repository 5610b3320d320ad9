import type { EcReport } from '@portal/contract';

/** The EC report tab's own parts (spec document 1, section 3); the shared ones are in ../reports/model.ts. */

/** The client's EC reports (cached by client); every report action answers the whole list, which replaces the cached one. */
export const EC_REPORT_LIST = '/api/ec-report/fetch-reports';

/** Spec 3: the categorized count is the scrape count minus the uncategorized count (never below 0). */
export function categorizedCount(report: Pick<EcReport, 'report_scrape_count' | 'report_uncategrize_count'>): number {
  return Math.max(0, report.report_scrape_count - report.report_uncategrize_count);
}
