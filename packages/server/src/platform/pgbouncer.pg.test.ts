import { randomBytes } from 'node:crypto';
import { Role } from '@portal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal, type Portal } from '../app.js';
import { repriceQueue } from '../kinds/ec/reprice.js';
import { HEADER_EN, listing, xlsxOf } from '../kinds/ec/report-fixtures.js';
import { TEST_DATABASE_URL } from '../testing/database.js';
import { createClient, createUser, manage, migrate, openDatabase, startTestPortal, type TestPortal } from '../testing/index.js';
import { startTestPgBouncer, type TestPgBouncer } from '../testing/pgbouncer.js';
import type { DatabaseHandle } from './db.js';
import { migrations } from './migrations/index.js';

/**
 * PostgreSQL only (a pooler needs a server): the portal with DATABASE_URL through PgBouncer in transaction mode, where
 * every transaction (every statement outside one) may run on another server connection. Session state does not
 * survive that: a session advisory lock, a LISTEN, a named prepared statement. The invalidation listener connects
 * directly (DATABASE_LISTEN_URL); the rest must work through it.
 */
let bouncer: TestPgBouncer;
let tp: TestPortal;
let second: { portal: Portal; database: DatabaseHandle };

beforeAll(async () => {
  bouncer = await startTestPgBouncer(TEST_DATABASE_URL);
  tp = await startTestPortal({ databaseVia: (url) => bouncer.via(url) });
  // A second replica of the same database, through PgBouncer too, with its own pool and listener.
  const { config } = tp.portal.services;
  const database = await openDatabase({ url: bouncer.via(config.databaseListenUrl!), poolSize: 3 });
  second = { portal: await buildPortal({ config, database }), database };
});
afterAll(async () => {
  await second?.portal.close();
  await second?.database.close();
  await tp?.close();
  await bouncer?.stop();
});

const admin = async <R extends pg.QueryResultRow>(text: string, url = TEST_DATABASE_URL) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
};

describe('through PgBouncer in transaction mode', () => {
  it('connects the portal through PgBouncer, and only its listener directly', () => {
    const { databaseListenUrl } = tp.portal.services.config;
    expect(new URL(databaseListenUrl!).port).toBe(new URL(TEST_DATABASE_URL).port || '5432');
    expect(tp.portal.database.pool.options.connectionString).toBe(bouncer.via(databaseListenUrl!));
  });

  it('migrates an empty database from two processes at once, and leaves no lock behind', async () => {
    const name = `portal_bouncer_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const direct = new URL(TEST_DATABASE_URL);
    direct.pathname = `/${name}`;
    const handles = [await openDatabase({ url: bouncer.via(direct.toString()), poolSize: 3 }), await openDatabase({ url: bouncer.via(direct.toString()), poolSize: 3 })];
    try {
      // Several server connections open (PgBouncer takes them in turn here), so a lock and its unlock may part.
      await Promise.all(handles.flatMap((h) => [1, 2, 3].map(() => h.pool.query('SELECT pg_sleep(0.2)'))));
      // Kysely's session lock would stay on whichever server connection took it, and the second migration would
      // wait on it for an hour (its lock timeout): the test's time limit fails first.
      await Promise.all(handles.map((h) => migrate(h.db)));
      const done = await admin<{ n: number }>('SELECT count(*)::int AS n FROM kysely_migration', direct.toString());
      expect(done[0]!.n).toBe(Object.keys(migrations).length);
      const locks = await admin<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = '${name}'`);
      expect(locks[0]!.n).toBe(0);
    } finally {
      for (const h of handles) await h.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });

  it('signs in with a mailed code and answers the signed-in user', async () => {
    const user = await createUser(tp, { role: Role.ANALYST });
    expect((await tp.post('/api/requestcode', { mail: user.mail }, { ip: '10.9.0.1' })).body.code).toBe(0);
    const code = await tp.mailbox.codeFor(user.mail);
    const login = await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: '10.9.0.1' });
    expect(login.body.code, JSON.stringify(login.body)).toBe(0);
    const token = (login.body.data as { token: string }).token;
    expect((await tp.post('/api/user/userinfo', {}, { token })).body).toMatchObject({ code: 0, data: { user: { user_mail: user.mail } } });
  });

  it('uploads a report, searches its records, changes them, and reads the change back', async () => {
    const clientId = await createClient(tp);
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, analyst, clientId);
    const bytes = await xlsxOf(HEADER_EN, [listing(1), listing(2), listing(3)]);
    const upload = await tp.upload('/api/ec-report/upload-report', { clientId }, { name: 'bouncer.xlsx', bytes }, { token: analyst.token });
    expect(upload.body, JSON.stringify(upload.body)).toMatchObject({ code: 0, data: { count: 3 } });
    const search = await tp.post('/api/ec-data/search-records', { clientId }, { token: analyst.token });
    expect(search.body.code, JSON.stringify(search.body)).toBe(0);
    const ids = (search.body.data as { records: { ec_id: number }[] }).records.map((r) => Number(r.ec_id));
    expect(ids).toHaveLength(3);
    const update = await tp.post('/api/ec-data/batch-update-category', { clientId, recordIds: ids, commoncategoryId: 2 }, { token: analyst.token });
    expect(update.body, JSON.stringify(update.body)).toMatchObject({ code: 0, data: { updateCount: 3 } });
    const rows = await tp.portal.services.db.selectFrom('ec_record').select('ec_category_common_type_id').where('ec_id', 'in', ids).execute();
    expect(rows.map((r) => r.ec_category_common_type_id)).toEqual([2, 2, 2]);
  });

  it('drops a revoked session on the other replica at once (NOTIFY heard by the direct listener)', async () => {
    const user = await createUser(tp);
    const userinfo = async (portal: Portal) => (await portal.app.inject({ method: 'POST', url: '/api/user/userinfo', headers: { authorization: `Bearer ${user.token}` }, payload: {} })).statusCode;
    // The other replica caches the session first; its five-minute TTL would keep it far beyond this test.
    expect(await userinfo(second.portal)).toBe(200);
    expect((await tp.post('/api/logout', {}, { token: user.token })).body.code).toBe(0);
    await expect.poll(() => userinfo(second.portal), { timeout: 5_000, interval: 50 }).toBe(401);
  });

  it('runs a job through pg-boss (its schema, its locks, its polling)', async () => {
    const { services } = tp.portal;
    await services.queues.start(tp.portal.database.pool, [{ ...repriceQueue(services), pollingIntervalSeconds: 0.5 }]);
    try {
      expect(await services.queues.send('ec-reprice', { currency: 'EUR' })).toBe(true);
      const state = async () => (await tp.portal.database.pool.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'ec-reprice' AND data->>'currency' = 'EUR'")).rows[0]?.state;
      await expect.poll(state, { timeout: 15_000, interval: 200 }).toBe('completed');
    } finally {
      await services.queues.stop();
    }
  });
});
