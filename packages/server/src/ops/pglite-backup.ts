import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from '../platform/data-lock.js';
import { takeInventory, type Inventory, type Query } from './inventory.js';

/**
 * The embedded database is copied as its data directory (PGlite's dumpDataDir: a gzipped tar taken while no query
 * runs, after a checkpoint) and restored with loadDataDir into a new directory. Only one process may open the
 * directory, so both hold its lock: they refuse while the portal runs on it (stop it first).
 */
export async function dumpPglite(dir: string): Promise<{ inventory: Inventory; dump: Buffer }> {
  if (!fs.existsSync(`${dir}/PG_VERSION`)) throw new Error(`there is no embedded database in ${dir}`);
  const unlock = lockDataDir(dir);
  try {
    const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
    try {
      await pglite.exec('CHECKPOINT');
      const inventory = await takeInventory(queryOf(pglite));
      const dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
      return { inventory, dump };
    } finally {
      await pglite.close();
    }
  } finally {
    unlock();
  }
}

/** Whether the directory holds anything; with `force` an existing one is moved aside (its name is returned). */
export function preparePgliteTarget(dir: string, force: boolean): { occupied: boolean; movedTo?: string } {
  const occupied = fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
  if (!occupied || !force) return { occupied };
  const unlock = lockDataDir(dir);
  try {
    const movedTo = `${dir}.replaced-${Date.now()}`;
    fs.renameSync(dir, movedTo);
    return { occupied: false, movedTo };
  } finally {
    unlock();
  }
}

export async function restorePglite(dir: string, dump: Buffer): Promise<Inventory> {
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    const pglite = await PGlite.create(dir, { loadDataDir: new Blob([new Uint8Array(dump)]), extensions: { pg_trgm } });
    try {
      return await takeInventory(queryOf(pglite));
    } finally {
      await pglite.close();
    }
  } finally {
    unlock();
  }
}

const queryOf =
  (pglite: PGlite): Query =>
  async <R>(text: string) =>
    (await pglite.query<R>(text)).rows;
