import { STAFF_ROLES } from '@portal/contract';
import type { CallRegistrar, OwnerRule, TenantRule } from '../../platform/call.js';
import { ownerOfTask } from '../crawler-tasks/repo.js';
import { ownerOfWatch } from './queries.js';
import * as watches from './service.js';

/**
 * Watches (spec README "Watches and webhooks"): staff read every client's watches, as they read the crawler tasks;
 * a change is for the client's managers (administrators: any client), found from the watch, run or task named.
 */
export function registerWatchCalls(call: CallRegistrar): void {
  const roles = STAFF_ROLES;
  const named: TenantRule = { field: 'clientId', analysts: 'managers' };
  const watch: OwnerRule = { object: 'watch', clientOf: (db, i) => ownerOfWatch(db, Number(i.watchId)) };
  const task: OwnerRule = { object: 'crawler task', clientOf: (db, i) => ownerOfTask(db, Number(i.taskId)) };
  call('/api/watch/fetch', { roles, access: 'read', transaction: false, handler: (ctx, i) => watches.list(ctx, i) });
  call('/api/watch/detail', { roles, access: 'read', transaction: false, handler: (ctx, i) => watches.detail(ctx, i.watchId) });
  call('/api/watch/fetch-runs', { roles, access: 'read', transaction: false, handler: (ctx, i) => watches.runs(ctx, i) });
  call('/api/watch/fetch-run-changes', { roles, access: 'read', transaction: false, handler: (ctx, i) => watches.runChanges(ctx, i) });
  call('/api/watch/create', { roles, access: 'write', tenant: named, handler: (ctx, i) => watches.create(ctx, i) });
  call('/api/watch/create-from-task', { roles, access: 'write', owner: task, handler: (ctx, i) => watches.fromTask(ctx, i) });
  call('/api/watch/update', { roles, access: 'write', owner: watch, handler: (ctx, i) => watches.update(ctx, i) });
  call('/api/watch/pause', { roles, access: 'write', owner: watch, handler: (ctx, i) => watches.setPaused(ctx, i.watchId, true) });
  call('/api/watch/resume', { roles, access: 'write', owner: watch, handler: (ctx, i) => watches.setPaused(ctx, i.watchId, false) });
  call('/api/watch/remove', { roles, access: 'write', owner: watch, handler: (ctx, i) => watches.remove(ctx, i.watchId) });
  // The workers are woken once the start is committed (a wake that comes too early finds nothing and tries again).
  call('/api/watch/run-now', {
    roles,
    access: 'write',
    owner: watch,
    handler: async (ctx, i) => {
      const { subtaskIds, ...answer } = await watches.runNow(ctx, i.watchId);
      ctx.services.crawler.wakeSoon(subtaskIds);
      return answer;
    },
  });
}
