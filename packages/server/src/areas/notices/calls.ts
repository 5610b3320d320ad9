import { ALL_ROLES } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import { unviewedCount } from './service.js';

/** The notice centre comes with its own issue; the menu badge's count is part of the shell. */
export function registerNoticeCalls(call: CallRegistrar): void {
  call('/api/notication/unviewed-notice-count', {
    roles: ALL_ROLES,
    transaction: false,
    handler: async (ctx) => ({ unviewed: await unviewedCount(ctx) }),
  });
}
