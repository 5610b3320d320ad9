import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as sites from './service.js';

/** Document 2 "Marketplace site master": analysts only (the accounts carry secrets). */
export function registerSiteCalls(call: CallRegistrar): void {
  const roles = Role.ANALYST;
  call('/api/analyst/fetch-ec-sites', { roles, access: 'read', transaction: false, handler: (ctx, i) => sites.list(ctx, i) });
  call('/api/analyst/get-ec-site', { roles, access: 'read', transaction: false, handler: (ctx, i) => sites.get(ctx, i.siteId) });
  call('/api/analyst/create-ec-site', { roles, access: 'write-portal', handler: (ctx, i) => sites.create(ctx, i) });
  call('/api/analyst/update-ec-site', { roles, access: 'write-portal', handler: (ctx, i) => sites.update(ctx, i) });
  call('/api/analyst/remove-ec-site', { roles, access: 'write-portal', handler: (ctx, i) => sites.remove(ctx, i.siteId) });
  call('/api/analyst/ec-account/fetch', { roles, access: 'read', transaction: false, handler: (ctx, i) => sites.fetchAccounts(ctx, i.siteId) });
  call('/api/analyst/ec-account/add', { roles, access: 'write-portal', handler: (ctx, i) => sites.addAccount(ctx, i) });
  call('/api/analyst/ec-account/update', { roles, access: 'write-portal', handler: (ctx, i) => sites.updateAccount(ctx, i) });
  call('/api/analyst/ec-account/remove', { roles, access: 'write-portal', handler: (ctx, i) => sites.removeAccount(ctx, i.id) });
}
