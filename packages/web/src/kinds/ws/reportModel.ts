import type { StandardReportDescription } from '../../records/reports/StandardReportPanel';
import { WS_RECORD_READS } from './wsModel';

/** The WS report tab's description for the shared standard report panel. */

/** The WS report's calls, list and queries (no inherit, no repeat removal). */
export const WS_REPORT: StandardReportDescription = {
  testPrefix: 'ws',
  base: '/api/ws-report',
  listPath: '/ws-list',
  recordReads: WS_RECORD_READS,
};
