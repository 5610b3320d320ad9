import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../platform/db.js';

/** Which engine API tests run on: the vitest project sets TEST_DB (pglite or postgres). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A database of its own for one test file: in-memory PGlite, or a fresh PostgreSQL database created beside
 * TEST_DATABASE_URL and dropped afterwards, so parallel runs and reruns never see each other's rows.
 */
export async function openTestDatabase(opts: { poolSize?: number; acquireTimeoutMs?: number } = {}): Promise<DatabaseHandle> {
  if (TEST_DB === 'pglite') return openDatabase({ dataDir: 'memory://', acquireTimeoutMs: opts.acquireTimeoutMs });
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: opts.poolSize ?? 5, acquireTimeoutMs: opts.acquireTimeoutMs });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
