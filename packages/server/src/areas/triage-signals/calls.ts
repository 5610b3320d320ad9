import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import { sellerClusters } from './service.js';

/**
 * Seller networks (issue 19, point 5): the client's managing analysts and the client's own users read them (client
 * users see networks on their dashboard too); another company's users and non-managing analysts are refused.
 */
export function registerTriageSignalCalls(call: CallRegistrar): void {
  call('/api/triage/seller-clusters', {
    roles: Role.ANALYST | Role.CLIENT,
    access: 'read',
    tenant: { field: 'clientId', analysts: 'managers' },
    handler: (ctx, i) => sellerClusters(ctx, i.clientId),
  });
}
