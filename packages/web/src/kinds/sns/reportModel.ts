import type { StandardReportDescription } from '../../records/reports/StandardReportPanel';
import { SNS_RECORD_READS } from './snsModel';

/** The SNS report tab's description for the shared standard report panel. */

/** The SNS report's calls, list and queries (no inherit, no repeat removal). */
export const SNS_REPORT: StandardReportDescription = {
  testPrefix: 'sns',
  base: '/api/sns-report',
  listPath: '/sns-list',
  recordReads: SNS_RECORD_READS,
};
