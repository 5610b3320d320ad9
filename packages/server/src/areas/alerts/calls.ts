import { ALL_ROLES } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as alerts from './service.js';

/** Alert preferences: every signed-in user, their own settings only (the service checks which clients they see). */
export function registerAlertCalls(call: CallRegistrar): void {
  call('/api/user/fetch-alert-settings', { roles: ALL_ROLES, access: 'read', transaction: false, handler: (ctx) => alerts.fetchSettings(ctx) });
  call('/api/user/update-alert-settings', { roles: ALL_ROLES, access: 'write-own', handler: (ctx, i) => alerts.updateSettings(ctx, i) });
}
