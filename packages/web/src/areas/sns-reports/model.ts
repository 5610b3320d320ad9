import type { StandardReportDescription } from '../reports/StandardReportPanel';
import { snsKeys } from '../sns-records/snsModel';

/** The SNS report tab's own parts: its query keys and its description for the shared standard report panel. */

export const snsReportKeys = {
  all: ['sns-reports'] as const,
  list: (clientId: number) => ['sns-reports', clientId] as const,
};

/** The SNS report's calls, list and queries (no inherit, no repeat removal). */
export const SNS_REPORT: StandardReportDescription = {
  testPrefix: 'sns',
  base: '/api/sns-report',
  listPath: '/sns-list',
  queryKey: snsReportKeys.list,
  recordQueries: snsKeys.all,
};
