import type { FastifyRequest } from 'fastify';
import type { Locale } from '@portal/contract';
import type { Services, SessionUser } from './context.js';
import type { Db, Tx } from './db.js';
import { isApiKey, resolveApiKey } from './api-keys.js';
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

/** The live session of a token (or API key), or null when it is unknown, expired or its user was removed. */
export async function resolveSession(services: Services, token: string, now: Date): Promise<SessionUser | null> {
  if (isApiKey(token)) {
    const user = await resolveApiKey(services, token, now);
    // A session token may start like a key by chance (one in 16 million): it is then looked up as a token too.
    if (user) return user;
  }
  if (token.length > 200) return null;
  const tokenHash = sha256(token);
  const at = now.getTime();
  const cached = services.sessions.get(tokenHash, at);
  if (cached && at - cached.lastUsedAt <= TOUCH_EVERY_MS) return cached.user;

  const { db } = services;
  const row = await db
    .selectFrom('session_token as s')
    .innerJoin('users as u', 'u.user_id', 's.user_id')
    .select(['u.user_id', 'u.user_role', 'u.client_id', 'u.user_locale', 's.last_used_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || at - row.last_used_at.getTime() > IDLE_LIMIT_MS) {
    services.sessions.delete(tokenHash);
    if (row) await db.deleteFrom('session_token').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  let lastUsedAt = row.last_used_at.getTime();
  if (at - lastUsedAt > TOUCH_EVERY_MS) {
    await db.updateTable('session_token').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
    lastUsedAt = at;
  }
  const user: SessionUser = {
    userId: row.user_id,
    role: row.user_role,
    clientId: row.client_id,
    locale: row.user_locale as Locale,
    tokenHash,
  };
  services.sessions.set(tokenHash, { user, lastUsedAt }, at);
  return user;
}

export async function revokeToken(services: Services, db: Db | Tx, tokenHash: string): Promise<void> {
  await db.deleteFrom('session_token').where('token_hash', '=', tokenHash).execute();
  await services.bus.publish(db, 'token', tokenHash);
}

/**
 * Ends every session of a user (password change, removal), except optionally the one that made the change.
 * Also call it after changing what a session carries (role, company, locale) so no replica keeps the old one.
 */
export async function revokeUserSessions(services: Services, db: Db | Tx, userId: number, keepTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('session_token').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
  await services.bus.publish(db, 'user', userId);
}

/** After a change to what a session carries (role, company, locale): every replica reloads it. */
export async function refreshUserSessions(services: Services, db: Db | Tx, userId: number): Promise<void> {
  await services.bus.publish(db, 'user', userId);
}

/** Session caching: the bus topics that drop cached sessions, by token or by user. */
export function subscribeSessionCache(services: Services): void {
  services.bus.on('token', (tokenHash) => services.sessions.delete(tokenHash));
  services.bus.on('user', (userId) => services.sessions.deleteWhere((s) => s.user.userId === Number(userId)));
  services.bus.onDropAll(() => services.sessions.clear());
}
