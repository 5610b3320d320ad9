import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as service from './service.js';

/** The acceptance monitor: analysts read any client's, client users only their own company's (403 otherwise). */
export function registerTakedownAcceptanceCalls(call: CallRegistrar): void {
  call('/api/takedown/acceptance', {
    roles: Role.CLIENT | Role.ANALYST,
    access: 'read',
    tenant: { field: 'clientId', analysts: 'any' },
    transaction: false,
    handler: (ctx, i) => service.acceptance(ctx, i),
  });
}
