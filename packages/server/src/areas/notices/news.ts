import type { NewsItem } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';

/** News items: newest first; administrators add, edit and remove them. */

type NewsRow = { id: number; title: string; url: string; news_date: string };
const present = (r: NewsRow): NewsItem => ({ id: r.id, title: r.title, url: r.url, date: r.news_date });

/** The items for everyone and those written for readers of the request's language. */
const forReader = (ctx: AuthedContext) => ctx.db.selectFrom('news').where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '=', ctx.locale)]));

export async function list(ctx: AuthedContext, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    forReader(ctx).select(['id', 'title', 'url', 'news_date']).orderBy('news_date', 'desc').orderBy('id', 'desc').offset((page - 1) * pageSize).limit(pageSize).execute(),
    forReader(ctx).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { news: rows.map(present), total: Number(total.n) };
}

const today = (now: Date) => now.toISOString().slice(0, 10);

export async function create(ctx: AuthedContext, input: { title: string; url: string; date?: string | undefined }) {
  const row = await ctx.db
    .insertInto('news')
    .values({ title: input.title, url: input.url, news_date: input.date ?? today(ctx.now), created_at: ctx.now })
    .returning(['id', 'title', 'url', 'news_date'])
    .executeTakeFirstOrThrow();
  return { news: present(row) };
}

export async function update(ctx: AuthedContext, input: { newsId: number; title: string; url: string; date?: string | undefined }) {
  const row = await ctx.db
    .updateTable('news')
    .set({ title: input.title, url: input.url, ...(input.date && { news_date: input.date }) })
    .where('id', '=', input.newsId)
    .returning(['id', 'title', 'url', 'news_date'])
    .executeTakeFirst();
  if (!row) fail('objectNotFound');
  return { news: present(row) };
}

export async function remove(ctx: AuthedContext, newsId: number) {
  const res = await ctx.db.deleteFrom('news').where('id', '=', newsId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) fail('objectNotFound');
  return {};
}
