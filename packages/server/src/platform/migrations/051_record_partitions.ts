import type { Kysely } from 'kysely';
import { swapTwins } from '../partitions/record-partition-swap.js';
import { copyAll, createTwin, dropLeftovers, HISTORY_TABLES, RECORD_TABLES, tableKind } from '../partitions/record-partitions.js';

/**
 * The record tables and their histories hashed by client (issue 33, point 2; platform/partitions). A database
 * moved online beforehand (`npm run partition-records`) is partitioned already and nothing happens here; any other
 * is converted in this transaction: instant on a fresh or small one, minutes of locked tables on a big one, which
 * is what the online move is for (docs/operations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = [...RECORD_TABLES, ...HISTORY_TABLES];
  const kinds = await Promise.all(tables.map((t) => tableKind(db, t.table)));
  if (kinds.every((k) => k === 'p')) return;
  if (kinds.some((k) => k === 'p')) throw new Error('the record tables are partly partitioned: finish `npm run partition-records` first');
  // An online move stopped half-way left its twins: the conversion starts from the old tables again.
  for (const t of tables) await dropLeftovers(db, t);
  for (const t of tables) {
    await createTwin(db, t);
    await copyAll(db, t);
  }
  await swapTwins(db, tables, 'now');
}

export async function down(): Promise<void> {
  throw new Error('the record tables stay partitioned');
}
