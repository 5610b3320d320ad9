import { EVIDENCE_MAX_BYTES, PICTURE_MAX_BYTES, Role } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar } from '../../platform/call.js';
import * as evidence from './evidence.js';
import { priceHistory } from './prices.js';
import { searchByPicture } from '../../records/pictures/search-by-picture.js';
import { EC_KIND } from './kind.js';

/**
 * Document 3, marketplace (EC) records: the calls only EC has, its evidence screenshots (analysts among the
 * client's managers add and remove them; whoever may see the record sees them). The calls every record kind has
 * are registered from EC_KIND (./kind.ts) by the engine.
 */
export function registerEcRecordCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = Role.CLIENT | Role.ANALYST;
  const tenant = { field: 'clientId', analysts: 'any' as const };
  const managers = { field: 'clientId', analysts: 'managers' as const };
  call('/api/ec-data/upload-image', { roles: Role.ANALYST, access: 'write', tenant: managers, upload: { maxBytes: EVIDENCE_MAX_BYTES }, handler: (ctx, i) => evidence.upload(ctx, i) });
  call('/api/ec-data/delete-upload-pic', { roles: Role.ANALYST, access: 'write', tenant: managers, handler: (ctx, i) => evidence.remove(ctx, i) });
  call('/api/ec-data/fetch-price-history', { roles, access: 'read', tenant, transaction: false, handler: (ctx, i) => priceHistory(ctx, i.clientId, i.recordId) });
  // Find by picture (issue 31): whoever may search the client's records.
  call('/api/ec-data/search-by-picture', { roles, access: 'read', tenant, upload: { maxBytes: PICTURE_MAX_BYTES }, handler: (ctx, i) => searchByPicture(ctx, EC_KIND, 'ec', i.clientId) });
  download('/api/ec-data/get-upload-pic', {
    roles,
    tenant,
    handler: (ctx, q) => evidence.serve(ctx, q),
  });
}
