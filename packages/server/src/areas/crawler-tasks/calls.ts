import { STAFF_ROLES, TaskStatus } from '@portal/contract';
import type { CallRegistrar, DownloadRegistrar, OwnerRule, TenantRule } from '../../platform/call.js';
import { download as exportTask } from './downloads.js';
import * as tasks from './service.js';

/**
 * Document 3 "Crawler tasks": analysts and administrators only. Staff read every client's tasks; a change is for
 * the client's managers (administrators: any client), found from the task or subtask the call names.
 */
export function registerCrawlerTaskCalls(call: CallRegistrar, download: DownloadRegistrar): void {
  const roles = STAFF_ROLES;
  download('/api/ec-crawler-command/download', {
    roles,
    handler: (ctx, q) => exportTask(ctx, q),
  });
  const named: TenantRule = { field: 'clientId', analysts: 'managers' };
  const task: OwnerRule = { object: 'crawler task', clientOf: (db, i) => tasks.ownerOfTask(db, Number(i.taskId)) };
  const subtask: OwnerRule = { object: 'crawler subtask', clientOf: (db, i) => tasks.ownerOfSubtask(db, Number(i.subtaskId)) };
  call('/api/ec-crawler-task', { roles, access: 'read', transaction: false, handler: (ctx, i) => tasks.list(ctx, i) });
  call('/api/ec-crawler-task/detail', { roles, access: 'read', transaction: false, handler: (ctx, i) => tasks.detail(ctx, i.taskId) });
  call('/api/ec-crawler-task/fetch-progress', { roles, access: 'read', transaction: false, handler: (ctx, i) => tasks.progress(ctx, i.taskIds) });
  // The add-URL modal's sites: the analysts' site list is theirs alone, and administrators make tasks too.
  call('/api/ec-crawler-task/fetch-sites', { roles, access: 'read', transaction: false, handler: (ctx) => tasks.sites(ctx) });
  call('/api/ec-crawler-task/create', { roles, access: 'write', tenant: named, handler: (ctx, i) => tasks.create(ctx, i) });
  call('/api/ec-crawler-task/update', { roles, access: 'write', owner: task, handler: (ctx, i) => tasks.update(ctx, i) });
  call('/api/ec-crawler-task/remove', { roles, access: 'write', owner: task, handler: (ctx, i) => tasks.remove(ctx, i.taskId) });
  call('/api/ec-crawler-task/clone', { roles, access: 'write', owner: task, handler: (ctx, i) => tasks.clone(ctx, i.taskId) });
  call('/api/ec-crawler-subtask/create', { roles, access: 'write', owner: task, handler: (ctx, i) => tasks.createSubtask(ctx, i) });
  call('/api/ec-crawler-subtask/update', { roles, access: 'write', owner: task, handler: (ctx, i) => tasks.updateSubtask(ctx, i) });
  call('/api/ec-crawler-subtask/remove', { roles, access: 'write', owner: subtask, handler: (ctx, i) => tasks.removeSubtask(ctx, i.subtaskId) });
  // The workers are woken once the start is committed (a wake that comes too early finds nothing and tries again).
  call('/api/ec-crawler-command/start', {
    roles,
    access: 'write',
    owner: task,
    handler: async (ctx, i) => {
      const answer = await tasks.start(ctx, i);
      ctx.services.crawler.wakeSoon(answer.task.subtasks.filter((s) => s.status === TaskStatus.PENDING).map((s) => s.id));
      return answer;
    },
  });
  call('/api/ec-crawler-command/stop', { roles, access: 'write', owner: task, handler: (ctx, i) => tasks.stop(ctx, i) });
}
