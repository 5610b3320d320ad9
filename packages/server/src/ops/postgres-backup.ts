import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { listTables, takeInventory, type Inventory, type Query } from './inventory.js';

/**
 * PostgreSQL through its own tools: pg_dump's custom format (compressed, restorable object by object) and
 * pg_restore. The row counts are taken in the very snapshot pg_dump reads (an exported snapshot), so a backup of a
 * running portal is consistent and its counts are exact.
 */
export async function dumpPostgres(url: string): Promise<{ inventory: Inventory; dumpFile: string; cleanup(): void }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const inventory = await takeInventory(queryOf(client));
    const dumpFile = path.join(dir, 'database.dump');
    await runTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${dumpFile}`], url);
    await client.query('COMMIT');
    return { inventory, dumpFile, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  } finally {
    await client.end();
  }
}

/** The tables already in the database; with `force` everything outside PostgreSQL's own schemas is dropped first. */
export async function preparePostgresTarget(url: string, force: boolean): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await listTables(queryOf(client));
    if (tables.length === 0 || !force) return tables;
    const schemas = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
    );
    for (const { name } of schemas.rows) await client.query(`DROP SCHEMA "${name.replaceAll('"', '""')}" CASCADE`);
    await client.query('CREATE SCHEMA public');
    return [];
  } finally {
    await client.end();
  }
}

/** Loads a dump (read from `file` at `offset`) in one transaction: all of it or, on any error, nothing. */
export async function restorePostgres(url: string, file: string, offset: number): Promise<Inventory> {
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'], url, fs.createReadStream(file, { start: offset }));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await takeInventory(queryOf(client));
  } finally {
    await client.end();
  }
}

const queryOf =
  (client: pg.Client): Query =>
  async <R>(text: string) =>
    (await client.query(text)).rows as R[];

/** The password goes to the tool through its environment, never on a command line others can read (ps). */
function withoutPassword(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

/** Runs pg_dump or pg_restore on the database at `url` (pg_restore reads the dump from `stdin`). */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string, stdin?: NodeJS.ReadableStream): Promise<void> {
  const password = decodeURIComponent(new URL(url).password);
  const fullArgs = [...args, `--dbname=${withoutPassword(url)}`];
  return new Promise((resolve, reject) => {
    const child = spawn(tool, fullArgs, { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error(`${tool} not found: install the PostgreSQL client tools (the server's major version or newer)`) : err),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`))));
    if (stdin && child.stdin) {
      child.stdin.on('error', () => undefined); // the tool failing early closes its input; its exit code tells why
      stdin.pipe(child.stdin);
    }
  });
}
