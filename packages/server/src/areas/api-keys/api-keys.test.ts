import { API_KEY_PREFIX, API_KEYS_PER_USER, ErrorCode, Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_CALLS } from '../../platform/api-keys.js';
import { sha256 } from '../../platform/tokens.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

async function createKey(user: TestUser, body: Record<string, unknown> = { name: 'Nightly export' }) {
  const res = await tp.post('/api/user/create-api-key', body, { token: user.token });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  const data = res.body.data as { key: string; apiKey: { id: number; name: string; createdAt: string; expiresAt: string | null; lastUsedAt: string | null } };
  return data;
}

const userinfo = (key: string) => tp.post('/api/user/userinfo', {}, { token: key });

describe('personal API keys', () => {
  it('are created with the secret answered once, stored only as a hash, and sign a program in as their user', async () => {
    const clientId = await createClient(tp);
    const user = await createUser(tp, { role: Role.CLIENT, clientId });
    const { key, apiKey } = await createKey(user);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(apiKey).toEqual({ id: expect.any(Number), name: 'Nightly export', createdAt: tp.clock.now.toISOString(), expiresAt: null, lastUsedAt: null });

    // The database holds the hash and nothing from which the key could be read back.
    const row = await tp.portal.services.db.selectFrom('api_key').selectAll().where('id', '=', apiKey.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + 12));
    // Nor does any answer after the first.
    const listed = await tp.post('/api/user/fetch-api-keys', {}, { token: user.token });
    expect(listed.body.data).toEqual({ apiKeys: [apiKey] });
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(API_KEY_PREFIX.length));

    const me = await userinfo(key);
    expect(me.body).toMatchObject({ code: 0, data: { user: { user_id: user.userId, companyInfo: { client_id: clientId } } } });
  });

  it('carry the company of their user: a client user\'s key is refused another company\'s data', async () => {
    const own = await createClient(tp);
    const other = await createClient(tp);
    const user = await createUser(tp, { role: Role.CLIENT, clientId: own });
    const { key } = await createKey(user);
    expect((await tp.post('/api/analyst/fetch-brands', { clientId: own }, { token: key })).body.code).toBe(0);
    const refused = await tp.post('/api/analyst/fetch-brands', { clientId: other }, { token: key });
    expect(refused.status).toBe(403);
    // ...and their role: a client user's key is no administrator.
    expect((await tp.post('/api/admin/search-users', {}, { token: key })).status).toBe(403);
  });

  it('open downloads too (the key in the header), under the same tenancy rule', async () => {
    const managed = await createClient(tp);
    const other = await createClient(tp);
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, analyst, managed);
    const { key } = await createKey(analyst);
    const mine = await tp.get(`/api/ec-report/download-template?clientId=${managed}`, { token: key });
    expect(mine.status).toBe(200);
    expect(mine.headers['content-disposition']).toContain('attachment');
    expect((await tp.get(`/api/ec-report/download-template?clientId=${other}`, { token: key })).status).toBe(403);
  });

  it('show their last use, written at most once a minute', async () => {
    const user = await createUser(tp);
    const { key, apiKey } = await createKey(user);
    const lastUsed = async () => (await tp.portal.services.db.selectFrom('api_key').select('last_used_at').where('id', '=', apiKey.id).executeTakeFirstOrThrow()).last_used_at;
    const first = tp.clock.now;
    await userinfo(key);
    expect(await lastUsed()).toEqual(first);
    tp.clock.advance(30_000);
    await userinfo(key);
    expect(await lastUsed()).toEqual(first);
    tp.clock.advance(31_000);
    await userinfo(key);
    expect(await lastUsed()).toEqual(tp.clock.now);
    const listed = await tp.post('/api/user/fetch-api-keys', {}, { token: user.token });
    expect(listed.body.data).toMatchObject({ apiKeys: [{ id: apiKey.id, lastUsedAt: tp.clock.now.toISOString() }] });
  });

  it('are refused once revoked; another user cannot revoke them', async () => {
    const user = await createUser(tp);
    const stranger = await createUser(tp, { role: Role.ANALYST });
    const { key, apiKey } = await createKey(user);
    expect((await userinfo(key)).body.code).toBe(0);
    const notTheirs = await tp.post('/api/user/revoke-api-key', { keyId: apiKey.id }, { token: stranger.token, locale: 'ja' });
    expect(notTheirs.body).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND, message: translate('ja', 'error.objectNotFound') });
    expect((await userinfo(key)).body.code).toBe(0);

    expect((await tp.post('/api/user/revoke-api-key', { keyId: apiKey.id }, { token: user.token })).body.code).toBe(0);
    const after = await userinfo(key);
    expect(after.status).toBe(401);
    expect((await tp.post('/api/user/fetch-api-keys', {}, { token: user.token })).body.data).toEqual({ apiKeys: [] });
  });

  it('are refused after their expiry; an expiry in the past is refused in the user\'s language', async () => {
    const user = await createUser(tp);
    const inAnHour = new Date(tp.clock.now.getTime() + 3600_000).toISOString();
    const { key, apiKey } = await createKey(user, { name: 'Short-lived', expiresAt: inAnHour });
    expect(apiKey.expiresAt).toBe(inAnHour);
    expect((await userinfo(key)).body.code).toBe(0);
    tp.clock.advance(3600_000);
    expect((await userinfo(key)).status).toBe(401);

    const past = await tp.post('/api/user/create-api-key', { name: 'x', expiresAt: '2000-01-01T00:00:00Z' }, { token: user.token, locale: 'ja' });
    expect(past).toMatchObject({ status: 400, body: { message: translate('ja', 'validation.apiKeyExpiryPast') } });
    const malformed = await tp.post('/api/user/create-api-key', { name: 'x', expiresAt: 'next week' }, { token: user.token });
    expect(malformed.body.message).toBe(translate('en', 'validation.apiKeyExpiryInvalid'));
    const unnamed = await tp.post('/api/user/create-api-key', { name: '  ' }, { token: user.token, locale: 'ja' });
    expect(unnamed.body.message).toBe(translate('ja', 'validation.apiKeyNameRequired'));
  });

  it('stop working when their user is removed', async () => {
    const admin = await createUser(tp, { role: Role.ADMIN });
    const user = await createUser(tp);
    const { key } = await createKey(user);
    expect((await userinfo(key)).body.code).toBe(0);
    expect((await tp.post('/api/admin/remove-user', { userId: user.userId }, { token: admin.token })).body.code).toBe(0);
    expect((await userinfo(key)).status).toBe(401);
  });

  it('cannot manage keys, the password, the profile or the session', async () => {
    const user = await createUser(tp, { role: Role.ADMIN });
    const { key, apiKey } = await createKey(user);
    const attempts: [string, Record<string, unknown>][] = [
      ['/api/user/create-api-key', { name: 'successor' }],
      ['/api/user/revoke-api-key', { keyId: apiKey.id }],
      ['/api/admin/revoke-api-key', { keyId: apiKey.id }],
      ['/api/user/update-userinfo', { name: 'Renamed' }],
      ['/api/user/update-settings', { locale: 'ja' }],
      ['/api/user/reset-password', { passwordOld: 'x', password: 'Passw0rd2', password2: 'Passw0rd2', code: '123456' }],
      ['/api/logout', {}],
    ];
    for (const [path, body] of attempts) {
      const res = await tp.post(path, body, { token: key, locale: 'ja' });
      expect(res, path).toMatchObject({ status: 403, body: { code: 403, message: translate('ja', 'error.apiKeyNotAllowed') } });
    }
    // Reading its own list is harmless, and the key still works.
    expect((await tp.post('/api/user/fetch-api-keys', {}, { token: key })).body.data).toMatchObject({ apiKeys: [{ id: apiKey.id }] });
  });

  it('are throttled per key: an over-busy key waits, another key of the same user does not', async () => {
    const user = await createUser(tp);
    const busy = await createKey(user, { name: 'busy' });
    const calm = await createKey(user, { name: 'calm' });
    // The window's count as if the program had made its limit of calls just now.
    await tp.portal.services.db.insertInto('throttle').values({ key: `apikey:${busy.apiKey.id}`, window_start: tp.clock.now, hits: API_KEY_CALLS.limit }).execute();
    const refused = await userinfo(busy.key);
    expect(refused).toMatchObject({ status: 429, body: { code: 429, message: translate('en', 'error.throttledApiKey', { seconds: API_KEY_CALLS.windowSeconds }) } });
    expect((await userinfo(calm.key)).body.code).toBe(0);
    tp.clock.advance(API_KEY_CALLS.windowSeconds * 1000);
    expect((await userinfo(busy.key)).body.code).toBe(0);
  });

  it(`are at most ${API_KEYS_PER_USER} per user`, async () => {
    const user = await createUser(tp);
    for (let i = 0; i < API_KEYS_PER_USER; i++) await createKey(user, { name: `key ${i}` });
    const res = await tp.post('/api/user/create-api-key', { name: 'one more' }, { token: user.token });
    expect(res.body.message).toBe(translate('en', 'error.apiKeyLimit', { max: API_KEYS_PER_USER }));
  });

  it('administrators see every user\'s keys and revoke any', async () => {
    const admin = await createUser(tp, { role: Role.ADMIN });
    const user = await createUser(tp, { role: Role.ANALYST, name: 'Key Holder' });
    const { key, apiKey } = await createKey(user);
    const all = await tp.post('/api/admin/fetch-api-keys', {}, { token: admin.token });
    expect((all.body.data as { apiKeys: unknown[] }).apiKeys).toContainEqual({ ...apiKey, userId: user.userId, userName: 'Key Holder', userMail: user.mail });
    const one = await tp.post('/api/admin/fetch-api-keys', { userId: user.userId }, { token: admin.token });
    expect(one.body.data).toEqual({ apiKeys: [{ ...apiKey, userId: user.userId, userName: 'Key Holder', userMail: user.mail }] });
    expect(JSON.stringify(all.body)).not.toContain(key.slice(API_KEY_PREFIX.length));

    expect((await tp.post('/api/admin/revoke-api-key', { keyId: apiKey.id }, { token: admin.token })).body.code).toBe(0);
    expect((await userinfo(key)).status).toBe(401);
    expect((await tp.post('/api/admin/revoke-api-key', { keyId: apiKey.id }, { token: admin.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    // Others may not.
    expect((await tp.post('/api/admin/fetch-api-keys', {}, { token: user.token })).status).toBe(403);
  });
});
