import { Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as service from './service.js';

/** A record's re-check after a takedown: read by analysts and the client's own users (published records). */
export function registerTakedownRecheckCalls(call: CallRegistrar): void {
  call('/api/takedown-recheck/get-record', {
    roles: Role.CLIENT | Role.ANALYST,
    access: 'read',
    tenant: { field: 'clientId', analysts: 'any' },
    transaction: false,
    handler: (ctx, i) => service.recordRecheck(ctx, i),
  });
}
