import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config.js';
import { migrations as knownMigrations } from '../platform/migrations/index.js';
import { readBackupHeader, writeBackupFile } from './backup-file.js';
import { differences, type Inventory } from './inventory.js';
import { dumpPglite, preparePgliteTarget, restorePglite } from './pglite-backup.js';
import { dumpPostgres, preparePostgresTarget, restorePostgres } from './postgres-backup.js';
import { keyForBackup, restoreKey } from './secrets-key.js';

/**
 * `npm run backup` and `npm run restore`: the whole database of either kind (every record, every file, since files
 * live in `stored_file`, every setting, the job queue) plus, for the generated key, the key that opens sealed
 * site secrets. A restore goes only into an empty database unless forced, and checks afterwards that every table
 * holds exactly the rows the backup counted.
 */
export interface Outcome {
  kind: 'postgres' | 'pglite';
  tables: number;
  rows: number;
  notes: string[];
}

const pgliteDir = (config: Config) => path.join(config.dataDir, 'pglite');
const totals = (inv: Inventory) => ({ tables: Object.keys(inv.tables).length, rows: Object.values(inv.tables).reduce((a, b) => a + b, 0) });

export async function backup(config: Config, file: string, opts: { withoutKey?: boolean } = {}): Promise<Outcome & { bytes: number }> {
  const { secrets, notes } = keyForBackup(config, !opts.withoutKey);
  const createdAt = new Date().toISOString();
  if (config.databaseUrl) {
    const { inventory, dumpFile, cleanup } = await dumpPostgres(config.databaseUrl);
    try {
      const bytes = await writeBackupFile(file, { kind: 'postgres', createdAt, ...inventory, secrets }, { path: dumpFile });
      return { kind: 'postgres', ...totals(inventory), bytes, notes };
    } finally {
      cleanup();
    }
  }
  const { inventory, dump } = await dumpPglite(pgliteDir(config));
  const bytes = await writeBackupFile(file, { kind: 'pglite', createdAt, ...inventory, secrets }, dump);
  return { kind: 'pglite', ...totals(inventory), bytes, notes };
}

export class RestoreRefused extends Error {}

export async function restore(config: Config, file: string, opts: { force?: boolean } = {}): Promise<Outcome> {
  const { manifest, payloadOffset } = readBackupHeader(file);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== target) {
    const hint = manifest.kind === 'postgres' ? 'set DATABASE_URL to the PostgreSQL database to restore into' : 'unset DATABASE_URL to restore the embedded database';
    throw new RestoreRefused(`this is a backup of ${manifest.kind === 'postgres' ? 'a PostgreSQL' : 'an embedded (PGlite)'} database: ${hint}`);
  }
  const unknown = manifest.migrations.filter((m) => !(m in knownMigrations));
  if (unknown.length > 0) throw new RestoreRefused(`the backup comes from a newer portal (migrations ${unknown.join(', ')}): restore it with that version`);

  const notes: string[] = [];
  let restored: Inventory;
  if (config.databaseUrl) {
    const existing = await preparePostgresTarget(config.databaseUrl, opts.force ?? false);
    if (existing.length > 0) throw new RestoreRefused(`the database is not empty (${existing.length} tables): restore into a new database, or add --force to drop everything in it first`);
    if (opts.force) notes.push('Dropped what the database held before.');
    restored = await restorePostgres(config.databaseUrl, file, payloadOffset);
  } else {
    const dir = pgliteDir(config);
    const { occupied, movedTo } = preparePgliteTarget(dir, opts.force ?? false);
    if (occupied) throw new RestoreRefused(`${dir} already holds a database: stop the portal and add --force (the old directory is kept beside it), or set DATA_DIR to a new directory`);
    if (movedTo) notes.push(`The previous database was moved to ${movedTo}.`);
    restored = await restorePglite(dir, fs.readFileSync(file).subarray(payloadOffset));
  }
  const missing = differences(manifest.tables, restored.tables);
  if (missing.length > 0) throw new Error(`the restored database does not match the backup:\n${missing.join('\n')}`);
  notes.push(...restoreKey(config, manifest.secrets));
  return { kind: target, ...totals(restored), notes };
}
