import { isUniqueViolation, type Db, type Tx } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import type { NewUser, UserUpdate } from '../../platform/schema.js';

/** SQL of the session area, no rules. */

type Conn = Db | Tx;

export function findLiveUserByMail(db: Conn, mail: string) {
  return db.selectFrom('users').selectAll().where('user_mail', '=', mail).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findLiveUser(db: Conn, userId: number) {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Inserts a user; a live account with the same mail (even one created a moment ago by a racing request) is mailTaken. */
export async function insertUser(db: Conn, user: NewUser): Promise<number> {
  try {
    const row = await db.insertInto('users').values(user).returning('user_id').executeTakeFirstOrThrow();
    return row.user_id;
  } catch (err) {
    if (isUniqueViolation(err)) fail('mailTaken');
    throw err;
  }
}

export async function updateUser(db: Conn, userId: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('user_id', '=', userId).execute();
}

export function findLiveClient(db: Conn, clientId: number) {
  return db.selectFrom('client').selectAll().where('client_id', '=', clientId).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findClientAnalysts(db: Conn, clientId: number) {
  return db
    .selectFrom('client_manager as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['u.user_id', 'u.user_name', 'u.user_mail', 'u.user_tel'])
    .where('m.client_id', '=', clientId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.user_id')
    .execute();
}

// Verification codes

export function latestOpenCode(db: Conn, mail: string) {
  return db
    .selectFrom('verification_code')
    .selectAll()
    .where('mail', '=', mail)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function latestCodeSentAt(db: Conn, mail: string) {
  return db
    .selectFrom('verification_code')
    .select('created_at')
    .where('mail', '=', mail)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countCodesSince(db: Conn, mail: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('verification_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mail', '=', mail)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new code replaces every open one of the address: only the newest can be used. */
export async function replaceCode(db: Conn, mail: string, codeHash: string, now: Date, expiresAt: Date): Promise<void> {
  await db.updateTable('verification_code').set({ used_at: now }).where('mail', '=', mail).where('used_at', 'is', null).execute();
  await db.insertInto('verification_code').values({ mail, code_hash: codeHash, created_at: now, expires_at: expiresAt }).execute();
}

export async function countWrongTry(db: Conn, id: number): Promise<number> {
  const row = await db
    .updateTable('verification_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: Conn, id: number, now: Date): Promise<boolean> {
  const res = await db.updateTable('verification_code').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
