import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/** SQL of the account lists; single-user reads and writes are shared with the session area's repo. */

type Conn = Db | Tx;

const listColumns = [
  'u.user_id',
  'u.user_name',
  'u.user_mail',
  'u.user_tel',
  'u.user_role',
  'u.user_remarks',
  'u.user_department',
  'u.client_id',
  'c.client_name',
  'u.user_last_used_date',
  'u.user_create_at',
  'u.deleted_at',
] as const;

function accounts(db: Conn) {
  return db.selectFrom('users as u').leftJoin('client as c', 'c.client_id', 'u.client_id').select(listColumns);
}
export type AccountRow = Awaited<ReturnType<ReturnType<typeof accounts>['executeTakeFirstOrThrow']>>;

export function listAccounts(db: Conn, roleMask: number, where: Expression<SqlBool>, removed: boolean): Promise<AccountRow[]> {
  return accounts(db)
    .where(sql<SqlBool>`(u.user_role & ${roleMask}) <> 0`)
    .where(removed ? sql<SqlBool>`u.deleted_at IS NOT NULL` : sql<SqlBool>`u.deleted_at IS NULL`)
    .where(where)
    .orderBy('u.user_id')
    .execute();
}

export function findAccount(db: Conn, userId: number, opts: { removed?: boolean; lock?: boolean } = {}): Promise<AccountRow | undefined> {
  let q = accounts(db)
    .where('u.user_id', '=', userId)
    .where(opts.removed ? sql<SqlBool>`u.deleted_at IS NOT NULL` : sql<SqlBool>`u.deleted_at IS NULL`);
  if (opts.lock) q = q.forUpdate('u');
  return q.executeTakeFirst();
}

export async function setRemoved(db: Conn, userId: number, at: Date | null): Promise<void> {
  await db.updateTable('users').set({ deleted_at: at }).where('user_id', '=', userId).execute();
}
