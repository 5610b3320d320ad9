import { ALL_ROLES } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import { countUnviewed } from './repo.js';

/** The notice centre comes with its own issue; the menu badge's count is part of the shell. */
export function registerNoticeCalls(call: CallRegistrar): void {
  call('/api/notication/unviewed-notice-count', {
    roles: ALL_ROLES,
    transaction: false,
    handler: async (ctx) => ({ unviewed: await countUnviewed(ctx.db, ctx.user.userId) }),
  });
}
