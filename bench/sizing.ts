import { sql } from 'kysely';
import { createClient, startTestPortal, type Db } from '@portal/server/testing';
import { seedEcRecords, seedInfringementCategories } from './ec-dataset.js';

/**
 * What a million marketplace records take on disk, for the operations guide's sizing (docs/operations.md, "Sizing"):
 * SIZING_ROWS generated records (default 1,000,000; ec-dataset.ts, as the list benchmarks use) of one client on
 * PostgreSQL, vacuumed and analyzed as autovacuum leaves them, then the bytes of the record table with its
 * indexes and TOAST summed over its partitions, of its history, and of the whole database.
 * Run: TEST_DB=postgres node --import tsx sizing.ts (bench/).
 */
const ROWS = Number(process.env.SIZING_ROWS ?? 1_000_000);

if (process.env.TEST_DB !== 'postgres') throw new Error('sizing measures PostgreSQL: TEST_DB=postgres');

/** A table's bytes with its indexes and TOAST, over every partition (a plain table is its own one-member tree). */
async function treeBytes(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`SELECT coalesce(sum(pg_total_relation_size(relid)), 0) AS bytes FROM pg_partition_tree(${table}::regclass)`.execute(db);
  return Number(rows[0]!.bytes);
}

async function databaseBytes(db: Db): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`SELECT pg_database_size(current_database()) AS bytes`.execute(db);
  return Number(rows[0]!.bytes);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const tp = await startTestPortal();
try {
  const db = tp.portal.services.db;
  const empty = await databaseBytes(db);
  const subIds = await seedInfringementCategories(db);
  const clientId = await createClient(tp, 'Sizing Co');
  const started = performance.now();
  await seedEcRecords(db, clientId, ROWS, subIds);
  const seconds = (performance.now() - started) / 1000;
  await sql`VACUUM ANALYZE`.execute(db);
  const records = await treeBytes(db, 'ec_record');
  const history = await treeBytes(db, 'ec_record_history');
  const whole = (await databaseBytes(db)) - empty;
  const perMillion = (bytes: number) => mb((bytes * 1_000_000) / ROWS);
  console.log(`sizing: ${ROWS.toLocaleString('en')} EC records generated in ${seconds.toFixed(0)} s`);
  console.log(`  ec_record with indexes and TOAST: ${mb(records)} (${perMillion(records)} per 1,000,000 records, ${Math.round(records / ROWS)} bytes a record)`);
  console.log(`  ec_record_history: ${mb(history)}`);
  console.log(`  the database's growth: ${mb(whole)} (${perMillion(whole)} per 1,000,000 records)`);
} finally {
  await tp.close();
}
