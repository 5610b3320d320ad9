import type { Db, Tx } from '../../platform/db.js';
import type { ApiKeyRow } from '../../platform/schema.js';

/** SQL of users' API keys; the key itself never reaches the database, only its hash. */

type Conn = Db | Tx;

export async function countKeysOf(db: Conn, userId: number): Promise<number> {
  const held = await db.selectFrom('api_key').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(held.n);
}

export function insertKey(db: Conn, key: { keyHash: string; userId: number; name: string; createdAt: Date; expiresAt: Date | null }): Promise<ApiKeyRow> {
  return db
    .insertInto('api_key')
    .values({ key_hash: key.keyHash, user_id: key.userId, name: key.name, created_at: key.createdAt, expires_at: key.expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function keysOf(db: Conn, userId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_key').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Every key with its owner's name and mail address; of one user when `userId` is given. */
export function keysWithOwners(db: Conn, userId: number | undefined) {
  let q = db
    .selectFrom('api_key as k')
    .innerJoin('users as u', 'u.user_id', 'k.user_id')
    .selectAll('k')
    .select(['u.user_name', 'u.user_mail'])
    .orderBy('k.id');
  if (userId !== undefined) q = q.where('k.user_id', '=', userId);
  return q.execute();
}

/** Deletes the key (only if `ownerId` owns it, when given); its hash, or undefined when no such key was deleted. */
export async function deleteKey(db: Conn, keyId: number, ownerId?: number): Promise<string | undefined> {
  let q = db.deleteFrom('api_key').where('id', '=', keyId);
  if (ownerId !== undefined) q = q.where('user_id', '=', ownerId);
  const gone = await q.returning('key_hash').executeTakeFirst();
  return gone?.key_hash;
}
