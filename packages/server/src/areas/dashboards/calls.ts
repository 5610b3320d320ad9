import { ALL_ROLES, Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as rates from './rates.js';
import * as dashboards from './service.js';

/**
 * The online dashboard and home (document 3) read what the client's users see: client users their own company,
 * analysts and administrators any client. Exchange rates are the administrators' (the portal's shared data).
 */
export function registerDashboardCalls(call: CallRegistrar): void {
  call('/api/ec-dashboard/fetch-info', {
    roles: ALL_ROLES,
    access: 'read',
    tenant: { field: 'clientId', analysts: 'any' },
    // The dashboards may read on the standby once it has the caller's own writes (platform/replica.ts).
    replica: 'read-your-writes',
    handler: (ctx, i) => dashboards.fetchInfo(ctx, i),
  });
  call('/api/home-dashboard', {
    roles: ALL_ROLES,
    access: 'read',
    // Client users may leave it out (their company), administrators too (every client); analysts name one.
    tenant: { field: 'clientId', analysts: 'any', optional: true },
    replica: 'read-your-writes',
    handler: (ctx, i) => dashboards.home(ctx, i.clientId),
  });
  call('/api/admin/fetch-exchange-rates', { roles: Role.ADMIN, access: 'read', transaction: false, handler: (ctx) => rates.list(ctx) });
  call('/api/admin/set-exchange-rate', { roles: Role.ADMIN, access: 'write-portal', handler: (ctx, i) => rates.set(ctx, i) });
}
