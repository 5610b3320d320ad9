import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The record tables partitioned by client (issue 33, point 2): each of EC, WS and SNS and its history is hashed on
 * `client_id` into RECORD_PARTITIONS partitions, so every query that names a client reads one partition.
 *
 * A table is moved by building its partitioned twin beside it (`<table>_parted`, the same columns, indexes and
 * outgoing foreign keys, read from the catalogue so nothing is retyped), filling it, and swapping the names in one
 * short transaction. The start-time migration (051) does all of it at once on a small or fresh database;
 * `npm run partition-records` (ops/partition-records.ts) does it online on a big one, in batches, with a trigger
 * on each old table keeping its twin in step. Primary keys become (id, client_id): PostgreSQL wants the partition
 * key in every unique index; ids stay unique from their own sequences, which move over to the twins.
 */
export const RECORD_PARTITIONS = 8;

export interface RecordTable {
  table: string;
  id: string;
  /** For a history table: its column naming the record (the foreign key becomes (client_id, record_id)). */
  recordOf?: { table: string; id: string; column: string };
}

const KINDS = [
  { table: 'ec_record', id: 'ec_id' },
  { table: 'ws_record', id: 'ws_id' },
  { table: 'sns_record', id: 'sns_id' },
];
/** The record tables first: a history twin's foreign key needs its records' twin filled. */
export const RECORD_TABLES: RecordTable[] = KINDS;
export const HISTORY_TABLES: RecordTable[] = KINDS.map((k) => ({ table: `${k.table}_history`, id: 'id', recordOf: { ...k, column: 'record_id' } }));

const twin = (t: RecordTable): string => `${t.table}_parted`;
const ident = (name: string): RawBuilder<unknown> => sql.id(name);
const idents = (names: string[]): RawBuilder<unknown> => sql.join(names.map((n) => sql.id(n)));

/** 'p' when the table is partitioned already, 'r' when not, undefined when it is missing. */
export async function tableKind(db: Kysely<unknown>, table: string): Promise<string | undefined> {
  const { rows } = await sql<{ relkind: string }>`SELECT relkind FROM pg_class WHERE oid = to_regclass(${table})`.execute(db);
  return rows[0]?.relkind;
}

/** The columns a copy writes: all but the generated ones, which the twin computes itself. */
export async function copiedColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ attname: string }>`
    SELECT attname FROM pg_attribute
    WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
    ORDER BY attnum`.execute(db);
  return rows.map((r) => r.attname);
}

/** Drops what an unfinished move left (a twin, its sync trigger and function), so a move can start again. */
export async function dropLeftovers(db: Kysely<unknown>, t: RecordTable): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS partition_sync ON ${ident(t.table)}`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ${ident(`${t.table}_partition_sync`)}()`.execute(db);
  await sql`DROP TABLE IF EXISTS ${ident(twin(t))} CASCADE`.execute(db);
}

/**
 * Builds the empty partitioned twin of one table: columns with defaults, generated columns and checks (LIKE), the
 * partitions, the primary key with client_id, every other index and every foreign key the table holds, each under
 * a `_parted` name until the swap.
 */
export async function createTwin(db: Kysely<unknown>, t: RecordTable, partitions = RECORD_PARTITIONS): Promise<void> {
  const name = twin(t);
  // The id first: a lookup by id alone (and the foreign keys' checks) keeps the index it had.
  await sql`CREATE TABLE ${ident(name)} (LIKE ${ident(t.table)} INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS INCLUDING STORAGE) PARTITION BY HASH (client_id)`.execute(db);
  for (let i = 0; i < partitions; i++) {
    await sql`CREATE TABLE ${ident(`${t.table}_p${i}`)} PARTITION OF ${ident(name)} FOR VALUES WITH (MODULUS ${sql.lit(partitions)}, REMAINDER ${sql.lit(i)})`.execute(db);
  }
  await sql`ALTER TABLE ${ident(name)} ADD CONSTRAINT ${ident(`${name}_pkey`)} PRIMARY KEY (${ident(t.id)}, client_id)`.execute(db);
  const indexes = await sql<{ name: string; def: string; unique: boolean }>`
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def, i.indisunique AS unique
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = ${t.table}::regclass AND NOT i.indisprimary`.execute(db);
  for (const index of indexes.rows) {
    if (index.unique) throw new Error(`${index.name}: a unique index of a partitioned table must hold client_id`);
    const on = `ON public.${t.table} USING`;
    if (!index.def.includes(on)) throw new Error(`${index.name}: unexpected definition ${index.def}`);
    const def = index.def.replace(`INDEX ${index.name} ON`, `INDEX ${index.name}_parted ON`).replace(on, `ON public.${name} USING`);
    await sql.raw(def).execute(db);
  }
  const foreign = await sql<{ name: string; def: string; target: string }>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def, confrelid::regclass::text AS target
    FROM pg_constraint WHERE conrelid = ${t.table}::regclass AND contype = 'f'`.execute(db);
  for (const fk of foreign.rows) {
    if (t.recordOf && fk.target === t.recordOf.table) {
      // The history's record, by (client_id, record_id): the records' twin, filled before the history's.
      await sql`ALTER TABLE ${ident(name)} ADD CONSTRAINT ${ident(`${fk.name}_parted`)} FOREIGN KEY (client_id, ${ident(t.recordOf.column)}) REFERENCES ${ident(`${t.recordOf.table}_parted`)} (client_id, ${ident(t.recordOf.id)}) ON DELETE CASCADE`.execute(db);
    } else {
      await sql`ALTER TABLE ${ident(name)} ADD CONSTRAINT ${ident(`${fk.name}_parted`)} ${sql.raw(fk.def)}`.execute(db);
    }
  }
}

/**
 * A trigger on the old table that writes every change to the twin (the online move): a row deleted or updated
 * goes from the twin, a row inserted or updated goes into it, overwriting a copy made a moment before.
 */
export async function addSyncTrigger(db: Kysely<unknown>, t: RecordTable): Promise<void> {
  const columns = await copiedColumns(db, t.table);
  const fn = `${t.table}_partition_sync`;
  const values = sql.join(columns.map((c) => sql`NEW.${ident(c)}`));
  const excluded = sql.join(columns.map((c) => sql`EXCLUDED.${ident(c)}`));
  await sql`
    CREATE FUNCTION ${ident(fn)}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM ${ident(twin(t))} WHERE client_id = OLD.client_id AND ${ident(t.id)} = OLD.${ident(t.id)};
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO ${ident(twin(t))} (${idents(columns)}) VALUES (${values})
        ON CONFLICT (${ident(t.id)}, client_id) DO UPDATE SET (${idents(columns)}) = ROW(${excluded});
      END IF;
      RETURN NULL;
    END $fn$`.execute(db);
  await sql`CREATE TRIGGER partition_sync AFTER INSERT OR UPDATE OR DELETE ON ${ident(t.table)} FOR EACH ROW EXECUTE FUNCTION ${ident(fn)}()`.execute(db);
}

/**
 * Copies the next `limit` rows after id `after` into the twin, locking them (FOR SHARE) so a change to one waits
 * for the copy and its trigger then sees the copied row; a row the trigger wrote already is kept. Answers the
 * last id read, or null when none was left.
 */
export async function copyBatch(db: Kysely<unknown>, t: RecordTable, columns: string[], after: string, limit: number): Promise<string | null> {
  const { rows } = await sql<{ last: string | null }>`
    WITH batch AS (
      SELECT ${idents(columns)} FROM ${ident(t.table)} WHERE ${ident(t.id)} > ${after}::bigint ORDER BY ${ident(t.id)} LIMIT ${limit} FOR SHARE
    ), copied AS (
      INSERT INTO ${ident(twin(t))} (${idents(columns)}) SELECT ${idents(columns)} FROM batch ON CONFLICT DO NOTHING
    )
    SELECT max(${ident(t.id)})::text AS last FROM batch`.execute(db);
  if (rows[0]?.last != null) return rows[0].last;
  // FOR SHARE skips rows deleted meanwhile without reading further: an empty batch ends only when none is left.
  const more = await sql<{ id: string }>`SELECT ${ident(t.id)}::text AS id FROM ${ident(t.table)} WHERE ${ident(t.id)} > ${after}::bigint ORDER BY ${ident(t.id)} LIMIT 1`.execute(db);
  return more.rows[0] ? String(BigInt(more.rows[0].id) - 1n) : null;
}

/** Copies a whole table in one statement (the start-time migration, inside its own transaction). */
export async function copyAll(db: Kysely<unknown>, t: RecordTable): Promise<void> {
  const columns = idents(await copiedColumns(db, t.table));
  await sql`INSERT INTO ${ident(twin(t))} (${columns}) SELECT ${columns} FROM ${ident(t.table)}`.execute(db);
}
