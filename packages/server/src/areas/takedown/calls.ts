import { Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import { exportNotices } from './export.js';
import * as service from './service.js';

/**
 * Takedown notices (issue 18): analysts among the client's managers compose, export and mark sent; the client's
 * users (and its analysts) read the notices sent for the company.
 */
export function registerTakedownCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const managers = { field: 'clientId', analysts: 'managers' as const };
  call('/api/takedown/compose', { roles: Role.ANALYST, access: 'write', tenant: managers, transaction: false, handler: (ctx, i) => service.compose(ctx, i) });
  call('/api/takedown/mark-sent', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => service.markSent(ctx, i) });
  call('/api/takedown/fetch-notices', { roles: Role.CLIENT | Role.ANALYST, access: 'read', tenant: { field: 'clientId', analysts: 'any' }, transaction: false, handler: (ctx, i) => service.fetchNotices(ctx, i) });
  download('/api/takedown/export', {
    roles: Role.ANALYST,
    tenant: managers,
    handler: (ctx, q) => exportNotices(ctx, q),
  });
}
