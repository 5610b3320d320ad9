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
