import { API_KEYS_PER_USER, type AdminApiKey, type ApiKey } from '@portal/contract';
import { forgetApiKey, newApiKey } from '../../platform/api-keys.js';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import type { ApiKeyRow } from '../../platform/schema.js';

const present = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at?.toISOString() ?? null,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

/** A new key of the caller: the secret is in this answer only; the database keeps its hash. */
export async function create(ctx: AuthedContext, input: { name: string; expiresAt?: string | null | undefined }): Promise<{ key: string; apiKey: ApiKey }> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= ctx.now.getTime()) fail('apiKeyExpiryPast');
  const held = await ctx.db.selectFrom('api_key').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', ctx.user.userId).executeTakeFirstOrThrow();
  if (Number(held.n) >= API_KEYS_PER_USER) fail('apiKeyLimit', { max: API_KEYS_PER_USER });
  const { key, hash } = newApiKey();
  const row = await ctx.db
    .insertInto('api_key')
    .values({ key_hash: hash, user_id: ctx.user.userId, name: input.name, created_at: ctx.now, expires_at: expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { key, apiKey: present(row) };
}

export async function listOwn(ctx: AuthedContext): Promise<ApiKey[]> {
  const rows = await ctx.db.selectFrom('api_key').selectAll().where('user_id', '=', ctx.user.userId).orderBy('id').execute();
  return rows.map(present);
}

export async function listAll(ctx: AuthedContext, userId: number | undefined): Promise<AdminApiKey[]> {
  let q = ctx.db
    .selectFrom('api_key as k')
    .innerJoin('users as u', 'u.user_id', 'k.user_id')
    .selectAll('k')
    .select(['u.user_name', 'u.user_mail'])
    .orderBy('k.id');
  if (userId !== undefined) q = q.where('k.user_id', '=', userId);
  const rows = await q.execute();
  return rows.map((r) => ({ ...present(r), userId: r.user_id, userName: r.user_name, userMail: r.user_mail }));
}

/** Another user's key answers as one that does not exist. */
export async function revokeOwn(ctx: AuthedContext, keyId: number): Promise<Record<string, never>> {
  return revoke(ctx, keyId, ctx.user.userId);
}

export async function revokeAny(ctx: AuthedContext, keyId: number): Promise<Record<string, never>> {
  return revoke(ctx, keyId);
}

async function revoke(ctx: AuthedContext, keyId: number, ownerId?: number): Promise<Record<string, never>> {
  let q = ctx.db.deleteFrom('api_key').where('id', '=', keyId);
  if (ownerId !== undefined) q = q.where('user_id', '=', ownerId);
  const gone = await q.returning('key_hash').executeTakeFirst();
  if (!gone) fail('objectNotFound');
  await forgetApiKey(ctx.services, ctx.db, gone.key_hash);
  return {};
}
