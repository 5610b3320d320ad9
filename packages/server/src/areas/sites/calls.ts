import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as recipes from './recipe-learning.js';
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
  // Teaching the crawler by example: reads pages of the site, writes nothing (the recipe is saved by update-ec-site).
  call('/api/analyst/ec-site/fetch-page', { roles, access: 'read', transaction: false, handler: (ctx, i) => recipes.openPage(ctx, i) });
  call('/api/analyst/ec-site/get-learnt-recipe', { roles, access: 'read', transaction: false, handler: (ctx, i) => recipes.learnRecipe(ctx, i) });
  call('/api/analyst/ec-site/get-recipe-reading', { roles, access: 'read', transaction: false, handler: (ctx, i) => recipes.tryRecipe(ctx, i) });
  call('/api/analyst/ec-account/remove', { roles, access: 'write-portal', handler: (ctx, i) => sites.removeAccount(ctx, i.id) });
}
