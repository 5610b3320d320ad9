import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as accounts from './service.js';

/** Section 7 "Accounts and clients": administrators only, for staff and client users alike. */
export function registerAccountCalls(call: CallRegistrar): void {
  call('/api/admin/search-users', { roles: Role.ADMIN, access: 'read', transaction: false, handler: async (ctx, input) => ({ users: await accounts.search(ctx, input) }) });
  call('/api/admin/get-user', { roles: Role.ADMIN, access: 'read', transaction: false, handler: async (ctx, input) => ({ user: await accounts.get(ctx, input.userId, input.roles) }) });
  call('/api/admin/create-user', { roles: Role.ADMIN, access: 'write-portal', handler: async (ctx, input) => ({ user: await accounts.create(ctx, input) }) });
  call('/api/admin/update-user', { roles: Role.ADMIN, access: 'write-portal', handler: async (ctx, input) => ({ user: await accounts.update(ctx, input) }) });
  call('/api/admin/remove-user', { roles: Role.ADMIN, access: 'write-portal', handler: (ctx, input) => accounts.remove(ctx, input.userId) });
  call('/api/admin/restore-user', { roles: Role.ADMIN, access: 'write-portal', handler: async (ctx, input) => ({ user: await accounts.restore(ctx, input.userId) }) });
}
