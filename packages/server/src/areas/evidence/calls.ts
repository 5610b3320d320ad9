import { Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import * as service from './service.js';

/**
 * Evidence captures of EC, WS and SNS records (issue 18): analysts among the client's managers ask for one; whoever
 * may see the record lists them and opens their files.
 */
export function registerEvidenceCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.CLIENT | Role.ANALYST;
  const tenant = { field: 'clientId', analysts: 'any' as const };
  const managers = { field: 'clientId', analysts: 'managers' as const };
  call('/api/evidence/capture', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => service.capture(ctx, i) });
  call('/api/evidence/list', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => service.list(ctx, i) });
  call('/api/evidence/capture-batch', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => service.captureBatch(ctx, i) });
  call('/api/evidence/fetch-progress', { roles: Role.ANALYST, access: 'read', tenant, transaction: false, handler: (ctx, i) => service.progress(ctx, i) });
  download('/api/evidence/file', {
    roles,
    tenant,
    handler: (ctx, q) => service.serveFile(ctx, q),
  });
}
