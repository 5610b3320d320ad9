import type { StandardReportDescription } from '../reports/StandardReportPanel';
import { wsKeys } from '../ws-records/wsModel';

/** The WS report tab's own parts: its query keys and its description for the shared standard report panel. */

export const wsReportKeys = {
  all: ['ws-reports'] as const,
  list: (clientId: number) => ['ws-reports', clientId] as const,
};

/** The WS report's calls, list and queries (no inherit, no repeat removal). */
export const WS_REPORT: StandardReportDescription = {
  testPrefix: 'ws',
  base: '/api/ws-report',
  listPath: '/ws-list',
  queryKey: wsReportKeys.list,
  recordQueries: wsKeys.all,
};
