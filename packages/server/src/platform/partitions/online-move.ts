import { sql, type Kysely } from 'kysely';
import { swapTwins, validateReferences } from './record-partition-swap.js';
import { addSyncTrigger, copiedColumns, copyBatch, createTwin, dropLeftovers, HISTORY_TABLES, RECORD_TABLES, tableKind, type RecordTable } from './record-partitions.js';

export interface OnlineMoveOptions {
  /** Rows per copying transaction: each holds share locks on its rows for well under a second. */
  batchSize?: number;
  /** How long the swap waits for its locks before it lets the portal go on and tries again. */
  lockTimeoutMs?: number;
  log?: (line: string) => void;
  /** Called after each batch (tests write rows here, as the running portal would). */
  afterBatch?: (table: string, lastId: string) => Promise<void>;
}

export interface OnlineMoveResult {
  already: boolean;
  copied: Record<string, number>;
  swapAttempts: number;
}

/**
 * Moves the record tables and their histories into their partitioned twins while the portal keeps running
 * (`npm run partition-records`, before an upgrade that brings migration 051): the twins and a trigger keeping each
 * in step are made in one short transaction per table; rows are copied in batches by id; the names are swapped in
 * one short transaction under a lock timeout (tried again until it gets its locks); the other tables' foreign keys
 * to records are then validated without blocking writes, and the new tables analyzed.
 */
export async function moveRecordsOnline<DB>(portalDb: Kysely<DB>, opts: OnlineMoveOptions = {}): Promise<OnlineMoveResult> {
  // Raw SQL on catalogue names only: the portal's table types say nothing here (as in a migration).
  const db = portalDb as unknown as Kysely<unknown>;
  const log = opts.log ?? (() => undefined);
  const tables = [...RECORD_TABLES, ...HISTORY_TABLES];
  const kinds = await Promise.all(tables.map((t) => tableKind(db, t.table)));
  if (kinds.every((k) => k === 'p')) {
    // A run stopped between its swap and its checks left references to validate.
    await validateReferences(db, await notValidReferences(db));
    return { already: true, copied: {}, swapAttempts: 0 };
  }
  if (kinds.some((k) => k !== 'r')) throw new Error('the record tables are missing or partly partitioned');
  const copied: Record<string, number> = {};
  // Records before histories: a history twin's foreign key needs every record in the records' twin.
  for (const group of [RECORD_TABLES, HISTORY_TABLES]) {
    for (const t of group) {
      await db.transaction().execute(async (tx) => {
        await dropLeftovers(tx, t);
        await createTwin(tx, t);
        await addSyncTrigger(tx, t);
      });
      log(`${t.table}: twin made, changes followed`);
    }
    for (const t of group) {
      copied[t.table] = await copyTable(db, t, opts, log);
      // Statistics of the filled twin: without them each history row's foreign key check misplans (70 s instead
      // of about 6 s for 100,000 rows, measured) and so would the portal's first queries after the swap.
      await sql`ANALYZE ${sql.id(`${t.table}_parted`)}`.execute(db);
    }
  }
  const swapAttempts = await swap(db, tables, opts.lockTimeoutMs ?? 5_000, log);
  log('swapped; checking the other tables\' references to records');
  await validateReferences(db, await notValidReferences(db));
  log('done');
  return { already: false, copied, swapAttempts };
}

async function copyTable(db: Kysely<unknown>, t: RecordTable, opts: OnlineMoveOptions, log: (line: string) => void): Promise<number> {
  const columns = await copiedColumns(db, t.table);
  let after = '0';
  let batches = 0;
  for (;;) {
    const last = await db.transaction().execute((tx) => copyBatch(tx, t, columns, after, opts.batchSize ?? 5_000));
    if (last === null) break;
    after = last;
    batches++;
    if (batches % 100 === 0) log(`${t.table}: copied up to id ${after}`);
    await opts.afterBatch?.(t.table, after);
  }
  log(`${t.table}: copied in ${batches} batches`);
  return batches;
}

async function swap(db: Kysely<unknown>, tables: RecordTable[], lockTimeoutMs: number, log: (line: string) => void): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (tx) => {
        await sql`SELECT set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(tx);
        await swapTwins(tx, tables, 'later');
      });
      return attempt;
    } catch (err) {
      // 55P03: the locks were not had in time (a long report or export running); the portal went on meanwhile.
      if ((err as { code?: string }).code !== '55P03' || attempt >= 20) throw err;
      log(`swap: locks not free within ${lockTimeoutMs} ms, trying again (${attempt})`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** The foreign keys to the record tables that the swap added NOT VALID (also those of an earlier, stopped run). */
async function notValidReferences(db: Kysely<unknown>) {
  const { rows } = await sql<{ table: string; name: string }>`
    SELECT conrelid::regclass::text AS table, conname AS name FROM pg_constraint
    WHERE contype = 'f' AND NOT convalidated AND confrelid::regclass::text IN ('ec_record', 'ws_record', 'sns_record')`.execute(db);
  return rows;
}
