import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, type Transaction } from 'kysely';
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
  /** The embedded database's files as one uncompressed tar (PGlite only; PGliteStart.loadDataDir starts from it). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * How long a call may wait for a free database connection. Beyond it the portal is overloaded (or a connection
 * is stuck): the call answers "busy, try again" (HTTP 503) instead of waiting without end. Both pools queue first
 * come, first served.
 */
export const ACQUIRE_TIMEOUT_MS = 10_000;
const POOL_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** pg-pool's error for a caller that waited ACQUIRE_TIMEOUT_MS without getting a connection. */
export function isPoolTimeout(err: unknown): boolean {
  return err instanceof Error && err.message === POOL_TIMEOUT_MESSAGE;
}

/**
 * PostgreSQL when a URL is given, otherwise the embedded PGlite (in `dataDir`, or in memory when dataDir is
 * 'memory://'). Both are reached through a pg.Pool, so Kysely, pg-boss and raw SQL behave the same on each.
 */
/** Connections of a PostgreSQL pool unless told otherwise (the servers' and workers'). */
export const DEFAULT_POOL_SIZE = 10;

/**
 * `pglite`: what PGlite may start from instead of its own files (tests: its share files and a migrated database
 * kept from the first start, see testing/database.ts).
 */
export type PGliteStart = Pick<PGliteOptions, 'loadDataDir' | 'fsBundle'>;

export async function openDatabase(opts: { url?: string | undefined; dataDir?: string; poolSize?: number; acquireTimeoutMs?: number; pglite?: PGliteStart }): Promise<DatabaseHandle> {
  const connectionTimeoutMillis = opts.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis });
    // An idle connection that dies (a database restart) is dropped by the pool and the next query opens a new one;
    // without a listener its 'error' event would end the process. The app adds one that logs.
    pool.on('error', () => undefined);
    // The same for a connection in use: PgBouncer, when its server goes (a failover), sends a second error after the
    // one the statement got, while the caller still holds the connection. The statement has failed already; the
    // pool drops the broken connection when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return wrap(pool, 'postgres', async () => undefined);
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => undefined : lockDataDir(dataDir);
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...opts.pglite }).catch((err: unknown) => {
    unlock();
    throw err;
  });
  // PGlite is one connection; the pool serialises callers (a transaction holds it until it ends).
  // PGlite's adapter hands pg a ready `connection` object (its own class), which @types/pg's config does not declare.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, connectionTimeoutMillis } as unknown as pg.PoolConfig);
  const close = async () => {
    await pglite.close();
    unlock();
  };
  return { ...wrap(pool, 'pglite', close, yieldingConnect(pool)), dumpDataDir: () => pglite.dumpDataDir('none') };
}

/**
 * PGlite answers in-process: a result arrives as a resolved promise, not as socket input. With callers queued for
 * its one connection, each release handed it to the next caller and the whole queue ran in one unbroken chain of
 * promise callbacks: the event loop polled no sockets and ran no timers until the queue was empty, so under load
 * requests waited unread for more than 30 s (and the acquire timeout could not fire). Every caller therefore gives
 * the event loop one turn after it gets the connection: waiting requests are read and queue behind it, in order.
 */
function yieldingConnect(pool: pg.Pool) {
  return {
    async connect() {
      const client = await pool.connect();
      await new Promise((resolve) => setImmediate(resolve));
      return client;
    },
    end: () => pool.end(),
  };
}

/**
 * Kysely's migration lock is a session advisory lock taken and released by separate statements. Behind PgBouncer in
 * transaction mode each statement may run on a different server connection: the unlock misses, and the lock stays
 * on a pooled connection for good (the next process's migration waits on it). So the migrations run in one
 * transaction, as Kysely's would anyway, holding a transaction-level lock that its end releases: `BEGIN` and the
 * lock here, `COMMIT` at release (after a failed migration the transaction is aborted, and COMMIT rolls it back).
 */
class TransactionLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`BEGIN`.execute(db);
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID}::bigint)`.execute(db);
  }
  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`COMMIT`.execute(db);
  }
}

/** Kysely's own lock id, so a portal of an older version migrating at the same moment still waits for this one. */
const MIGRATION_LOCK_ID = '3853314791062309107';

class PortalDialect extends PostgresDialect {
  override createAdapter() {
    return new TransactionLockAdapter();
  }
}

function wrap(pool: pg.Pool, kind: DatabaseHandle['kind'], closeEngine: () => Promise<void>, kyselyPool: Pick<pg.Pool, 'connect' | 'end'> = pool): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PortalDialect({ pool: kyselyPool }) });
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

export async function migrate(db: Db, upTo?: string): Promise<void> {
  // The adapter's lock opens and ends the one transaction (TransactionLockAdapter); Kysely must not open its own.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, disableTransactions: true });
  // `upTo`: a database as an older version left it (tests of a migration's move of existing rows).
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** PostgreSQL's unique_violation: two requests raced for the same unique value (e.g. a mail). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** A row still referenced by another table's foreign key (a removal that something else still uses). */
export function isForeignKeyViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23503';
}
