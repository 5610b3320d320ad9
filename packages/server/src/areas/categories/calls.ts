import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as categories from './service.js';

/**
 * Document 2 "Infringement categories": analysts keep them. Client users may read the list too: their record
 * screens name each record's category (the names are the provider's vocabulary, not another client's data).
 */
export function registerCategoryCalls(call: CallRegistrar): void {
  const roles = Role.ANALYST;
  call('/api/analyst/fetch-infringement-categories', { roles: Role.ANALYST | Role.CLIENT, access: 'read', transaction: false, handler: (ctx) => categories.list(ctx) });
  call('/api/analyst/create-infringement-category', { roles, access: 'write-portal', handler: (ctx, i) => categories.create(ctx, i) });
  call('/api/analyst/update-infringement-category', { roles, access: 'write-portal', handler: (ctx, i) => categories.update(ctx, i) });
  call('/api/analyst/remove-infringement-category', { roles, access: 'write-portal', handler: (ctx, i) => categories.remove(ctx, i.categoryId) });
  call('/api/analyst/fetch-infringement-subcategories', { roles, access: 'read', transaction: false, handler: (ctx, i) => categories.subcategories(ctx, i.categoryId) });
  call('/api/analyst/create-infringement-subcategory', { roles, access: 'write-portal', handler: (ctx, i) => categories.createSub(ctx, i) });
  call('/api/analyst/update-infringement-subcategory', { roles, access: 'write-portal', handler: (ctx, i) => categories.updateSub(ctx, i) });
  call('/api/analyst/remove-infringement-subcategory', { roles, access: 'write-portal', handler: (ctx, i) => categories.removeSub(ctx, i.categoryId, i.subcategoryId) });
}
