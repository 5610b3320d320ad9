import { ALL_ROLES, Role, calls as contractCalls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAll } from '../app.js';
import { createClient, createUser, startTestPortal, type TestPortal } from '../testing/index.js';
import { PUBLIC } from './call.js';
import { checkTenant } from './tenant.js';

/** The only calls anyone may make without a token. Adding to this list is a security decision. */
const PUBLIC_CALLS = ['/api/requestcode', '/api/login', '/api/signup', '/api/resetpassword'];

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

describe('the registry of calls', () => {
  const { calls: registered, downloads } = registerAll();

  it('registers every call of the contract, each with declared roles', () => {
    expect(registered.map((c) => c.path).sort()).toEqual(Object.keys(contractCalls).sort());
    for (const call of registered) {
      expect(call.roles === PUBLIC || (call.roles >= 1 && call.roles <= ALL_ROLES), call.path).toBe(true);
    }
    expect(registered.filter((c) => c.roles === PUBLIC).map((c) => c.path).sort()).toEqual([...PUBLIC_CALLS].sort());
  });

  it('every non-public call answers 401 without a token, with a bad token, and with an expired one', async () => {
    const expired = await createUser(tp, { role: ALL_ROLES });
    await tp.portal.services.db.updateTable('session_token').set({ last_used_at: new Date(0) }).where('user_id', '=', expired.userId).execute();
    for (const call of registered.filter((c) => c.roles !== PUBLIC)) {
      for (const token of [undefined, 'not-a-token', expired.token]) {
        const res = await tp.post(call.path, {}, token ? { token } : {});
        expect(res.status, `${call.path} with ${token ?? 'no token'}`).toBe(401);
        expect(res.body).toMatchObject({ code: 401, data: null });
      }
    }
  });

  it('every non-public call answers 403 to a signed-in role it does not admit', async () => {
    for (const role of [Role.CLIENT, Role.ANALYST, Role.ADMIN]) {
      const user = await createUser(tp, { role });
      for (const call of registered.filter((c) => c.roles !== PUBLIC && (c.roles & role) === 0)) {
        const res = await tp.post(call.path, {}, { token: user.token });
        expect(res.status, `${call.path} as role ${role}`).toBe(403);
      }
    }
  });

  /** Whether a call's payload has a clientId field (read from its JSON schema, so nested shapes count too). */
  const takesClientId = (schema: z.ZodType) => JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })).includes('"clientId"');

  it('every call that takes a clientId either declares the tenancy rule or admits no client user', () => {
    for (const call of registered.filter((c) => takesClientId(c.input))) {
      const admitsClients = call.roles === PUBLIC || (call.roles & Role.CLIENT) !== 0;
      expect(!admitsClients || call.tenant?.field === 'clientId', call.path).toBe(true);
    }
  });

  it('every call that takes a clientId refuses a client user of another company with 403', async () => {
    const mine = await createClient(tp);
    const theirs = await createClient(tp);
    const user = await createUser(tp, { role: Role.CLIENT, clientId: mine });
    const calls = registered.filter((c) => takesClientId(c.input));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const res = await tp.post(call.path, { clientId: theirs }, { token: user.token });
      expect(res.status, call.path).toBe(403);
    }
  });

  it('every download refuses a missing token, a token in the query string, and a role it does not admit', async () => {
    expect(downloads.length).toBeGreaterThan(0);
    const user = await createUser(tp, { role: ALL_ROLES });
    for (const d of downloads) {
      expect((await tp.get(d.path)).status, d.path).toBe(401);
      expect((await tp.get(`${d.path}?token=${user.token}`)).status, d.path).toBe(401);
      for (const role of [Role.CLIENT, Role.ANALYST, Role.ADMIN].filter((r) => (d.roles & r) === 0)) {
        const other = await createUser(tp, { role });
        expect((await tp.get(d.path, { token: other.token })).status, `${d.path} as ${role}`).toBe(403);
      }
    }
  });

  it('every download naming a client refuses another company\'s client user, and analysts outside the rule, with 403', async () => {
    const mine = await createClient(tp);
    const theirs = await createClient(tp);
    const user = await createUser(tp, { role: Role.CLIENT, clientId: mine });
    const analyst = await createUser(tp, { role: Role.ANALYST });
    const named = downloads.filter((d) => d.tenant);
    expect(named.length).toBeGreaterThan(0);
    for (const d of named) {
      const url = `${d.path}?${d.tenant!.field}=${theirs}&reportId=1&recordId=1&name=x`;
      if ((d.roles & Role.CLIENT) !== 0) expect((await tp.get(url, { token: user.token })).status, d.path).toBe(403);
      if (d.tenant!.analysts === 'managers') expect((await tp.get(url, { token: analyst.token })).status, d.path).toBe(403);
    }
  });

  it('a call the portal does not have answers 404 in the common shape', async () => {
    const res = await tp.post('/api/no-such-call', {});
    expect(res).toMatchObject({ status: 404, body: { code: 404, data: null } });
  });
});

describe('the tenancy rule', () => {
  it('pins client users to their company, admits admins, and analysts as the call says', async () => {
    const db = tp.portal.services.db;
    const own = await createClient(tp);
    const other = await createClient(tp);
    const removed = await createClient(tp);
    await db.updateTable('client').set({ deleted_at: new Date() }).where('client_id', '=', removed).execute();
    const clientUser = { userId: 1, role: Role.CLIENT, clientId: own, locale: 'en' as const, tokenHash: '' };
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await db.insertInto('client_manager').values({ client_id: own, user_id: analyst.userId }).execute();
    const analystUser = { userId: analyst.userId, role: Role.ANALYST, clientId: null, locale: 'en' as const, tokenHash: '' };
    const adminUser = { userId: 2, role: Role.ADMIN, clientId: null, locale: 'en' as const, tokenHash: '' };
    const managers = { field: 'clientId', analysts: 'managers' as const };
    const any = { field: 'clientId', analysts: 'any' as const };

    await expect(checkTenant(db, clientUser, managers, own)).resolves.toBeUndefined();
    await expect(checkTenant(db, clientUser, managers, other)).rejects.toMatchObject({ status: 403 });
    await expect(checkTenant(db, clientUser, managers, 'x')).rejects.toMatchObject({ status: 403 });
    await expect(checkTenant(db, analystUser, managers, own)).resolves.toBeUndefined();
    await expect(checkTenant(db, analystUser, managers, other)).rejects.toMatchObject({ status: 403 });
    await expect(checkTenant(db, analystUser, any, other)).resolves.toBeUndefined();
    await expect(checkTenant(db, adminUser, managers, other)).resolves.toBeUndefined();
    await expect(checkTenant(db, adminUser, managers, removed)).rejects.toMatchObject({ status: 403 });
    await expect(checkTenant(db, analystUser, any, 999_999)).rejects.toMatchObject({ status: 403 });
  });
});
