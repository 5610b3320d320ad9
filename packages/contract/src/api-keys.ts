import { z } from 'zod';
import { SERIAL_ID_MAX, id } from './validation.js';

/**
 * Personal API keys (issue 16, point 9): a program sends one as `Authorization: Bearer <key>` instead of a
 * session token. The secret is answered once, by create-api-key; every other answer names the key only.
 */

/** Every key starts with this, so a key is told apart from a session token (and spotted by secret scanners). */
export const API_KEY_PREFIX = 'bpk_';
export const API_KEY_NAME_MAX = 100;
/** Live keys one user may hold at a time. */
export const API_KEYS_PER_USER = 20;

export const apiKey = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createApiKeyInput = z.object({
  name: z
    .string({ error: 'validation.apiKeyNameRequired' })
    .trim()
    .min(1, 'validation.apiKeyNameRequired')
    .max(API_KEY_NAME_MAX, 'validation.tooLong'),
  /** An ISO 8601 date-time with its offset (2027-01-31T23:59:59+09:00); left out or null: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.apiKeyExpiryInvalid' }).nullish(),
});
export const createApiKeyOutput = z.object({ key: z.string(), apiKey });

export const fetchApiKeysInput = z.object({});
export const apiKeysOutput = z.object({ apiKeys: z.array(apiKey) });

const keyId = z.number({ error: 'validation.apiKeyRequired' }).int('validation.apiKeyRequired').positive('validation.apiKeyRequired').max(SERIAL_ID_MAX, 'validation.apiKeyRequired');
export const revokeApiKeyInput = z.object({ keyId });
export const revokeApiKeyOutput = z.object({});

/** Administrators: every user's keys, or one user's, with whose they are. */
export const adminFetchApiKeysInput = z.object({ userId: id.optional() });
export const adminApiKey = apiKey.extend({ userId: z.number(), userName: z.string(), userMail: z.string() });
export type AdminApiKey = z.infer<typeof adminApiKey>;
export const adminApiKeysOutput = z.object({ apiKeys: z.array(adminApiKey) });
