import type { Locale } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { escapeLike } from '../../platform/search.js';

/** SQL of one user's notices; every query is scoped by the user. */

type Conn = Db | Tx;

export async function countUnviewed(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notice')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('viewed', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NoticeFilter {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  keyword: string;
}

/** A notice as lists show it: whether it has a scope (the records it was about), not the scope itself. */
const COLUMNS = ['id', 'user_id', 'title', 'content', 'type', 'sender', 'target', 'send_date', 'viewed'] as const;
const scoped = sql<boolean>`scope IS NOT NULL`.as('scoped');

function filtered(db: Conn, userId: number, f: NoticeFilter) {
  let q = db.selectFrom('notice').where('user_id', '=', userId);
  if (f.startDate) q = q.where(sql<SqlBool>`send_date::date >= ${f.startDate}::date`);
  if (f.endDate) q = q.where(sql<SqlBool>`send_date::date <= ${f.endDate}::date`);
  const k = f.keyword.trim();
  if (k) q = q.where(sql<SqlBool>`(title ILIKE ${`%${escapeLike(k)}%`} OR content ILIKE ${`%${escapeLike(k)}%`})`);
  return q;
}

export async function search(db: Conn, userId: number, f: NoticeFilter, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    filtered(db, userId, f).select([...COLUMNS, scoped]).orderBy('send_date', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    filtered(db, userId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findOwn(db: Conn, userId: number, noticeId: number) {
  return db.selectFrom('notice').select([...COLUMNS, scoped]).where('id', '=', noticeId).where('user_id', '=', userId).executeTakeFirst();
}

export async function markViewed(db: Conn, userId: number, noticeId: number): Promise<void> {
  await db.updateTable('notice').set({ viewed: true }).where('id', '=', noticeId).where('user_id', '=', userId).execute();
}

export async function insertMany(
  db: Conn,
  rows: { user_id: number; title: string; content: string; type: number; sender: string; target: string; send_date: Date; scope?: string | null }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('notice').values(rows).execute();
}

export function liveUsersOfClient(db: Conn, clientId: number) {
  return db
    .selectFrom('users')
    .select(['user_id', 'user_locale'])
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .where(sql<SqlBool>`(user_role & 1) <> 0`)
    .execute();
}

// News items (news.ts).

const newsColumns = ['id', 'title', 'url', 'news_date'] as const;

/** The items for everyone and those written for readers of the language. */
const newsFor = (db: Conn, locale: Locale) => db.selectFrom('news').where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '=', locale)]));

/** One page of a reader's news, newest first, and how many there are in all. */
export async function listNews(db: Conn, locale: Locale, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    newsFor(db, locale).select(newsColumns).orderBy('news_date', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    newsFor(db, locale).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function insertNews(db: Conn, values: { title: string; url: string; news_date: string; created_at: Date }) {
  return db.insertInto('news').values(values).returning(newsColumns).executeTakeFirstOrThrow();
}

/** The item as changed, or undefined when there is no such item. */
export function updateNews(db: Conn, newsId: number, changes: { title: string; url: string; news_date?: string }) {
  return db.updateTable('news').set(changes).where('id', '=', newsId).returning(newsColumns).executeTakeFirst();
}

/** How many rows went: 0 when there is no such item. */
export async function deleteNews(db: Conn, newsId: number): Promise<number> {
  const res = await db.deleteFrom('news').where('id', '=', newsId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
