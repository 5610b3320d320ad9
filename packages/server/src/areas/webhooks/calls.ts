import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as webhooks from './service.js';

/**
 * Webhooks (issue 30, point 4; spec README "Watches and webhooks"): a client's managing analysts and its own users
 * (their company only). Calls naming an endpoint find its client first (endpointOwner).
 */
export function registerWebhookCalls(call: CallRegistrar): void {
  const roles = Role.CLIENT | Role.ANALYST | Role.ADMIN;
  const managers = { field: 'clientId', analysts: 'managers' as const };
  const owner = webhooks.endpointOwner;
  call('/api/webhook/create', { roles, access: 'write', tenant: managers, handler: (ctx, i) => webhooks.create(ctx, i) });
  call('/api/webhook/fetch', { roles, access: 'read', tenant: managers, handler: (ctx, i) => webhooks.list(ctx, i.clientId) });
  call('/api/webhook/update', { roles, access: 'write', owner, handler: (ctx, i) => webhooks.update(ctx, i) });
  call('/api/webhook/remove', { roles, access: 'write', owner, handler: (ctx, i) => webhooks.remove(ctx, i.endpointId) });
  call('/api/webhook/send-test', { roles, access: 'write', owner, handler: (ctx, i) => webhooks.sendTest(ctx, i.endpointId) });
  call('/api/webhook/fetch-deliveries', { roles, access: 'read', handler: (ctx, i) => webhooks.deliveries(ctx, i) });
}
