import { Role, TRADEMARK_IMAGE_MAX_BYTES } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar, OwnerRule } from '../../platform/call.js';
import { removeImage, serveImage, uploadImage } from './images.js';
import { sendRegistrationRequest } from './requests.js';
import { ownerOfTrademark } from './repo.js';
import * as service from './service.js';

/**
 * Document 2, trademarks: client users on their own company's trademarks; analysts read every client's (section 6)
 * and change those of the clients they manage; administrators who are not analysts have no trademark screens.
 * Requests are for client users only.
 */
export function registerTrademarkCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.CLIENT | Role.ANALYST;
  const own = { field: 'clientId', analysts: 'any' as const };
  const managers = { field: 'clientId', analysts: 'managers' as const };
  const trademark: OwnerRule = { object: 'trademark', clientOf: (db, i) => ownerOfTrademark(db, Number(i.trademarkId)) };
  const image = { maxBytes: TRADEMARK_IMAGE_MAX_BYTES };
  call('/api/trademark/search-trademarks', { roles, access: 'read', tenant: { ...own, optional: true }, transaction: false, handler: (ctx, i) => service.search(ctx, i) });
  call('/api/trademark/get-trademark', { roles, access: 'read', transaction: false, handler: (ctx, i) => service.get(ctx, i.trademarkId) });
  call('/api/trademark/create-trademark', { roles, access: 'write', tenant: { ...managers, optional: true }, handler: (ctx, i) => service.create(ctx, i) });
  call('/api/trademark/update-trademark', { roles, access: 'write', owner: trademark, handler: (ctx, i) => service.update(ctx, i) });
  call('/api/trademark/remove-trademark', { roles, access: 'write', owner: trademark, handler: (ctx, i) => service.remove(ctx, i.trademarkId) });
  call('/api/trademark/upload-image', { roles, access: 'write', tenant: managers, upload: image, handler: (ctx, i) => uploadImage(ctx, i) });
  call('/api/trademark/remove-image', { roles, access: 'write', tenant: managers, handler: (ctx, i) => removeImage(ctx, i) });
  call('/api/trademark/registration', { roles: Role.CLIENT, access: 'write-own', upload: image, handler: (ctx, i) => sendRegistrationRequest(ctx, i) });
  download('/api/trademark/get-trademark-image', {
    roles,
    handler: (ctx, q) => serveImage(ctx, q),
  });
}
