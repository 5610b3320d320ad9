import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-lock.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

// Dates stay 'YYYY-MM-DD' strings (no time-zone shifts); counts (int8) become numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * PostgreSQL when a URL is given, otherwise the embedded PGlite (in `dataDir`, or in memory when dataDir is
 * 'memory://'). Both are reached through a pg.Pool, so Kysely, pg-boss and raw SQL behave the same on each.
 */
export async function openDatabase(opts: { url?: string | undefined; dataDir?: string; poolSize?: number }): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection that dies (a database restart) is dropped by the pool and the next query opens a new one;
    // without a listener its 'error' event would end the process. The app adds one that logs.
    pool.on('error', () => undefined);
    return wrap(pool, 'postgres', async () => undefined);
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => undefined : lockDataDir(dataDir);
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } }).catch((err: unknown) => {
    unlock();
    throw err;
  });
  // PGlite is one connection; the pool serialises callers (a transaction holds it until it ends).
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 } as unknown as pg.PoolConfig);
  return wrap(pool, 'pglite', async () => {
    await pglite.close();
    unlock();
  });
}

function wrap(pool: pg.Pool, kind: DatabaseHandle['kind'], closeEngine: () => Promise<void>): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind,
    async close() {
      await db.destroy();
      await closeEngine();
    },
  };
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** PostgreSQL's unique_violation: two requests raced for the same unique value (e.g. a mail). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
