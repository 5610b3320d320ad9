import { ALL_ROLES, ErrorCode, Role, calls as contractCalls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAll } from '../app.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal } from '../testing/index.js';
import { WRITE_FIXTURES, databaseFingerprint, runFixture, seedClientObjects } from '../testing/write-fixtures.js';
import { PUBLIC } from './call.js';
import { checkOwner, checkTenant } from './tenant.js';

/** The only calls anyone may make without a token. Adding to this list is a security decision. */
const PUBLIC_CALLS = ['/api/requestcode', '/api/login', '/api/signup', '/api/resetpassword'];

/**
 * The first word of a path's last part, when it says the call only reads (`fetch-brands`, `get-record`,
 * `search-users`, `userinfo`, `unviewed-notice-count`, `ipf-news`, `regions`, `home-dashboard`). Every other verb
 * changes something.
 */
const READ_VERBS = new Set(['fetch', 'get', 'search', 'userinfo', 'unviewed', 'ipf', 'regions', 'home', 'list', 'detail']);
/** Paths the spec fixes without a verb: the crawler task list, the takedown acceptance monitor, the seller networks (issue 19). */
const READ_PATHS = new Set(['/api/ec-crawler-task', '/api/takedown/acceptance', '/api/triage/seller-clusters']);
const verbOf = (path: string) => (READ_PATHS.has(path) ? 'search' : path.split('/').pop()!.split('-')[0]!);

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

  it('every call is a read or a write as its path says: a read verb exactly when it declares a read', () => {
    for (const call of registered) {
      expect(call.access === 'read', `${call.path} declares ${call.access}`).toBe(READ_VERBS.has(verbOf(call.path)));
    }
  });

  /** Whether a payload names a client (clientId, or a test purchase's client). */
  const namesClient = (schema: z.ZodType) => /"(clientId|client)"/.test(JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })));

  it('a write naming a client is either a write on its data (manager rule) or reserved to administrators', () => {
    for (const call of registered.filter((c) => c.access !== 'read' && namesClient(c.input))) {
      expect(call.access === 'write' || call.roles === Role.ADMIN, call.path).toBe(true);
      if (call.access === 'write') expect(call.tenant?.analysts ?? 'managers', call.path).toBe('managers');
    }
  });

  it('every write on a client\'s data refuses an analyst who does not manage the client (403, or "not found" for an object of it) and changes nothing; its managers succeed', async () => {
    const clientId = await createClient(tp);
    const manager = await createUser(tp, { role: Role.ANALYST });
    const outsider = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, manager, clientId);
    await manage(tp, outsider, await createClient(tp)); // a manager of some other client
    const objects = await seedClientObjects(tp, clientId, manager);

    // Every write an analyst may make on a client's data has a fixture: a new one cannot skip this test.
    const writes = registered.filter((c) => c.access === 'write' && typeof c.roles === 'number' && (c.roles & Role.ANALYST) !== 0);
    expect(WRITE_FIXTURES.map((f) => f.path).sort()).toEqual(writes.map((c) => c.path).sort());

    for (const fixture of WRITE_FIXTURES) {
      const before = await databaseFingerprint(tp);
      const res = await runFixture(tp, fixture, objects, outsider);
      // 403, or "not found" (as for a missing id) for an object that only the client's managers may read.
      if (registered.find((c) => c.path === fixture.path)?.owner?.readers === 'managers') expect(res.body.code, fixture.path).toBe(ErrorCode.OBJECT_NOT_FOUND);
      else expect(res.status, fixture.path).toBe(403);
      expect(await databaseFingerprint(tp), fixture.path).toEqual(before);
    }
    // The same payloads are valid: the client's manager runs every one of them, in order, successfully.
    for (const fixture of WRITE_FIXTURES) {
      const res = await runFixture(tp, fixture, objects, manager);
      expect(res.body, fixture.path).toMatchObject({ code: 0 });
    }
    // Two runs of every write call with a database fingerprint each: it grows with every write call there is.
  }, 180_000);

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

  it('finds the owner of an object first: missing or another company\'s (to a client user) is not found, then the managers rule', async () => {
    const db = tp.portal.services.db;
    const own = await createClient(tp);
    const other = await createClient(tp);
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, analyst, own);
    const as = (role: number, clientId: number | null, userId = 1) => ({ userId, role, clientId, locale: 'en' as const, tokenHash: '' });
    const ownedBy = (clientId: number | undefined) => ({ object: 'thing', clientOf: async () => clientId });

    await expect(checkOwner(db, as(Role.CLIENT, own), ownedBy(own), {})).resolves.toBeUndefined();
    await expect(checkOwner(db, as(Role.CLIENT, own), ownedBy(other), {})).rejects.toMatchObject({ key: 'error.objectNotFound' });
    await expect(checkOwner(db, as(Role.CLIENT, own), ownedBy(undefined), {})).rejects.toMatchObject({ key: 'error.objectNotFound' });
    await expect(checkOwner(db, as(Role.ANALYST, null, analyst.userId), ownedBy(own), {})).resolves.toBeUndefined();
    await expect(checkOwner(db, as(Role.ANALYST, null, analyst.userId), ownedBy(other), {})).rejects.toMatchObject({ status: 403 });
    // Objects only their client's managers may read: an outsider analyst is told "not found" (a 403 says the id exists).
    const hidden = (clientId: number | undefined) => ({ ...ownedBy(clientId), readers: 'managers' as const });
    await expect(checkOwner(db, as(Role.ANALYST, null, analyst.userId), hidden(other), {})).rejects.toMatchObject({ key: 'error.objectNotFound' });
    await expect(checkOwner(db, as(Role.ANALYST, null, analyst.userId), hidden(undefined), {})).rejects.toMatchObject({ key: 'error.objectNotFound' });
    await expect(checkOwner(db, as(Role.ANALYST, null, analyst.userId), hidden(own), {})).resolves.toBeUndefined();
    await expect(checkOwner(db, as(Role.ADMIN, null), ownedBy(other), {})).resolves.toBeUndefined();
  });
});
