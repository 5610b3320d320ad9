import type { FastifyRequest } from 'fastify';
import type { Locale } from '@portal/contract';
import type { SessionUser } from './context.js';
import type { Db, Tx } from './db.js';
import { newToken, sha256 } from './tokens.js';

/** Tokens expire after this long without use (spec README: 12 hours idle). */
export const IDLE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** last_used_at is written at most this often per token, so a busy session does not write on every call. */
const TOUCH_EVERY_MS = 60 * 1000;

/** `Authorization: Bearer <t>` or a bare token; GET downloads may use the session cookie instead. */
export function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const value = header.trim();
    return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
  }
  if (req.method === 'GET') {
    const cookie = req.cookies?.token;
    if (cookie) return cookie;
  }
  return null;
}

export async function createSession(db: Db | Tx, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insertInto('session_token').values({ token_hash: sha256(token), user_id: userId, created_at: now, last_used_at: now }).execute();
  return token;
}

/** The live session of a token, or null when it is unknown, expired or its user was removed. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  if (token.length > 200) return null;
  const tokenHash = sha256(token);
  const row = await db
    .selectFrom('session_token as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .select(['u.user_id', 'u.user_role', 'u.client_id', 'u.user_locale', 's.last_used_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const idle = now.getTime() - row.last_used_at.getTime();
  if (idle > IDLE_LIMIT_MS) {
    await db.deleteFrom('session_token').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (idle > TOUCH_EVERY_MS) {
    await db.updateTable('session_token').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
  }
  return {
    userId: row.user_id,
    role: row.user_role,
    clientId: row.client_id,
    locale: row.user_locale as Locale,
    tokenHash,
  };
}

export async function revokeToken(db: Db | Tx, tokenHash: string): Promise<void> {
  await db.deleteFrom('session_token').where('token_hash', '=', tokenHash).execute();
}

/** On a password change: every session of the user ends, except (optionally) the one that made the change. */
export async function revokeUserSessions(db: Db | Tx, userId: number, keepTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('session_token').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}
