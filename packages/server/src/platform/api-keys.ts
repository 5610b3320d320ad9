import { API_KEY_PREFIX, type Locale } from '@portal/contract';
import { sql } from 'kysely';
import type { Services, SessionUser } from './context.js';
import type { Db, Tx } from './db.js';
import { AppError } from './errors.js';
import type { ThrottleRule } from './throttle.js';
import { newToken, sha256 } from './tokens.js';

/** Calls one key may make, shared by every replica (the throttle table); a runaway script slows, others go on. */
export const API_KEY_CALLS: ThrottleRule = { limit: 300, windowSeconds: 60 };
/** last_used_at is written at most this often per key, so a busy program does not write it on every call. */
const TOUCH_EVERY_MS = 60 * 1000;

/** A new key: the prefix tells it from a session token; 256 random bits; only its SHA-256 is stored. */
export function newApiKey(): { key: string; hash: string } {
  const key = `${API_KEY_PREFIX}${newToken()}`;
  return { key, hash: sha256(key) };
}

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * The user a key signs in as (their roles and company as they are now, never more), or null when the key is
 * unknown, revoked, expired or its user removed. Every use counts against the key's throttle.
 */
export async function resolveApiKey(services: Services, key: string, now: Date): Promise<SessionUser | null> {
  if (key.length > 200) return null;
  const keyHash = sha256(key);
  const cacheKey = cacheKeyOf(keyHash);
  const at = now.getTime();
  let entry = services.sessions.get(cacheKey, at);
  if (!entry || at - entry.lastUsedAt > TOUCH_EVERY_MS) {
    const row = await services.db
      .selectFrom('api_key as k')
      .innerJoin('users as u', 'u.user_id', 'k.user_id')
      .select(['k.id', 'k.expires_at', 'k.last_used_at', 'u.user_id', 'u.user_role', 'u.client_id', 'u.user_locale'])
      .where('k.key_hash', '=', keyHash)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) {
      services.sessions.delete(cacheKey);
      return null;
    }
    let lastUsedAt = row.last_used_at?.getTime() ?? 0;
    if (at - lastUsedAt > TOUCH_EVERY_MS) {
      await services.db.updateTable('api_key').set({ last_used_at: now }).where('id', '=', row.id).execute();
      lastUsedAt = at;
    }
    const user: SessionUser = { userId: row.user_id, role: row.user_role, clientId: row.client_id, locale: row.user_locale as Locale, tokenHash: keyHash, apiKeyId: row.id };
    entry = { user, lastUsedAt, expiresAt: row.expires_at?.getTime() };
    services.sessions.set(cacheKey, entry, at);
  }
  if (entry.expiresAt !== undefined && at >= entry.expiresAt) return null;
  await throttle(services.db, `apikey:${entry.user.apiKeyId}`, now);
  return entry.user;
}

/** Counts the call and refuses it once the key is over its limit for the current window (one statement). */
async function throttle(db: Db | Tx, key: string, now: Date): Promise<void> {
  const rule = API_KEY_CALLS;
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const row = await db
    .insertInto('throttle')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`CASE WHEN throttle.window_start <= ${windowStart} THEN 1 ELSE throttle.hits + 1 END`,
        window_start: sql`CASE WHEN throttle.window_start <= ${windowStart} THEN ${now} ELSE throttle.window_start END`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  if (row.hits > rule.limit) {
    const seconds = Math.max(1, Math.ceil((row.window_start.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
    throw new AppError('throttledApiKey', { seconds });
  }
}

/** Keys are cached beside sessions under a name of their own, so a key is never taken for a cached session. */
const cacheKeyOf = (keyHash: string) => `apikey:${keyHash}`;

/** Drops a revoked key from every replica's cache. */
export async function forgetApiKey(services: Services, db: Db | Tx, keyHash: string): Promise<void> {
  await services.bus.publish(db, 'token', cacheKeyOf(keyHash));
}
