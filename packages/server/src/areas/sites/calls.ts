import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as sites from './service.js';

/** Document 2 "Marketplace site master": analysts only (the accounts carry secrets). */
export function registerSiteCalls(call: CallRegistrar): void {
  const roles = Role.ANALYST;
  call('/api/analyst/fetch-ec-sites', { roles, transaction: false, handler: (ctx, i) => sites.list(ctx, i) });
  call('/api/analyst/get-ec-site', { roles, transaction: false, handler: (ctx, i) => sites.get(ctx, i.siteId) });
  call('/api/analyst/create-ec-site', { roles, handler: (ctx, i) => sites.create(ctx, i) });
  call('/api/analyst/update-ec-site', { roles, handler: (ctx, i) => sites.update(ctx, i) });
  call('/api/analyst/remove-ec-site', { roles, handler: (ctx, i) => sites.remove(ctx, i.siteId) });
  call('/api/analyst/ec-account/fetch', { roles, transaction: false, handler: (ctx, i) => sites.fetchAccounts(ctx, i.siteId) });
  call('/api/analyst/ec-account/add', { roles, handler: (ctx, i) => sites.addAccount(ctx, i) });
  call('/api/analyst/ec-account/update', { roles, handler: (ctx, i) => sites.updateAccount(ctx, i) });
  call('/api/analyst/ec-account/remove', { roles, handler: (ctx, i) => sites.removeAccount(ctx, i.id) });
}
