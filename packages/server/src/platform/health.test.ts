import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal } from '../app.js';
import { openTestDatabase, TEST_DATABASE_URL, TEST_DB } from '../testing/database.js';
import { startTestPortal, type TestPortal } from '../testing/index.js';
import { readConfig } from './config.js';
import { HEALTH_PATHS } from './health.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

describe('health and readiness probes', () => {
  it('health answers 200 without a token, and so does ready while the database is up and migrated', async () => {
    const health = await tp.get('/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.bytes.toString())).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await tp.get('/api/ready');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.bytes.toString())).toEqual({ status: 'ready' });
  });

  it('are GET routes outside the call registry: a POST to them is not a call', async () => {
    const registered = new Set<string>(tp.portal.calls.map((c) => c.path));
    for (const path of HEALTH_PATHS) {
      expect(registered.has(path)).toBe(false);
      expect((await tp.post(path)).status).toBe(404);
    }
  });

  it('ready answers 503 "migrations" when a migration the code knows has not run, and 200 again once it has', async () => {
    const db = tp.portal.services.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    const { name, timestamp } = rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(db);
    try {
      const res = await tp.get('/api/ready');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.bytes.toString())).toEqual({ status: 'unavailable', reason: 'migrations' });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${timestamp})`.execute(db);
    }
    expect((await tp.get('/api/ready')).status).toBe(200);
  });

  it('ready answers 503 "database" when the database is gone, says nothing more, and health still answers 200', async () => {
    const database = await openTestDatabase();
    const config = { ...readConfig({}), logLevel: 'silent', demo: false, secretsKey: randomBytes(32).toString('base64') };
    const portal = await buildPortal({ config, database });
    let closed = false;
    try {
      if (TEST_DB === 'postgres') {
        // The server drops away under the running portal: its connections end and no new one can be made.
        const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.db);
        const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE ${rows[0]!.name} WITH (FORCE)`).finally(() => admin.end());
      } else {
        await database.close(); // the embedded engine shuts down under the running portal
        closed = true;
      }
      const ready = await portal.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
      expect((await portal.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await portal.close();
      if (!closed) await database.close();
    }
  });
});
