import { sql, type Kysely } from 'kysely';
import type { RecordTable } from './record-partitions.js';

/** A foreign key of another table (evidence, pictures, triage scores) to a record, remade with the client beside. */
export interface RecordReference {
  table: string;
  name: string;
  column: string;
  recordTable: string;
  recordId: string;
}

/**
 * Swaps every old table for its filled twin in the caller's transaction: locks the old tables, hands their
 * sequences to the twins, drops them (their foreign keys from other tables go with them), gives the twins the old
 * names (indexes and constraints too), puts back the old tables' triggers, and remakes the other tables' foreign
 * keys to a record as (client_id, <record id>) with ON DELETE CASCADE. `validate: 'later'` adds those NOT VALID
 * (no scan under the lock) and answers them, for `validateReferences` after the commit.
 */
export async function swapTwins(db: Kysely<unknown>, tables: RecordTable[], validate: 'now' | 'later'): Promise<RecordReference[]> {
  const ours = new Set(tables.map((t) => t.table));
  for (const t of tables) await sql`LOCK TABLE ${sql.id(t.table)} IN ACCESS EXCLUSIVE MODE`.execute(db);
  const references: RecordReference[] = [];
  const triggers: string[] = [];
  for (const t of tables) {
    const found = await sql<{ table: string; name: string; column: string }>`
      SELECT c.conrelid::regclass::text AS table, c.conname AS name, a.attname AS column
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.confrelid = ${t.table}::regclass AND c.contype = 'f' AND cardinality(c.conkey) = 1`.execute(db);
    for (const r of found.rows) if (!ours.has(r.table)) references.push({ ...r, recordTable: t.table, recordId: t.id });
    const defs = await sql<{ def: string }>`
      SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger
      WHERE tgrelid = ${t.table}::regclass AND NOT tgisinternal AND tgname <> 'partition_sync' ORDER BY tgname`.execute(db);
    triggers.push(...defs.rows.map((d) => d.def));
    const sequence = await sql<{ seq: string | null }>`SELECT pg_get_serial_sequence(${t.table}, ${t.id}) AS seq`.execute(db);
    if (sequence.rows[0]?.seq) await sql`ALTER SEQUENCE ${sql.raw(sequence.rows[0].seq)} OWNED BY ${sql.id(`${t.table}_parted`, t.id)}`.execute(db);
  }
  // Histories first: their old foreign keys point at the old records.
  for (const t of [...tables].reverse()) {
    await sql`DROP TABLE ${sql.id(t.table)} CASCADE`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.id(`${t.table}_partition_sync`)}()`.execute(db);
  }
  for (const t of tables) await renameTwin(db, t);
  for (const def of triggers) await sql.raw(def).execute(db);
  for (const r of references) {
    await sql`
      ALTER TABLE ${sql.id(r.table)} ADD CONSTRAINT ${sql.id(r.name)}
      FOREIGN KEY (client_id, ${sql.id(r.column)}) REFERENCES ${sql.id(r.recordTable)} (client_id, ${sql.id(r.recordId)}) ON DELETE CASCADE
      ${validate === 'later' ? sql`NOT VALID` : sql``}`.execute(db);
  }
  return validate === 'later' ? references : [];
}

async function renameTwin(db: Kysely<unknown>, t: RecordTable): Promise<void> {
  const name = `${t.table}_parted`;
  await sql`ALTER TABLE ${sql.id(name)} RENAME TO ${sql.id(t.table)}`.execute(db);
  const constraints = await sql<{ name: string }>`
    SELECT conname AS name FROM pg_constraint WHERE conrelid = ${t.table}::regclass AND conname LIKE '%\_parted%'`.execute(db);
  for (const c of constraints.rows) {
    await sql`ALTER TABLE ${sql.id(t.table)} RENAME CONSTRAINT ${sql.id(c.name)} TO ${sql.id(c.name.replace('_parted', ''))}`.execute(db);
  }
  const indexes = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = ${t.table}::regclass AND c.relname LIKE '%\_parted'`.execute(db);
  for (const i of indexes.rows) await sql`ALTER INDEX ${sql.id(i.name)} RENAME TO ${sql.id(i.name.replace(/_parted$/, ''))}`.execute(db);
}

/** Checks the foreign keys added NOT VALID by an online swap; this lock lets reads and writes go on. */
export async function validateReferences(db: Kysely<unknown>, references: Pick<RecordReference, 'table' | 'name'>[]): Promise<void> {
  for (const r of references) await sql`ALTER TABLE ${sql.id(r.table)} VALIDATE CONSTRAINT ${sql.id(r.name)}`.execute(db);
}
