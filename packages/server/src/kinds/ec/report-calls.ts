import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as reports from './report-service.js';

/**
 * Document 1, 2.12 "EC report tab": the report actions only EC has, for analysts among the client's managers. The
 * report calls every record kind has are registered from EC_KIND (kinds/ec/kind.ts) by the engine.
 */
export function registerEcReportCalls(call: CallRegistrar): void {
  const managers = { field: 'clientId', analysts: 'managers' as const };
  call('/api/ec-report/inherit-records', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => reports.inheritRecords(ctx, i.clientId, i.reportId) });
  call('/api/ec-report/delete-repeat-records', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => reports.deleteRepeats(ctx, i.clientId, i.reportId) });
}
