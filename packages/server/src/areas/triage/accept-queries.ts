import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { TriageSource } from './source-queries.js';

/**
 * SQL of accepting suggestions (accept.ts): which records take their suggestion, and the one-statement writes of
 * the batch's items, the records and their history rows.
 */

type Conn = Db | Tx;

export interface AcceptTarget {
  source: TriageSource;
  /** Records (alias r) with their suggestion (alias s) that are accepted. */
  from: RawBuilder<unknown>;
  where: Expression<SqlBool>;
}

/** The records of the ids given among those `visible` (both over a record `r`). */
export function recordsOfIds(source: TriageSource, visible: Expression<SqlBool>, ids: number[]): Expression<SqlBool> {
  return sql<SqlBool>`(${visible} AND ${sql.ref(`r.${source.idColumn}`)} = ANY(${ids}::bigint[]))`;
}

/** The `chosen` records (over `r`) whose category is not their suggestion yet, with the suggestion. */
export function acceptTarget(source: TriageSource, chosen: Expression<SqlBool>): AcceptTarget {
  const id = sql.ref(`r.${source.idColumn}`);
  // EC: only subcategories and product categories that still exist (the master may have changed since the run).
  const ec = source.kind === 'ec' ? sql`JOIN infringement_subcategory sc ON sc.id = s.subcategory_id` : sql``;
  return {
    source,
    from: sql`${sql.table(source.table)} r JOIN triage_suggestion s ON s.client_id = r.client_id AND s.kind = ${source.kind} AND s.record_id = ${id} ${ec}`,
    where: sql<SqlBool>`(${chosen} AND r.${sql.ref(source.categoryColumn)} IS DISTINCT FROM s.subcategory_id)`,
  };
}

export async function countAcceptable(db: Conn, t: AcceptTarget): Promise<number> {
  const row = await sql<{ n: string }>`SELECT count(*) AS n FROM ${t.from} WHERE ${t.where}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The first `limit` target records in id order with their suggested subcategory, locked for the update. */
export async function lockAcceptable(db: Conn, t: AcceptTarget, limit: number): Promise<{ id: string; sub: number }[]> {
  const chosen = await sql<{ id: string; sub: number }>`
    SELECT r.${sql.ref(t.source.idColumn)} AS id, s.subcategory_id AS sub FROM ${t.from} WHERE ${t.where}
    ORDER BY 1 LIMIT ${limit} FOR UPDATE OF r`.execute(db);
  return chosen.rows;
}

/** A companion field by answer name: whether the suggestion sets it, and its new value (r: record, s: suggestion). */
export interface Companion {
  field: string;
  sets: RawBuilder<SqlBool>;
  next: RawBuilder<unknown>;
}

/** What accepting sets beside the category: the remark; EC's aggregate category and product category. */
export function acceptCompanions(source: TriageSource): Companion[] {
  const companions: Companion[] = [{ field: source.remarkField, sets: sql<SqlBool>`s.remark <> ''`, next: sql`s.remark` }];
  if (source.aggregateField) companions.push({ field: source.aggregateField, sets: sql<SqlBool>`TRUE`, next: sql`sc.common_category` });
  if (source.productCategoryField) companions.push({ field: source.productCategoryField, sets: sql<SqlBool>`pc.id IS NOT NULL`, next: sql`pc.id` });
  return companions;
}

const col = (source: TriageSource, field: string) => sql.ref(source.record.fields[field]!.column);

/** The chosen records (r) with their suggestion (s) and what it names (sc, pc). */
function joined(source: TriageSource, clientId: number, ids: number[]) {
  const id = sql.ref(source.idColumn);
  const pcJoin = source.productCategoryField ? sql`LEFT JOIN product_category pc ON pc.id = s.product_category_id AND pc.client_id = r.client_id` : sql``;
  const ecJoin = source.kind === 'ec' ? sql`JOIN infringement_subcategory sc ON sc.id = s.subcategory_id` : sql``;
  return sql`${sql.table(source.table)} r
    JOIN triage_suggestion s ON s.client_id = r.client_id AND s.kind = ${source.kind} AND s.record_id = r.${id}
    ${ecJoin} ${pcJoin}
    WHERE r.client_id = ${clientId} AND r.${id} = ANY(${sql`${ids}::bigint[]`})`;
}

export interface Acceptance {
  clientId: number;
  ids: number[];
  batchId: number;
  companions: Companion[];
}

/** The batch's items: each record's previous category, its suggestion, and the previous values of the companions it sets. */
export async function insertAcceptedItems(db: Conn, source: TriageSource, a: Acceptance): Promise<void> {
  const also = sql.join(
    a.companions.map((c) => sql`CASE WHEN ${c.sets} THEN jsonb_build_object(${c.field}::text, r.${col(source, c.field)}) ELSE '{}'::jsonb END`),
    sql` || `,
  );
  await sql`
    INSERT INTO record_batch_item (batch_id, record_id, previous, value, also)
    SELECT ${a.batchId}, r.${sql.ref(source.idColumn)}, r.${sql.ref(source.categoryColumn)}, s.subcategory_id, ${also}
    FROM ${joined(source, a.clientId, a.ids)}`.execute(db);
}

/** Gives the records their suggestion and the companions; the records updated, with whether each is published. */
export async function applySuggestions(db: Conn, source: TriageSource, a: Acceptance, now: Date): Promise<{ id: string; published: boolean }[]> {
  const id = sql.ref(source.idColumn);
  const cat = sql.ref(source.categoryColumn);
  // UPDATE ... FROM cannot name the target in its joins: the suggestion side is a subquery keyed by record.
  const updated = await sql<{ id: string; published: boolean }>`
    UPDATE ${sql.table(source.table)} AS r SET ${cat} = x.subcategory_id,
      ${sql.join(a.companions.map((c, i) => sql`${col(source, c.field)} = x.${sql.raw(`v${i}`)}`))}, updated_at = ${now}
    FROM (
      SELECT r.${id} AS rid, s.subcategory_id,
        ${sql.join(a.companions.map((c, i) => sql`(CASE WHEN ${c.sets} THEN ${c.next} ELSE r.${col(source, c.field)} END) AS ${sql.raw(`v${i}`)}`))}
      FROM ${joined(source, a.clientId, a.ids)}) x
    WHERE r.${id} = x.rid
    RETURNING r.${id} AS id, r.published`.execute(db);
  return updated.rows;
}

/** One 'triage-accept' history row per item of the batch (in record order), and the batch's last history id. */
export async function insertAcceptHistory(db: Conn, source: TriageSource, a: Acceptance, by: { userId: number; now: Date }): Promise<void> {
  const id = sql.ref(source.idColumn);
  const cat = sql.ref(source.categoryColumn);
  const fields = sql.join(
    [
      sql`jsonb_build_object(${source.categoryField}::text, r.${cat})`,
      ...a.companions.map((c) => sql`CASE WHEN i.also ? ${c.field} THEN jsonb_build_object(${c.field}::text, r.${col(source, c.field)}) ELSE '{}'::jsonb END`),
    ],
    sql` || `,
  );
  await sql`
    WITH history AS (
      INSERT INTO ${sql.table(source.record.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
      SELECT r.${id}, r.client_id, ${by.userId}, 'triage-accept', ${fields}, ${by.now}
      FROM record_batch_item i JOIN ${sql.table(source.table)} r ON r.${id} = i.record_id AND r.client_id = ${a.clientId}
      WHERE i.batch_id = ${a.batchId} ORDER BY r.${id} RETURNING id)
    UPDATE record_batch SET last_history_id = (SELECT coalesce(max(id), 0) FROM history) WHERE batch_id = ${a.batchId}`.execute(db);
}
