import { STAFF_ROLES } from '@portal/contract';
import type { CallRegistrar, OwnerRule, TenantRule } from '../../platform/call.js';
import * as purchases from './service.js';

/**
 * Document 2 "Test purchase": analysts and administrators read every client's; a change is for the client's
 * managers (administrators: any client). Moving a purchase to another client needs both: the owner it has now
 * (`owner`) and the one named in `client` (`tenant`).
 */
export function registerTestPurchaseCalls(call: CallRegistrar): void {
  const roles = STAFF_ROLES;
  const named: TenantRule = { field: 'client', analysts: 'managers' };
  const purchase: OwnerRule = { object: 'test purchase', clientOf: (db, i) => purchases.ownerOf(db, Number(i.id)) };
  call('/api/test-purchase/fetch', { roles, access: 'read', transaction: false, handler: (ctx) => purchases.list(ctx) });
  call('/api/test-purchase/add', { roles, access: 'write', tenant: named, handler: (ctx, i) => purchases.add(ctx, i) });
  call('/api/test-purchase/update', { roles, access: 'write', tenant: named, owner: purchase, handler: (ctx, i) => purchases.update(ctx, i) });
  call('/api/test-purchase/remove', { roles, access: 'write', owner: purchase, handler: (ctx, i) => purchases.remove(ctx, i.id) });
  call('/api/test-purchase/regions', { roles, access: 'read', transaction: false, handler: async () => purchases.regions() });
}
