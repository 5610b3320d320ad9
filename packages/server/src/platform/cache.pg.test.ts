import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal, type Portal } from '../app.js';
import { createUser, startTestPortal, type TestPortal } from '../testing/index.js';

/** PostgreSQL only (the api-postgres project): replicas hear each other through LISTEN/NOTIFY. */
let tp: TestPortal;
let replica: Portal;

beforeAll(async () => {
  tp = await startTestPortal();
  replica = await buildPortal({ config: tp.portal.services.config, database: tp.portal.database });
});
afterAll(async () => {
  await replica?.close();
  await tp?.close();
});

async function userinfoOn(portal: Portal, token: string): Promise<number> {
  const res = await portal.app.inject({ method: 'POST', url: '/api/user/userinfo', headers: { authorization: `Bearer ${token}` }, payload: {} });
  return res.statusCode;
}

describe('the invalidation listener', () => {
  it('reconnects after its connection drops and keeps hearing revocations', async () => {
    const killed = await tp.portal.database.pool.query(
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    );
    expect(killed.rows.length).toBe(2); // one listener per replica
    await new Promise((r) => setTimeout(r, 1500));
    const user = await createUser(tp);
    expect(await userinfoOn(replica, user.token)).toBe(200);
    expect((await tp.post('/api/logout', {}, { token: user.token })).body.code).toBe(0);
    let status = 200;
    for (let i = 0; i < 50 && status !== 401; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = await userinfoOn(replica, user.token);
    }
    expect(status).toBe(401);
  });
});
