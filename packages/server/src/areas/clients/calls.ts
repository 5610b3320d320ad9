import { Role, STAFF_ROLES } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as clients from './service.js';

/** Section 7 "Accounts and clients": staff read clients; only administrators change them. */
export function registerClientCalls(call: CallRegistrar): void {
  call('/api/analyst/fetch-clients', { roles: STAFF_ROLES, access: 'read', transaction: false, handler: async (ctx, input) => ({ client: await clients.forSelector(ctx, input.all) }) });
  call('/api/admin/search-clients', { roles: STAFF_ROLES, access: 'read', transaction: false, handler: async (ctx, input) => ({ client: await clients.search(ctx, input) }) });
  call('/api/admin/get-client', { roles: STAFF_ROLES, access: 'read', transaction: false, handler: async (ctx, input) => ({ client: await clients.get(ctx, input.clientId) }) });
  call('/api/admin/create-client', { roles: Role.ADMIN, access: 'write-portal', handler: async (ctx, input) => ({ client: await clients.create(ctx, input) }) });
  call('/api/admin/update-client', { roles: Role.ADMIN, access: 'write-portal', handler: async (ctx, input) => ({ client: await clients.update(ctx, input) }) });
  call('/api/admin/remove-client', { roles: Role.ADMIN, access: 'write-portal', handler: (ctx, input) => clients.remove(ctx, input.clientId) });
  call('/api/admin/restore-client', { roles: Role.ADMIN, access: 'write-portal', handler: async (ctx, input) => ({ client: await clients.restore(ctx, input.clientId) }) });
}
