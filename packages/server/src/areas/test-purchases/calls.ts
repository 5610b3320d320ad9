import { STAFF_ROLES } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as purchases from './service.js';

/** Document 2 "Test purchase": analysts and administrators. */
export function registerTestPurchaseCalls(call: CallRegistrar): void {
  const roles = STAFF_ROLES;
  call('/api/test-purchase/fetch', { roles, transaction: false, handler: (ctx) => purchases.list(ctx) });
  call('/api/test-purchase/add', { roles, handler: (ctx, i) => purchases.add(ctx, i) });
  call('/api/test-purchase/update', { roles, handler: (ctx, i) => purchases.update(ctx, i) });
  call('/api/test-purchase/remove', { roles, handler: (ctx, i) => purchases.remove(ctx, i.id) });
  call('/api/test-purchase/regions', { roles, transaction: false, handler: async () => purchases.regions() });
}
