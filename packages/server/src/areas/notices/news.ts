import type { NewsItem } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import * as repo from './repo.js';

/** News items: newest first; administrators add, edit and remove them. */

type NewsRow = { id: number; title: string; url: string; news_date: string };
const present = (r: NewsRow): NewsItem => ({ id: r.id, title: r.title, url: r.url, date: r.news_date });

export async function list(ctx: AuthedContext, page: number, pageSize: number) {
  const { rows, total } = await repo.listNews(ctx.db, ctx.locale, (page - 1) * pageSize, pageSize);
  return { news: rows.map(present), total };
}

const today = (now: Date) => now.toISOString().slice(0, 10);

export async function create(ctx: AuthedContext, input: { title: string; url: string; date?: string | undefined }) {
  const row = await repo.insertNews(ctx.db, { title: input.title, url: input.url, news_date: input.date ?? today(ctx.now), created_at: ctx.now });
  return { news: present(row) };
}

export async function update(ctx: AuthedContext, input: { newsId: number; title: string; url: string; date?: string | undefined }) {
  const row = await repo.updateNews(ctx.db, input.newsId, { title: input.title, url: input.url, ...(input.date && { news_date: input.date }) });
  if (!row) fail('objectNotFound');
  return { news: present(row) };
}

export async function remove(ctx: AuthedContext, newsId: number) {
  if ((await repo.deleteNews(ctx.db, newsId)) === 0) fail('objectNotFound');
  return {};
}
