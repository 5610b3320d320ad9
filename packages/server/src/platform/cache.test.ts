import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal, type Portal } from '../app.js';
import { noticesChanged } from '../areas/notices/service.js';
import { createUser, startTestPortal, TEST_DB, type TestPortal } from '../testing/index.js';

let tp: TestPortal;
let replica: Portal | undefined;

beforeAll(async () => {
  tp = await startTestPortal();
  // A second replica of the API on the same database (PostgreSQL only: PGlite is one process).
  if (TEST_DB === 'postgres') replica = await buildPortal({ config: tp.portal.services.config, database: tp.portal.database });
});
afterAll(async () => {
  await replica?.close();
  await tp?.close();
});

async function userinfoOn(portal: Portal, token: string): Promise<number> {
  const res = await portal.app.inject({ method: 'POST', url: '/api/user/userinfo', headers: { authorization: `Bearer ${token}` }, payload: {} });
  return res.statusCode;
}

async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('cached sessions and counts stay correct', () => {
  it('a logout ends the session on every replica at once, not after the cache expires', async () => {
    const user = await createUser(tp);
    const other = replica ?? tp.portal;
    expect(await userinfoOn(other, user.token)).toBe(200); // now cached there
    expect((await tp.post('/api/logout', {}, { token: user.token })).body.code).toBe(0);
    expect(await eventually(async () => (await userinfoOn(other, user.token)) === 401)).toBe(true);
  });

  it('a password change ends the other sessions on every replica', async () => {
    const user = await createUser(tp);
    const second = await createUser(tp);
    await tp.portal.services.db.updateTable('session_token').set({ user_id: user.userId }).where('user_id', '=', second.userId).execute();
    const other = replica ?? tp.portal;
    expect(await userinfoOn(other, second.token)).toBe(200);
    const res = await tp.post('/api/requestcode', { mail: user.mail }, { ip: '10.9.9.9' });
    expect(res.body.code).toBe(0);
    const code = await tp.mailbox.codeFor(user.mail);
    const change = await tp.post('/api/user/reset-password', { passwordOld: user.password, password: 'another99', password2: 'another99', code }, { token: user.token });
    expect(change.body.code).toBe(0);
    expect(await eventually(async () => (await userinfoOn(other, second.token)) === 401)).toBe(true);
  });

  it('the unviewed count follows changes that are announced', async () => {
    const user = await createUser(tp);
    const count = async () => (await tp.post('/api/notication/unviewed-notice-count', {}, { token: user.token })).body.data?.unviewed;
    expect(await count()).toBe(0);
    const db = tp.portal.services.db;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notice').values({ user_id: user.userId, title: 'new', type: 1 }).execute();
      await noticesChanged(tp.portal.services, trx, user.userId);
    });
    expect(await count()).toBe(1);
  });
});
