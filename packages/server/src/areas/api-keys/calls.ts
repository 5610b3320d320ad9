import { ALL_ROLES, Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as keys from './service.js';

/**
 * Personal API keys (issue 16, point 9). Every user manages their own; administrators see and revoke anyone's.
 * Keys do not manage keys (sessionOnly): a leaked key cannot mint itself a successor or hide by revoking others.
 */
export function registerApiKeyCalls(call: CallRegistrar): void {
  call('/api/user/create-api-key', { roles: ALL_ROLES, access: 'write-own', sessionOnly: true, handler: (ctx, input) => keys.create(ctx, input) });
  call('/api/user/fetch-api-keys', { roles: ALL_ROLES, access: 'read', handler: async (ctx) => ({ apiKeys: await keys.listOwn(ctx) }) });
  call('/api/user/revoke-api-key', { roles: ALL_ROLES, access: 'write-own', sessionOnly: true, handler: (ctx, input) => keys.revokeOwn(ctx, input.keyId) });
  call('/api/admin/fetch-api-keys', { roles: Role.ADMIN, access: 'read', handler: async (ctx, input) => ({ apiKeys: await keys.listAll(ctx, input.userId) }) });
  call('/api/admin/revoke-api-key', { roles: Role.ADMIN, access: 'write-portal', sessionOnly: true, handler: (ctx, input) => keys.revokeAny(ctx, input.keyId) });
}
