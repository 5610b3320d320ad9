import { Role, TRADEMARK_IMAGE_MAX_BYTES } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import { removeImage, serveImage, uploadImage } from './images.js';
import { sendRegistrationRequest } from './requests.js';
import * as service from './service.js';

/**
 * Document 2, trademarks: client users on their own company's trademarks, analysts on every client's (section 6);
 * administrators who are not analysts have no trademark screens. Requests are for client users only.
 */
export function registerTrademarkCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.CLIENT | Role.ANALYST;
  const own = { field: 'clientId', analysts: 'any' as const };
  const ownOrAll = { ...own, optional: true };
  const image = { maxBytes: TRADEMARK_IMAGE_MAX_BYTES };
  call('/api/trademark/search-trademarks', { roles, tenant: ownOrAll, transaction: false, handler: (ctx, i) => service.search(ctx, i) });
  call('/api/trademark/get-trademark', { roles, transaction: false, handler: (ctx, i) => service.get(ctx, i.trademarkId) });
  call('/api/trademark/create-trademark', { roles, tenant: ownOrAll, handler: (ctx, i) => service.create(ctx, i) });
  call('/api/trademark/update-trademark', { roles, handler: (ctx, i) => service.update(ctx, i) });
  call('/api/trademark/remove-trademark', { roles, handler: (ctx, i) => service.remove(ctx, i.trademarkId) });
  call('/api/trademark/upload-image', { roles, tenant: own, upload: image, handler: (ctx, i) => uploadImage(ctx, i) });
  call('/api/trademark/remove-image', { roles, tenant: own, handler: (ctx, i) => removeImage(ctx, i) });
  call('/api/trademark/registration', { roles: Role.CLIENT, upload: image, handler: (ctx, i) => sendRegistrationRequest(ctx, i) });
  download('/api/trademark/get-trademark-image', { roles, handler: (ctx, q) => serveImage(ctx, q) });
}
