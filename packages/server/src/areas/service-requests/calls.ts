import { ALL_ROLES } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar, OwnerRule } from '../../platform/call.js';
import { FILE_LIMIT, serveFile, uploadFile } from './files.js';
import { ownerOfRequest } from './repo.js';
import * as service from './service.js';

/**
 * Issue 17, service requests: client users on their own company's; analysts on the clients they manage (reads too);
 * administrators on all. `update` is the staff's, but a client user may cancel (status 5) or confirm a draft.
 */
export function registerServiceRequestCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = ALL_ROLES;
  const managers = { field: 'clientId', analysts: 'managers' as const };
  const request: OwnerRule = { object: 'service request', readers: 'managers', clientOf: (db, i) => ownerOfRequest(db, Number(i.requestId)) };
  call('/api/service-request/create', { roles, access: 'write', tenant: { ...managers, optional: true }, handler: (ctx, i) => service.create(ctx, i) });
  call('/api/service-request/search', { roles, access: 'read', tenant: { ...managers, optional: true }, transaction: false, handler: (ctx, i) => service.search(ctx, i) });
  call('/api/service-request/get', { roles, access: 'read', transaction: false, handler: async (ctx, i) => ({ request: await service.readable(ctx, i.requestId) }) });
  call('/api/service-request/update', { roles, access: 'write', owner: request, handler: (ctx, i) => service.update(ctx, i) });
  call('/api/service-request/add-message', { roles, access: 'write', owner: request, handler: (ctx, i) => service.addMessage(ctx, i) });
  call('/api/service-request/upload-file', { roles, access: 'write', owner: request, upload: FILE_LIMIT, handler: (ctx, i) => uploadFile(ctx, i) });
  call('/api/service-request/remove', { roles, access: 'write', owner: request, handler: (ctx, i) => service.remove(ctx, i.requestId) });
  download('/api/service-request/file', {
    roles,
    handler: (ctx, q) => serveFile(ctx, q),
  });
}
