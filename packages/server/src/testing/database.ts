import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type DatabaseHandle, type PGliteStart } from '../platform/db.js';
import { migrations } from '../platform/migrations/index.js';

/** Which engine API tests run on: the vitest project sets TEST_DB (pglite or postgres). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A database of its own for one test file (`url`: its direct address, on PostgreSQL): in-memory PGlite, or a fresh PostgreSQL database created beside
 * TEST_DATABASE_URL and dropped afterwards, so parallel runs and reruns never see each other's rows.
 *
 * Each starts already migrated, from a template made once: a test run opens about a hundred databases per engine,
 * and each start from nothing cost 2-3 s of CPU (PGlite compiling its WebAssembly, initdb, the migrations). The
 * portal still runs `migrate` on it, which then finds nothing to do.
 */
export async function openTestDatabase(opts: { poolSize?: number; acquireTimeoutMs?: number; via?: (url: string) => string; server?: string; blank?: boolean } = {}): Promise<DatabaseHandle & { url?: string }> {
  if (TEST_DB === 'pglite') return openDatabase({ dataDir: 'memory://', acquireTimeoutMs: opts.acquireTimeoutMs, pglite: await pgliteTemplate() });
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // `server`: another PostgreSQL server (a test's own primary), where the database starts empty and the portal migrates it.
  const server = opts.server ?? TEST_DATABASE_URL;
  // `blank`: PostgreSQL only, no migration run yet (a test migrates it to an older version itself).
  const template = opts.server || opts.blank ? 'template0' : await postgresTemplate();
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`, server);
  // `via`: the portal reaches it through a pooler (PgBouncer); creating and dropping it stay direct.
  const url = databaseUrl(name, server);
  const handle = await openDatabase({ url: opts.via ? opts.via(url) : url, poolSize: opts.poolSize ?? 5, acquireTimeoutMs: opts.acquireTimeoutMs });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, server);
    },
  };
}

/** The migrations' names: a template made for other migrations (another checkout, an older commit) is not used. */
const migrationsKey = createHash('sha256').update(Object.keys(migrations).join('\n')).digest('hex').slice(0, 12);

function databaseUrl(name: string, server = TEST_DATABASE_URL): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string, server = TEST_DATABASE_URL): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    return await admin.query(sql);
  } finally {
    await admin.end();
  }
}

let pgliteStart: Promise<PGliteStart> | undefined;

/**
 * A migrated PGlite database (and PGlite's share files), made once per test worker: the files of a project share
 * it. PGlite's compiled WebAssembly is not shared: Node 24's V8 aborted ("jit_page_->allocations_") after a few
 * dozen instances had run on one compiled module.
 */
function pgliteTemplate(): Promise<PGliteStart> {
  pgliteStart ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const files: PGliteStart = { fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]) };
    const first = await openDatabase({ dataDir: 'memory://', pglite: files });
    try {
      await migrate(first.db);
      if (!first.dumpDataDir) throw new Error('an embedded database can be dumped');
      return { ...files, loadDataDir: await first.dumpDataDir() };
    } finally {
      await first.close();
    }
  })();
  return pgliteStart;
}

let postgresStart: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database that test databases are copied from (CREATE DATABASE … TEMPLATE), made once for
 * these migrations by whichever worker comes first (an advisory lock keeps the others waiting) and kept between
 * runs; templates of older migrations are dropped but for the two newest.
 */
function postgresTemplate(): Promise<string> {
  postgresStart ??= (async () => {
    const template = `portal_template_${migrationsKey}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_advisory_lock(hashtext('portal test template'))`);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        // Older migrations' templates go, but for the two newest: a run of another checkout (a CI run beside a
        // session's tests) may be copying one of those right now.
        const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'portal\\_template\\_%' ORDER BY oid DESC OFFSET 2");
        for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        // Made under another name and renamed when whole, so a run stopped half-way leaves no half-migrated template.
        const making = `${template}_making`;
        await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${making}`);
        const handle = await openDatabase({ url: databaseUrl(making), poolSize: 1 });
        try {
          await migrate(handle.db);
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE ${making} RENAME TO ${template}`);
      }
      return template;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext('portal test template'))`).catch(() => undefined);
      await admin.end();
    }
  })();
  return postgresStart;
}
