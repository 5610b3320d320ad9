import { FILTER_VALUES_MAX, Role, hasRole, type SearchConditions } from '@portal/contract';
import { CompiledQuery, sql, type AliasedRawBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { searchCondition } from '../../platform/search.js';
import { recordCaches, type FilterAnswer } from './changes.js';
import { notImporting } from './imports.js';
import type { AnyRow, Field, FieldKind, ListKind } from './kind.js';
import { RECORD_TABLES, type KindName } from './tables.js';

/**
 * The record list of any record kind (document 3, sections 2 and 7; marketplace EC and website WS records):
 * conditions, column filters, sort and paging, the same WHERE for the page and its count. Built to stay fast on a
 * million records of one client: every condition starts from the client, the default order (scan date, id, both
 * descending) walks the kind's index (client_id, scan date DESC, id DESC), and a fuzzy keyword uses its trigram
 * indexes. What differs between kinds (table, field whitelist, presenter) is the kind's list part (kind.ts).
 */

type Conn = Db | Tx;
type FilterValue = string | number | boolean | null;
export type { AnyRow, Field, FieldKind };

/** The column of a whitelisted field, as a quoted reference. */
export function colOf(kind: ListKind, name: string): RawBuilder<unknown> {
  const f = kind.fields[name];
  if (!f) throw new AppError('badRequest', { field: name }, 'validation.searchField');
  return sql.ref(`r.${f.column}`);
}

/** The kind's table as `r`, typed with its row. */
export function fromTable<Row extends AnyRow>(kind: ListKind<Row>): AliasedRawBuilder<Row, 'r'> {
  return sql<Row>`${sql.table(kind.table)}`.as('r');
}

export type RecordSearch = SearchConditions & {
  clientId: number;
  whereFields: { key: string; values: FilterValue[] }[];
  orderFields: { key: string; value: 1 | 2 }[];
  filterErrorRecord: boolean;
  noticeId?: number | undefined;
  /** Only records whose re-check after a takedown found the listing still live. */
  filterStillLive?: boolean | undefined;
  suggested?: 'any' | 'none' | number | undefined;
};
export type SearchInput = RecordSearch & { limit: number; offset: number };
/** The export's query: the client, and the search's conditions (none: every record the user may see). */
export interface ExportQuery {
  clientId: number;
  search?: Omit<RecordSearch, 'clientId'> | undefined;
}

/** Analysts (and analyst-administrators) see and categorize every record; client users see their published ones. */
export const isAnalyst = (ctx: AuthedContext) => hasRole(ctx.user.role, Role.ANALYST);

/**
 * The records the signed-in user may see of one client (the tenancy rule already admitted the client):
 * analysts all of them but those of an upload still being imported (imports.ts), client users only
 * the published ones of their own company (an import's records are never published).
 */
export function visibleTo(ctx: AuthedContext, clientId: number, table: ListKind['table'], forEstimate = false): Expression<SqlBool> {
  // The planner cannot judge the exclusion of imports in progress (an array known only when the query runs): with
  // a client's records in one or two reports it took "not in the importing ones" to exclude nearly all of them and
  // estimated 1 row for 20,000. An estimate leaves it out (an import in progress is at most one upload's rows).
  if (isAnalyst(ctx)) return forEstimate ? sql<SqlBool>`r.client_id = ${clientId}` : sql<SqlBool>`(r.client_id = ${clientId} AND ${notImporting(table, clientId)})`;
  if (ctx.user.clientId !== clientId) return sql<SqlBool>`FALSE`;
  return sql<SqlBool>`(r.client_id = ${clientId} AND r.published)`;
}

const TRUE = sql<SqlBool>`TRUE`;
const FALSE = sql<SqlBool>`FALSE`;
const and = (parts: Expression<SqlBool>[]) => (parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`);
const or = (parts: Expression<SqlBool>[]) => (parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
const validDay = (s: string) => ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * One column filter: any of the values; `null` is the blank (NULL, or the empty text). A value that cannot be in
 * the column (a word for a number column) matches nothing rather than failing the call.
 */
function filterCondition(kind: ListKind, name: string, values: FilterValue[]): Expression<SqlBool> | null {
  if (values.length === 0) return null;
  const type = kind.fields[name]!.kind;
  const c = colOf(kind, name);
  const parts: Expression<SqlBool>[] = [];
  if (values.includes(null)) parts.push(type === 'text' ? sql<SqlBool>`(${c} IS NULL OR ${c} = '')` : sql<SqlBool>`${c} IS NULL`);
  const given = values.filter((v): v is string | number | boolean => v !== null);
  switch (type) {
    case 'text': {
      const texts = [...new Set(given.map(String))];
      if (texts.length) parts.push(sql<SqlBool>`${c} = ANY(${texts}::text[])`);
      break;
    }
    case 'int':
    case 'numeric': {
      const nums = [...new Set(given.map((v) => (typeof v === 'boolean' ? NaN : Number(v))).filter((n) => Number.isFinite(n) && (type === 'numeric' || Number.isInteger(n))))];
      if (nums.length) parts.push(type === 'int' ? sql<SqlBool>`${c} = ANY(${nums}::bigint[])` : sql<SqlBool>`${c} = ANY(${nums.map(String)}::numeric[])`);
      break;
    }
    case 'date': {
      const texts = given.map(String);
      const days = [...new Set(texts.filter(validDay))];
      if (days.length) parts.push(sql<SqlBool>`${c} = ANY(${days}::date[])`);
      // A scan month (YYYY-MM), as the list shows it, means every day of that month.
      const months = new Set(texts.filter((t) => ISO_MONTH.test(t) && Number(t.slice(5)) >= 1 && Number(t.slice(5)) <= 12));
      for (const m of months) parts.push(sql<SqlBool>`(${c} >= ${`${m}-01`}::date AND ${c} < (${`${m}-01`}::date + interval '1 month'))`);
      break;
    }
    case 'bool': {
      const truth = new Set(given.map((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : v === false || v === 0 || v === '0' || v === 'false' ? 0 : -1)));
      if (truth.has(1)) parts.push(sql<SqlBool>`${c}`);
      if (truth.has(0)) parts.push(sql<SqlBool>`NOT ${c}`);
      break;
    }
  }
  return or(parts);
}

/** The records of a notice the signed-in user received (another user's notice answers as one that does not exist). */
async function noticeCondition(ctx: AuthedContext, kind: ListKind, noticeId: number): Promise<Expression<SqlBool>> {
  const notice = await ctx.db.selectFrom('notice').select('scope').where('id', '=', noticeId).where('user_id', '=', ctx.user.userId).executeTakeFirst();
  if (!notice) throw new AppError('objectNotFound');
  const scope = notice.scope;
  if (scope?.recordIds) {
    const ids = scope.recordIds.filter((n) => Number.isSafeInteger(n));
    return sql<SqlBool>`${colOf(kind, kind.idField)} = ANY(${ids}::bigint[])`;
  }
  if (scope?.reportId !== undefined) return sql<SqlBool>`r.report_id = ${scope.reportId}`;
  return TRUE;
}

/** The table's id column in takedown_recheck (the same name as the record table's id). */
const recheckColumn = (kind: ListKind) => Object.values(RECORD_TABLES).find((t) => t.records === kind.table)!.id;

/** The record's re-check after a takedown (takedown_recheck, one row per record) found the listing still live. */
function stillLive(kind: ListKind): Expression<SqlBool> {
  const id = recheckColumn(kind);
  return sql<SqlBool>`EXISTS (SELECT 1 FROM takedown_recheck t WHERE t.${sql.ref(id)} = r.${sql.ref(id)} AND t.verdict = 'live')`;
}

/** How many of the client's visible records are still live after a takedown: the list toolbar's count. */
async function stillLiveCount(ctx: AuthedContext, kind: ListKind, clientId: number): Promise<number> {
  const id = recheckColumn(kind);
  const row = await sql<{ n: string }>`
    SELECT count(*) AS n FROM takedown_recheck t JOIN ${sql.table(kind.table)} r ON r.${sql.ref(id)} = t.${sql.ref(id)}
    WHERE t.client_id = ${clientId} AND t.verdict = 'live' AND ${visibleTo(ctx, clientId, kind.table)}`.execute(ctx.db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Records with a triage suggestion (issue 19): any, none, or one suggested subcategory. */
function suggestedCondition(kind: ListKind, clientId: number, suggested: 'any' | 'none' | number): Expression<SqlBool> {
  const name = (Object.keys(RECORD_TABLES) as KindName[]).find((k) => RECORD_TABLES[k].records === kind.table)!;
  const exists = sql<SqlBool>`EXISTS (SELECT 1 FROM triage_suggestion s WHERE s.client_id = ${clientId} AND s.kind = ${name}
    AND s.record_id = ${colOf(kind, kind.idField)} ${typeof suggested === 'number' ? sql`AND s.subcategory_id = ${suggested}` : sql``})`;
  return suggested === 'none' ? sql<SqlBool>`NOT ${exists}` : exists;
}

/** The WHERE of a search: the visible records of the client, then every condition of the payload. */
export async function searchWhere(ctx: AuthedContext, kind: ListKind, input: RecordSearch, forEstimate = false): Promise<Expression<SqlBool>> {
  const parts: Expression<SqlBool>[] = [visibleTo(ctx, input.clientId, kind.table, forEstimate)];
  if (input.filterErrorRecord && isAnalyst(ctx)) parts.push(sql<SqlBool>`r.is_error`);
  if (input.noticeId !== undefined) parts.push(await noticeCondition(ctx, kind, input.noticeId));
  if (input.filterStillLive) parts.push(stillLive(kind));
  // Triage suggestions are internal: the filter is the analysts' (a client user's is ignored, as if not sent).
  if (input.suggested !== undefined && isAnalyst(ctx)) parts.push(suggestedCondition(kind, input.clientId, input.suggested));
  parts.push(searchCondition(input, { dates: kind.dates, words: kind.words }));
  for (const w of input.whereFields) {
    const derived = kind.derived[w.key];
    if (derived?.analystsOnly && !isAnalyst(ctx)) continue;
    const cond = derived ? derived.filter(w.values, input.clientId) : filterCondition(kind, w.key, w.values);
    if (cond) parts.push(cond);
  }
  return and(parts);
}

export interface SortKey {
  name: string;
  dir: 'asc' | 'desc';
}

/**
 * The order of the list: the fields asked for (1 ascending, 2 descending), by default the scan date descending,
 * and always the id last so pages never overlap. PostgreSQL's own NULL placement is kept (last ascending, first
 * descending), which is how the scan index is ordered.
 */
export function sortKeys(kind: ListKind, orderFields: RecordSearch['orderFields']): SortKey[] {
  const keys: SortKey[] = [];
  for (const o of orderFields) {
    const dir = o.value === 1 ? 'asc' : 'desc';
    for (const k of kind.sortAs[o.key]?.(dir) ?? [{ name: o.key, dir }]) if (!keys.some((p) => p.name === k.name)) keys.push(k);
  }
  if (keys.length === 0) keys.push({ name: kind.scanField, dir: 'desc' });
  // The id follows the first field asked for (not its first sort column: the price's sorts unconverted amounts last).
  const first = orderFields[0] ? (orderFields[0].value === 1 ? 'asc' : 'desc') : keys[0]!.dir;
  if (!keys.some((k) => k.name === kind.idField)) keys.push({ name: kind.idField, dir: first });
  return keys;
}

export function orderBy(kind: ListKind, keys: SortKey[]): RawBuilder<unknown> {
  return sql.join(keys.map((k) => sql`${colOf(kind, k.name)} ${sql.raw(k.dir === 'asc' ? 'ASC' : 'DESC')}`));
}

function valueOf(kind: ListKind, row: AnyRow, name: string): string | number | boolean | null {
  return row[kind.fields[name]!.column] as string | number | boolean | null;
}

/**
 * The rows after `last` in the order of `keys` (keyset paging for the export), with NULL placed as PostgreSQL does
 * (as if larger than every value). The usual order (scan date and id, same direction) is one row comparison that
 * the scan index answers as a range; other orders add a bound on their first key to help any index.
 */
export function after(kind: ListKind, keys: SortKey[], last: AnyRow): Expression<SqlBool> {
  const [first, second] = keys;
  if (keys.length === 2 && first!.name === kind.scanField && second!.name === kind.idField && first!.dir === second!.dir) {
    const v = valueOf(kind, last, kind.scanField);
    const id = valueOf(kind, last, kind.idField);
    const s = colOf(kind, kind.scanField);
    const i = colOf(kind, kind.idField);
    if (first!.dir === 'desc') {
      return v === null
        ? sql<SqlBool>`((${s} IS NULL AND ${i} < ${id}) OR ${s} IS NOT NULL)`
        : sql<SqlBool>`(${s}, ${i}) < (${v}::date, ${id}::bigint)`;
    }
    return v === null
      ? sql<SqlBool>`(${s} IS NULL AND ${i} > ${id})`
      : sql<SqlBool>`((${s}, ${i}) > (${v}::date, ${id}::bigint) OR ${s} IS NULL)`;
  }
  const strictlyAfter = (k: SortKey, v: unknown): Expression<SqlBool> => {
    const c = colOf(kind, k.name);
    if (k.dir === 'asc') return v === null ? FALSE : sql<SqlBool>`(${c} > ${v} OR ${c} IS NULL)`;
    return v === null ? sql<SqlBool>`${c} IS NOT NULL` : sql<SqlBool>`${c} < ${v}`;
  };
  const equal = (k: SortKey, v: unknown): Expression<SqlBool> => (v === null ? sql<SqlBool>`${colOf(kind, k.name)} IS NULL` : sql<SqlBool>`${colOf(kind, k.name)} = ${v}`);
  const branches: Expression<SqlBool>[] = [];
  keys.forEach((k, i) => {
    const v = valueOf(kind, last, k.name);
    if (k.dir === 'asc' && v === null) return;
    branches.push(and([...keys.slice(0, i).map((p) => equal(p, valueOf(kind, last, p.name))), strictlyAfter(k, v)]));
  });
  const v0 = valueOf(kind, last, first!.name);
  const bound = v0 === null ? (first!.dir === 'asc' ? sql<SqlBool>`${colOf(kind, first!.name)} IS NULL` : TRUE) : first!.dir === 'desc' ? sql<SqlBool>`${colOf(kind, first!.name)} <= ${v0}` : TRUE;
  return and([bound, or(branches)]);
}

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
/** How long exact filter values may take before the recent records answer (the exact ones are kept for later). */
const FILTER_BUDGET_MS = 150;
/** Filter values computed slower than this are kept (a small client's are cheap to compute again). */
const FILTER_CACHE_AFTER_MS = 100;
/** The recent records the quick filter values are taken from. */
const FILTER_SAMPLE_ROWS = 20_000;

export const matching = <Row extends AnyRow>(db: Conn, kind: ListKind<Row>, where: Expression<SqlBool>) => db.selectFrom(fromTable(kind)).where(where);

export async function search<Row extends AnyRow, Answer>(ctx: AuthedContext, kind: ListKind<Row, Answer>, input: SearchInput) {
  const where = await searchWhere(ctx, kind, input);
  const keys = sortKeys(kind, input.orderFields);
  const [rows, count, errors, live] = await Promise.all([
    matching(ctx.db, kind, where)
      .selectAll('r')
      .select(Object.entries(kind.derived).map(([name, d]) => (d.analystsOnly && !isAnalyst(ctx) ? sql`NULL` : d.select).as(name)))
      .orderBy(orderBy(kind, keys))
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    countOf(ctx, kind, where, () => searchWhere(ctx, kind, input, true)),
    isAnalyst(ctx) ? errorCount(ctx.db, kind, input.clientId) : Promise.resolve(0),
    stillLiveCount(ctx, kind, input.clientId),
  ]);
  // A total that is not exact is never below what the pages so far have shown.
  const shown = input.offset + rows.length + (rows.length === input.limit ? 1 : 0);
  const total = count.is === 'exact' ? count.n : Math.max(count.n, shown);
  const derived = Object.keys(kind.derived);
  const present = (r: Row) => (derived.length ? { ...kind.present(r), ...Object.fromEntries(derived.map((name) => [name, r[name] ?? null])) } : kind.present(r));
  return { records: rows.map((r) => present(r as Row)), total, totalIs: count.is, offset: input.offset, errorRecordCount: errors, stillLiveCount: live };
}

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
async function countOf(ctx: AuthedContext, kind: ListKind, where: Expression<SqlBool>, estimateWhere: () => Promise<Expression<SqlBool>>): Promise<ListCount> {
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
  if (estimate >= known && estimate > 0 && (await statisticsFresh(db, kind.table))) return { n: roughly(estimate), is: 'about' };
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
async function errorCount(db: Conn, kind: ListKind, clientId: number): Promise<number> {
  const row = await db
    .selectFrom(fromTable(kind))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<SqlBool>`r.client_id = ${clientId} AND r.is_error`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The distinct values of a column among the visible records (or their most recent `limitRows`), most frequent first. */
async function valueCounts(db: Conn, k: ListKind, name: string, visible: Expression<SqlBool>, limitRows?: number): Promise<FilterAnswer> {
  const kind = k.fields[name]!.kind;
  const c = colOf(k, name);
  const value = kind === 'text' ? sql`NULLIF(${c}, '')` : kind === 'bool' ? sql`CASE WHEN ${c} THEN 1 ELSE 0 END` : c;
  let source = db.selectFrom(fromTable(k)).where(visible).select(sql<string | number | null>`${value}`.as('value'));
  if (limitRows !== undefined) source = source.orderBy(orderBy(k, sortKeys(k, []))).limit(limitRows);
  const rows = await db
    .selectFrom(source.as('s'))
    .select([sql<string | number | null>`s.value`.as('value'), sql<number>`count(*)`.as('n'), sql<number>`count(*) OVER ()`.as('total')])
    .groupBy(sql`s.value`)
    .orderBy(sql`2 DESC, 1 ASC NULLS FIRST`)
    .limit(FILTER_VALUES_MAX)
    .execute();
  const asValue = (v: string | number | null): FilterValue => (v === null ? null : kind === 'numeric' || kind === 'int' || kind === 'bool' ? Number(v) : String(v));
  return { filters: rows.map((r) => ({ value: asValue(r.value), count: Number(r.n) })), total: Number(rows[0]?.total ?? 0), offset: 0 };
}

/**
 * The distinct values of one column with their counts, most frequent first; blank (NULL or '') as null. On a big
 * client this is a scan of every record: the answer is kept until the records change, and on PostgreSQL a first
 * computation that takes longer than the budget is answered from the most recent records meanwhile.
 */
export async function filters(ctx: AuthedContext, kind: ListKind, input: { clientId: number; fieldName: string }): Promise<FilterAnswer> {
  const { services } = ctx;
  // A derived value is filtered by a threshold or a flag the list offers, not by picking among its values.
  if (kind.derived[input.fieldName]) return { filters: [], total: 0, offset: 0 };
  const caches = recordCaches(services, kind.topic);
  const key = `${input.clientId}|${input.fieldName}|${isAnalyst(ctx) ? 'all' : 'published'}`;
  const cached = caches.filters.get(key, services.clock().getTime());
  if (cached) return cached.answer;
  const visible = visibleTo(ctx, input.clientId, kind.table);
  let exact = caches.inflight.get(key);
  if (!exact) {
    const started = Date.now();
    const generation = caches.generation;
    // PGlite: on the call's own connection (its only one; asking the pool for another would wait for this call).
    exact = valueCounts(services.dbKind === 'postgres' ? services.db : ctx.db, kind, input.fieldName, visible).then((answer) => {
      if (Date.now() - started >= FILTER_CACHE_AFTER_MS && generation === caches.generation) {
        caches.filters.set(key, { clientId: input.clientId, field: input.fieldName, answer }, services.clock().getTime());
      }
      return answer;
    });
    const done = () => {
      caches.inflight.delete(key);
    };
    exact.then(done, (err: unknown) => {
      done();
      ctx.log.warn({ err }, 'filter values failed');
    });
    caches.inflight.set(key, exact);
  }
  if (services.dbKind !== 'postgres') return exact;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FILTER_BUDGET_MS);
  });
  const first = await Promise.race([exact, late]).finally(() => clearTimeout(timer));
  return first ?? valueCounts(services.db, kind, input.fieldName, visible, FILTER_SAMPLE_ROWS);
}
