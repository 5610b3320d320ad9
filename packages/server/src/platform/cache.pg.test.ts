import net from 'node:net';
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

  it('keeps trying while the database is away for several seconds, then hears revocations again', async () => {
    const target = new URL(String((tp.portal.database.pool.options as { connectionString?: string }).connectionString));
    const link = await forwarder({ host: target.hostname, port: Number(target.port || 5432) });
    const listenUrl = new URL(target);
    listenUrl.hostname = '127.0.0.1';
    listenUrl.port = String(link.port);
    const far = await buildPortal({ config: { ...tp.portal.services.config, databaseListenUrl: listenUrl.toString() }, database: tp.portal.database });
    try {
      expect(link.accepted()).toBe(1);
      // Away for 4 s: the first reconnection attempts are refused, later ones wait longer (up to 5 s apart).
      await link.cut();
      await new Promise((r) => setTimeout(r, 4_000));
      await link.open();
      const user = await createUser(tp);
      let status = 0;
      for (let i = 0; i < 200 && link.accepted() < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(link.accepted()).toBe(2);
      // Listening once the LISTEN has run: a session cached from then on is dropped by the revocation.
      await new Promise((r) => setTimeout(r, 300));
      expect(await userinfoOn(far, user.token)).toBe(200);
      expect((await tp.post('/api/logout', {}, { token: user.token })).body.code).toBe(0);
      for (let i = 0; i < 50 && status !== 401; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = await userinfoOn(far, user.token);
      }
      expect(status).toBe(401);
    } finally {
      await far.close();
      await link.cut();
    }
  }, 30_000);
});

/**
 * A TCP forwarder to PostgreSQL that can be cut (every connection closed, new ones refused) and opened again on the
 * same port: the database away for a while, as in a failover, seen from the listener.
 */
async function forwarder(target: { host: string; port: number }): Promise<{ port: number; cut(): Promise<void>; open(): Promise<void>; accepted(): number }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((inbound) => {
    accepted += 1;
    const outbound = net.connect(target.port, target.host);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    accepted: () => accepted,
    cut: async () => {
      const closed = new Promise((r) => server.close(r));
      for (const s of sockets) s.destroy();
      await closed;
    },
    open: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r)),
  };
}

