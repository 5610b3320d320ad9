import { ALL_ROLES, Role } from '@portal/contract';
import type { CallRegistrar } from '../../platform/call.js';
import * as news from './news.js';
import * as notices from './service.js';

/** Document 2 "News, notices": everyone signed in reads news and their own notices; administrators keep the news. */
export function registerNoticeCalls(call: CallRegistrar): void {
  call('/api/notication/unviewed-notice-count', { roles: ALL_ROLES, access: 'read', transaction: false, handler: async (ctx) => ({ unviewed: await notices.unviewedCount(ctx) }) });
  call('/api/notication/search-notification', { roles: ALL_ROLES, access: 'read', transaction: false, handler: (ctx, input) => notices.search(ctx, input) });
  call('/api/notication/view-notification', { roles: ALL_ROLES, access: 'write-own', handler: (ctx, input) => notices.view(ctx, input.noticeId) });
  call('/api/ipf-news', { roles: ALL_ROLES, access: 'read', transaction: false, handler: (ctx, input) => news.list(ctx, input.page, input.pageSize) });
  call('/api/admin/news/create', { roles: Role.ADMIN, access: 'write-portal', handler: (ctx, input) => news.create(ctx, input) });
  call('/api/admin/news/update', { roles: Role.ADMIN, access: 'write-portal', handler: (ctx, input) => news.update(ctx, input) });
  call('/api/admin/news/remove', { roles: Role.ADMIN, access: 'write-portal', handler: (ctx, input) => news.remove(ctx, input.newsId) });
}
