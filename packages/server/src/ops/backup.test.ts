import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal } from '../app.js';
import { seedDemo } from '../demo/seed.js';
import { readConfig, type Config } from '../platform/config.js';
import { DataDirInUse } from '../platform/data-lock.js';
import { openDatabase, type Db } from '../platform/db.js';
import { fileBytes } from '../platform/files.js';
import { loadSecretsKey, secretBox } from '../platform/secrets.js';
import { TEST_DATABASE_URL, TEST_DB } from '../testing/database.js';
import { readBackupHeader } from './backup-file.js';
import { backup, restore, RestoreRefused } from './backup.js';
import { listTables, qualified, type Query } from './inventory.js';

/**
 * A portal with demo data (records, stored files, settings, sealed site secrets, the job queue) is backed up and
 * restored into a fresh database of the same kind; every table must hold the same rows, byte for byte.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
const databases: string[] = [];
const backupFile = path.join(work, 'portal.backup');
let source: Config;
let target: Config;
let before: Record<string, string>;

/** A configuration on a DATA_DIR of its own and, on PostgreSQL, a new database of its own. */
async function freshConfig(name: string): Promise<Config> {
  const dataDir = path.join(work, name);
  let databaseUrl: string | undefined;
  if (TEST_DB === 'postgres') {
    const db = `portal_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${db}`);
    databases.push(db);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${db}`;
    databaseUrl = url.toString();
  }
  return { ...readConfig({}), dataDir, databaseUrl, logLevel: 'silent', demo: true, secretsKey: undefined };
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(text).finally(() => admin.end());
}

/** Opens the configuration's database the way the server does, for the length of `use`. */
async function withDatabase<T>(config: Config, use: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

/** Every table's row count and a checksum over all its rows, in a stable order. */
async function contents(db: Db): Promise<Record<string, string>> {
  const query: Query = async <R>(text: string) => (await sql.raw<R>(text).execute(db)).rows;
  const result: Record<string, string> = {};
  for (const table of await listTables(query)) {
    const [row] = await query<{ v: string }>(
      `SELECT count(*)::text || ' rows ' || coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '-') AS v FROM ${qualified(table)} t`,
    );
    result[table] = row!.v;
  }
  return result;
}

beforeAll(async () => {
  source = await freshConfig('source');
  target = await freshConfig('target');
  const portal = await buildPortal({ config: source, jobs: true });
  await seedDemo(portal.services);
  await portal.close();
  before = await withDatabase(source, contents);
}, 180_000);

afterAll(async () => {
  for (const db of databases) await adminQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${TEST_DB})`, () => {
  it('the demo data fills what must survive: records, files, settings, sealed secrets, the job schedule', () => {
    for (const table of ['public.ec_record', 'public.ws_record', 'public.stored_file', 'public.client_setting', 'public.ec_site_account', 'public.users', 'pgboss.schedule']) {
      expect(before[table], table).toMatch(/^[1-9]\d* rows /);
    }
  });

  it('backs up every table with its row count, and the generated secrets key with a warning', async () => {
    const done = await backup(source, backupFile);
    expect(done.kind).toBe(TEST_DB);
    expect(done.tables).toBe(Object.keys(before).length);
    const { manifest } = readBackupHeader(backupFile);
    expect(Object.entries(manifest.tables).map(([t, n]) => `${t} ${n}`)).toEqual(Object.entries(before).map(([t, v]) => `${t} ${v.split(' ')[0]}`));
    expect(manifest.secrets.key).toBe(fs.readFileSync(path.join(source.dataDir, 'secrets.key'), 'utf8').trim());
    expect(done.notes.join('\n')).toContain('WARNING: the backup contains');
    expect(fs.statSync(backupFile).mode & 0o077).toBe(0); // only the owner may read it
  }, 120_000);

  it('restores into a fresh database: every table holds the same rows, files read back, sealed secrets open', async () => {
    const done = await restore(target, backupFile);
    expect(done.rows).toBeGreaterThan(0);
    const after = await withDatabase(target, contents);
    expect(after).toEqual(before);

    const sourceBox = secretBox(loadSecretsKey(undefined, source.dataDir));
    const targetBox = secretBox(loadSecretsKey(undefined, target.dataDir));
    await withDatabase(target, async (db) => {
      const account = await db.selectFrom('ec_site_account').select('password_sealed').executeTakeFirstOrThrow();
      expect(targetBox.open(account.password_sealed)).toBe(sourceBox.open(account.password_sealed));
      const files = await db.selectFrom('stored_file').select(['name', 'size']).execute();
      for (const f of files) expect((await fileBytes(db, f.name))?.length).toBe(f.size);
    });
    // The portal starts on it as it is: nothing to migrate, ready at once.
    const portal = await buildPortal({ config: target });
    try {
      expect((await portal.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
    } finally {
      await portal.close();
    }
  }, 120_000);

  it('refuses to restore over a database that holds data, unless forced', async () => {
    await expect(restore(target, backupFile)).rejects.toThrow(RestoreRefused);
    const done = await restore(target, backupFile, { force: true });
    expect(done.notes.join('\n')).toMatch(TEST_DB === 'postgres' ? /Dropped what the database held/ : /previous database was moved to/);
    expect(await withDatabase(target, contents)).toEqual(before);
  }, 120_000);

  it('refuses a backup of the other kind of database, and a file that is not a backup', async () => {
    const otherKind: Config = { ...target, databaseUrl: TEST_DB === 'postgres' ? undefined : TEST_DATABASE_URL };
    await expect(restore(otherKind, backupFile)).rejects.toThrow(/backup of/);
    const junk = path.join(work, 'junk.backup');
    fs.writeFileSync(junk, 'PORTAL-BACKUP 1\n{"kind":"pglite"}\n');
    await expect(restore(target, junk)).rejects.toThrow(/not a portal backup/);
  });

  it('while a portal has the database open: the embedded one refuses, PostgreSQL backs up one consistent snapshot', async () => {
    const file = path.join(work, 'while-open.backup');
    await withDatabase(source, async () => {
      if (TEST_DB === 'pglite') await expect(backup(source, file)).rejects.toThrow(DataDirInUse);
      else expect((await backup(source, file)).tables).toBe(Object.keys(before).length);
    });
  }, 120_000);
});
