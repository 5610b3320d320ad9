import { CompiledQuery, sql, type Expression, type SqlBool } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { fromTable, visibleTo } from '../core/visibility-queries.js';
import type { AnyRow, ListKind } from '../core/kind.js';
import { recheckColumn } from './conditions.js';

/** The counts of a record list: its total (exact, about or at least), the records flagged and those still live. */

type Conn = Db | Tx;

/** How long an exact count may take on PostgreSQL before the bounded count and the planner's estimate answer. */
const COUNT_BUDGET_MS = 120;
/** How long the bounded count may take on PostgreSQL after the exact one ran out of time. */
const BOUNDED_COUNT_BUDGET_MS = 80;
/**
 * When the planner expects counting to cost more than this (in its cost units: a million index entries are about
 * 40,000, a hundred thousand about 4,000), the exact count is not tried: the bounded count and the estimate answer.
 */
const COUNT_COST_LIMIT = 20_000;
/**
 * The same on PGlite, lower: its single connection runs one query at a time on the server's own thread, and no
 * time budget can stop a count once started, so a count expected to cost more than about 50,000 index entries
 * is bounded (its statistics are renewed by changes.ts, as PGlite has no autovacuum).
 */
const PGLITE_COUNT_COST_LIMIT = 2_000;
/**
 * The bounded count: matching records are counted exactly up to this many (about what an exact count within the
 * limits above reads). Fewer: that is the total. As many: the total is at least this, and an estimate may say more.
 */
const COUNT_BOUND = { postgres: 50_000, pglite: 50_000 } as const;
/** The planner's statistics are trusted for an estimate while fewer than this share of the rows changed since. */
const FRESH_STATISTICS_SHARE = 0.1;
export const matching = <Row extends AnyRow>(db: Conn, kind: ListKind<Row>, where: Expression<SqlBool>) => db.selectFrom(fromTable(kind)).where(where);

/** A list's total: exact, an estimate known to be close ("about"), or a lower bound ("at least"). */
export interface ListCount {
  n: number;
  is: 'exact' | 'about' | 'atLeast';
}

/**
 * The number of matching records. Exact when counting is cheap (the planner expects it below COUNT_COST_LIMIT, and
 * on PostgreSQL it ends within its budget). Otherwise the matching records are counted up to COUNT_BOUND: fewer is
 * the exact total; as many means at least that many, and then the planner's estimate answers as "about" only when
 * it is known to be close: at least the bound that was counted, from statistics that few changes have made stale.
 * Anything else is said as what is known, "at least" the bound: a total a person reads is never off by orders of
 * magnitude (the estimate alone said 6 for 20,000 records on stale statistics).
 */
export async function countOf(ctx: AuthedContext, kind: ListKind, where: Expression<SqlBool>, estimateWhere: () => Promise<Expression<SqlBool>>): Promise<ListCount> {
  const pglite = ctx.services.dbKind !== 'postgres';
  // PGlite's one connection: the call's own (a second one would wait for it); PostgreSQL: a pooled one beside the page.
  const db = pglite ? ctx.db : ctx.services.db;
  const bound = pglite ? COUNT_BOUND.pglite : COUNT_BOUND.postgres;
  const exact = async (conn: Conn, limit?: number) => {
    const base = matching(conn, kind, where).select(sql`1`.as('one'));
    const counted = conn.selectFrom((limit === undefined ? base : base.limit(limit)).as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
    return Number((await counted.executeTakeFirstOrThrow()).n);
  };
  /** On PostgreSQL a count within a time budget (undefined when it ran out); on PGlite as is. */
  const within = async (budgetMs: number, limit?: number): Promise<number | undefined> => {
    if (pglite) return exact(db, limit);
    try {
      return await ctx.services.db.transaction().execute(async (trx) => {
        await sql.raw(`SET LOCAL statement_timeout = ${budgetMs}`).execute(trx);
        return exact(trx, limit);
      });
    } catch (err) {
      if ((err as { code?: unknown }).code !== '57014') throw err;
      return undefined;
    }
  };
  const plan = await planOf(db, kind, where);
  if (plan.cost <= (pglite ? PGLITE_COUNT_COST_LIMIT : COUNT_COST_LIMIT)) {
    const n = await within(COUNT_BUDGET_MS);
    if (n !== undefined) return { n, is: 'exact' };
  }
  const atLeast = await within(BOUNDED_COUNT_BUDGET_MS, bound);
  if (atLeast !== undefined && atLeast < bound) return { n: atLeast, is: 'exact' };
  const known = atLeast ?? 0;
  const estimate = (await planOf(db, kind, await estimateWhere())).rows;
  // A standby keeps no activity statistics of its own (never analysed there): the primary's say how fresh they are.
  const activity = ctx.services.onStandby?.primary ?? db;
  if (estimate >= known && estimate > 0 && (await statisticsFresh(activity, kind.table))) return { n: roughly(estimate), is: 'about' };
  return { n: known, is: 'atLeast' };
}

async function planOf(db: Conn, kind: ListKind, where: Expression<SqlBool>): Promise<{ rows: number; cost: number }> {
  const compiled = matching(db, kind, where).select(sql`1`.as('one')).compile();
  const explained = await db.executeQuery<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number; 'Total Cost': number } }[] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
  return { rows: Math.round(plan?.['Plan Rows'] ?? 0), cost: plan?.['Total Cost'] ?? 0 };
}

/** Whether the table's statistics were taken since few of its rows changed (so an estimate from them holds). */
async function statisticsFresh(db: Conn, table: ListKind['table']): Promise<boolean> {
  const row = await sql<{ tuples: number; changed: number | null; analyzed: boolean }>`
    SELECT c.reltuples::float8 AS tuples, s.n_mod_since_analyze::float8 AS changed,
           (s.last_analyze IS NOT NULL OR s.last_autoanalyze IS NOT NULL) AS analyzed
    FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE c.oid = ${table}::regclass`.execute(db);
  const r = row.rows[0];
  if (!r || !r.analyzed || r.tuples <= 0 || r.changed === null) return false;
  return Number(r.changed) <= Number(r.tuples) * FRESH_STATISTICS_SHARE;
}

/** An estimate said with the precision it has: two significant digits ("about 23,000", not "about 23,417"). */
function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}

/** The client's records section 4 flags (a partial index holds exactly these). */
export async function errorCount(db: Conn, kind: ListKind, clientId: number): Promise<number> {
  const row = await db
    .selectFrom(fromTable(kind))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<SqlBool>`r.client_id = ${clientId} AND r.is_error`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of the client's visible records are still live after a takedown: the list toolbar's count. */
export async function stillLiveCount(ctx: AuthedContext, kind: ListKind, clientId: number): Promise<number> {
  const id = recheckColumn(kind);
  const row = await sql<{ n: string }>`
    SELECT count(*) AS n FROM takedown_recheck t JOIN ${sql.table(kind.table)} r ON r.${sql.ref(id)} = t.${sql.ref(id)}
    WHERE t.client_id = ${clientId} AND t.verdict = 'live' AND ${visibleTo(ctx, clientId, kind.table)}`.execute(ctx.db);
  return Number(row.rows[0]?.n ?? 0);
}

