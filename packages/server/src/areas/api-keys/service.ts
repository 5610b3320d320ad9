import { API_KEYS_PER_USER, type AdminApiKey, type ApiKey } from '@portal/contract';
import { forgetApiKey, newApiKey } from '../../platform/api-keys.js';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import type { ApiKeyRow } from '../../platform/schema.js';
import * as repo from './repo.js';

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
  if ((await repo.countKeysOf(ctx.db, ctx.user.userId)) >= API_KEYS_PER_USER) fail('apiKeyLimit', { max: API_KEYS_PER_USER });
  const { key, hash } = newApiKey();
  const row = await repo.insertKey(ctx.db, { keyHash: hash, userId: ctx.user.userId, name: input.name, createdAt: ctx.now, expiresAt });
  return { key, apiKey: present(row) };
}

export async function listOwn(ctx: AuthedContext): Promise<ApiKey[]> {
  const rows = await repo.keysOf(ctx.db, ctx.user.userId);
  return rows.map(present);
}

export async function listAll(ctx: AuthedContext, userId: number | undefined): Promise<AdminApiKey[]> {
  const rows = await repo.keysWithOwners(ctx.db, userId);
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
  const keyHash = await repo.deleteKey(ctx.db, keyId, ownerId);
  if (keyHash === undefined) fail('objectNotFound');
  await forgetApiKey(ctx.services, ctx.db, keyHash);
  return {};
}
