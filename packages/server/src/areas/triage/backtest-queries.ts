import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { TriageSource } from './source-queries.js';

/** SQL of the backtest (backtest.ts): what a rule is measured against, counted in the database. */

type Conn = Db | Tx;

const categoryOf = (source: TriageSource) => sql.ref(`r.${source.categoryColumn}`);

/** How many of the client's records the analysts categorized, and how many of them in the subcategory. */
export async function countCategorized(db: Conn, source: TriageSource, clientId: number, subcategoryId: number): Promise<{ categorized: number; inSubcategory: number }> {
  const category = categoryOf(source);
  const { rows } = await sql<{ categorized: string; in_sub: string }>`
    SELECT count(*) AS categorized, count(*) FILTER (WHERE ${category}::integer = ${subcategoryId}::integer) AS in_sub
    FROM ${sql.table(source.table)} r WHERE r.client_id = ${clientId} AND ${category} IS NOT NULL`.execute(db);
  return { categorized: Number(rows[0]?.categorized ?? 0), inSubcategory: Number(rows[0]?.in_sub ?? 0) };
}

/** The pushed-down conditions together (all of them must hold), or null when there are none. */
export function allOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> | null {
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` AND `)})` : null;
}

/**
 * How many categorized records `where` admits (matched), and how many of them the analysts put in the subcategory
 * (agreed); `price` joins the price signals the conditions read.
 */
export async function countMatches(
  db: Conn,
  source: TriageSource,
  clientId: number,
  m: { subcategoryId: number; where: RawBuilder<SqlBool>; price: boolean },
): Promise<{ matched: number; agreed: number }> {
  const category = categoryOf(source);
  const { rows } = await sql<{ matched: string; agreed: string }>`
    SELECT count(*) AS matched, count(*) FILTER (WHERE ${category}::integer = ${m.subcategoryId}::integer) AS agreed
    FROM ${sql.table(source.table)} r ${m.price && source.price ? source.price : sql``}
    WHERE r.client_id = ${clientId} AND ${category} IS NOT NULL AND ${m.where}`.execute(db);
  return { matched: Number(rows[0]?.matched ?? 0), agreed: Number(rows[0]?.agreed ?? 0) };
}

/** The records `where` admits that the analysts categorized other than in the subcategory. */
export function categorizedOtherwise(source: TriageSource, where: RawBuilder<SqlBool>, subcategoryId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${where} AND ${categoryOf(source)}::integer <> ${subcategoryId}::integer)`;
}
