import { ALL_ROLES } from '@portal/contract';
import type { CallRegistrar, TenantRule } from '../../platform/call.js';
import * as alerts from './service.js';

/**
 * Alert preferences: every signed-in user, their own settings only. A change names a client: the tenancy rule
 * (client users their own company, analysts the clients they manage, administrators any) is the registry's.
 */
export function registerAlertCalls(call: CallRegistrar): void {
  const named: TenantRule = { field: 'clientId', analysts: 'managers' };
  call('/api/user/fetch-alert-settings', { roles: ALL_ROLES, access: 'read', transaction: false, handler: (ctx) => alerts.fetchSettings(ctx) });
  call('/api/user/update-alert-settings', { roles: ALL_ROLES, access: 'write', tenant: named, handler: (ctx, i) => alerts.updateSettings(ctx, i) });
}
