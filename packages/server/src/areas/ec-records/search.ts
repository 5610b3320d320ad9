import { FILTER_VALUES_MAX, type CallOutput, type ecRecords } from '@portal/contract';
import { CompiledQuery, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { searchCondition } from '../../platform/search.js';
import { recordCaches, type FilterAnswer } from './changes.js';
import { FIELDS, col, isAnalyst, present, visibleTo, type FieldName, type FieldRow } from './repo.js';

/**
 * The record list (document 3, sections 2 and 7): conditions, column filters, sort and paging, the same WHERE for
 * the page and its count. Built to stay fast on a million records of one client: every condition starts from the
 * client, the default order (scan date, id, both descending) walks the index (client_id, ec_scan_date DESC,
 * ec_id DESC), and a fuzzy keyword on the title uses the trigram index.
 */

type Conn = Db | Tx;
export type RecordSearch = z.output<typeof ecRecords.recordSearch>;
type SearchInput = z.output<typeof ecRecords.searchRecordsInput>;
type FilterValue = string | number | boolean | null;

const TRUE = sql<SqlBool>`TRUE`;
const FALSE = sql<SqlBool>`FALSE`;
const and = (parts: Expression<SqlBool>[]) => (parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`);
const or = (parts: Expression<SqlBool>[]) => (parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`);

/** The search bar's fields: ids and numbers match their digits as text. */
const WORD_COLUMNS = {
  ec_id: sql`r.ec_id::text`,
  ec_no: sql`r.ec_no::text`,
  ec_product_title: col('ec_product_title'),
  ec_product_seller: col('ec_product_seller'),
  ec_product_url: col('ec_product_url'),
  ec_search_keyword: col('ec_search_keyword'),
  ec_product_brand: col('ec_product_brand'),
  ec_categorize_remarks: col('ec_categorize_remarks'),
  ec_response_reason: col('ec_response_reason'),
  ec_process_remarks: col('ec_process_remarks'),
} satisfies Record<RecordSearch['wordFields'][number], RawBuilder<unknown>>;

const DATE_COLUMNS = {
  ec_scan_date: col('ec_scan_date'),
  ec_categorize_date: col('ec_categorize_date'),
  ec_response_date: col('ec_response_date'),
  ec_process1_date: col('ec_process1_date'),
  ec_process1_confirm_date: col('ec_process1_confirm_date'),
  ec_process2_date: col('ec_process2_date'),
  ec_process2_confirm_date: col('ec_process2_confirm_date'),
  ec_process3_date: col('ec_process3_date'),
  ec_process3_confirm_date: col('ec_process3_confirm_date'),
  ec_process_confirm_date: col('ec_process_confirm_date'),
} satisfies Record<RecordSearch['dateFields'][number], RawBuilder<unknown>>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
const validDay = (s: string) => ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * One column filter: any of the values; `null` is the blank (NULL, or the empty text). A value that cannot be in
 * the column (a word for a number column) matches nothing rather than failing the call.
 */
function filterCondition(name: FieldName, values: FilterValue[]): Expression<SqlBool> | null {
  if (values.length === 0) return null;
  const { kind } = FIELDS[name];
  const c = col(name);
  const parts: Expression<SqlBool>[] = [];
  if (values.includes(null)) parts.push(kind === 'text' ? sql<SqlBool>`(${c} IS NULL OR ${c} = '')` : sql<SqlBool>`${c} IS NULL`);
  const given = values.filter((v): v is string | number | boolean => v !== null);
  switch (kind) {
    case 'text': {
      const texts = [...new Set(given.map(String))];
      if (texts.length) parts.push(sql<SqlBool>`${c} = ANY(${texts}::text[])`);
      break;
    }
    case 'int':
    case 'numeric': {
      const nums = [...new Set(given.map((v) => (typeof v === 'boolean' ? NaN : Number(v))).filter((n) => Number.isFinite(n) && (kind === 'numeric' || Number.isInteger(n))))];
      if (nums.length) parts.push(kind === 'int' ? sql<SqlBool>`${c} = ANY(${nums}::bigint[])` : sql<SqlBool>`${c} = ANY(${nums.map(String)}::numeric[])`);
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
async function noticeCondition(ctx: AuthedContext, noticeId: number): Promise<Expression<SqlBool>> {
  const notice = await ctx.db.selectFrom('notice').select('scope').where('id', '=', noticeId).where('user_id', '=', ctx.user.userId).executeTakeFirst();
  if (!notice) throw new AppError('objectNotFound');
  const scope = notice.scope;
  if (scope?.recordIds) {
    const ids = scope.recordIds.filter((n) => Number.isSafeInteger(n));
    return sql<SqlBool>`r.ec_id = ANY(${ids}::bigint[])`;
  }
  if (scope?.reportId !== undefined) return sql<SqlBool>`r.report_id = ${scope.reportId}`;
  return TRUE;
}

/** The WHERE of a search: the visible records of the client, then every condition of the payload. */
export async function searchWhere(ctx: AuthedContext, input: RecordSearch): Promise<Expression<SqlBool>> {
  const parts: Expression<SqlBool>[] = [visibleTo(ctx, input.clientId)];
  if (input.filterErrorRecord && isAnalyst(ctx)) parts.push(sql<SqlBool>`r.is_error`);
  if (input.noticeId !== undefined) parts.push(await noticeCondition(ctx, input.noticeId));
  parts.push(searchCondition(input, { dates: DATE_COLUMNS, words: WORD_COLUMNS }));
  for (const w of input.whereFields) {
    const cond = filterCondition(w.key, w.values);
    if (cond) parts.push(cond);
  }
  return and(parts);
}

export interface SortKey {
  name: FieldName;
  dir: 'asc' | 'desc';
}

/**
 * The order of the list: the fields asked for (1 ascending, 2 descending), by default the scan date descending,
 * and always the id last so pages never overlap. PostgreSQL's own NULL placement is kept (last ascending, first
 * descending), which is how the scan index is ordered.
 */
export function sortKeys(orderFields: RecordSearch['orderFields']): SortKey[] {
  const keys: SortKey[] = [];
  for (const o of orderFields) if (!keys.some((k) => k.name === o.key)) keys.push({ name: o.key, dir: o.value === 1 ? 'asc' : 'desc' });
  if (keys.length === 0) keys.push({ name: 'ec_scan_date', dir: 'desc' });
  if (!keys.some((k) => k.name === 'ec_id')) keys.push({ name: 'ec_id', dir: keys[0]!.dir });
  return keys;
}

export function orderBy(keys: SortKey[]): RawBuilder<unknown> {
  return sql.join(keys.map((k) => sql`${col(k.name)} ${sql.raw(k.dir === 'asc' ? 'ASC' : 'DESC')}`));
}

function valueOf(row: FieldRow, name: FieldName): string | number | boolean | null {
  return row[FIELDS[name].column] as string | number | boolean | null;
}

/**
 * The rows after `last` in the order of `keys` (keyset paging for the export), with NULL placed as PostgreSQL does
 * (as if larger than every value). The usual order (scan date and id, same direction) is one row comparison that
 * the scan index answers as a range; other orders add a bound on their first key to help any index.
 */
export function after(keys: SortKey[], last: FieldRow): Expression<SqlBool> {
  const [first, second] = keys;
  if (keys.length === 2 && first!.name === 'ec_scan_date' && second!.name === 'ec_id' && first!.dir === second!.dir) {
    const v = last.ec_scan_date;
    const id = last.ec_id;
    if (first!.dir === 'desc') {
      return v === null
        ? sql<SqlBool>`((r.ec_scan_date IS NULL AND r.ec_id < ${id}) OR r.ec_scan_date IS NOT NULL)`
        : sql<SqlBool>`(r.ec_scan_date, r.ec_id) < (${v}::date, ${id}::bigint)`;
    }
    return v === null
      ? sql<SqlBool>`(r.ec_scan_date IS NULL AND r.ec_id > ${id})`
      : sql<SqlBool>`((r.ec_scan_date, r.ec_id) > (${v}::date, ${id}::bigint) OR r.ec_scan_date IS NULL)`;
  }
  const strictlyAfter = (k: SortKey, v: unknown): Expression<SqlBool> => {
    const c = col(k.name);
    if (k.dir === 'asc') return v === null ? FALSE : sql<SqlBool>`(${c} > ${v} OR ${c} IS NULL)`;
    return v === null ? sql<SqlBool>`${c} IS NOT NULL` : sql<SqlBool>`${c} < ${v}`;
  };
  const equal = (k: SortKey, v: unknown): Expression<SqlBool> => (v === null ? sql<SqlBool>`${col(k.name)} IS NULL` : sql<SqlBool>`${col(k.name)} = ${v}`);
  const branches: Expression<SqlBool>[] = [];
  keys.forEach((k, i) => {
    const v = valueOf(last, k.name);
    if (k.dir === 'asc' && v === null) return;
    branches.push(and([...keys.slice(0, i).map((p) => equal(p, valueOf(last, p.name))), strictlyAfter(k, v)]));
  });
  const v0 = valueOf(last, first!.name);
  const bound = v0 === null ? (first!.dir === 'asc' ? sql<SqlBool>`${col(first!.name)} IS NULL` : TRUE) : first!.dir === 'desc' ? sql<SqlBool>`${col(first!.name)} <= ${v0}` : TRUE;
  return and([bound, or(branches)]);
}

/** How long an exact count may take on PostgreSQL before the planner's estimate answers instead. */
const COUNT_BUDGET_MS = 120;
/**
 * When the planner expects counting to cost more than this (in its cost units: a million index entries are about
 * 40,000, a hundred thousand about 4,000), its row estimate answers at once.
 */
const COUNT_COST_LIMIT = 20_000;
/** How long exact filter values may take before the recent records answer (the exact ones are kept for later). */
const FILTER_BUDGET_MS = 150;
/** Filter values computed slower than this are kept (a small client's are cheap to compute again). */
const FILTER_CACHE_AFTER_MS = 100;
/** The recent records the quick filter values are taken from. */
const FILTER_SAMPLE_ROWS = 20_000;

const matching = (db: Conn, where: Expression<SqlBool>) => db.selectFrom('ec_record as r').where(where);

export async function search(ctx: AuthedContext, input: SearchInput): Promise<CallOutput<'/api/ec-data/search-records'>> {
  const where = await searchWhere(ctx, input);
  const keys = sortKeys(input.orderFields);
  const [rows, count, errors] = await Promise.all([
    matching(ctx.db, where).selectAll('r').orderBy(orderBy(keys)).limit(input.limit).offset(input.offset).execute(),
    countOf(ctx, where),
    isAnalyst(ctx) ? errorCount(ctx.db, input.clientId) : Promise.resolve(0),
  ]);
  // An estimate is never below what the page itself shows.
  const total = count.exact ? count.n : Math.max(count.n, input.offset + rows.length + (rows.length === input.limit ? 1 : 0));
  return { records: rows.map(present), total, offset: input.offset, errorRecordCount: errors };
}

/**
 * The number of matching records: exact, except on PostgreSQL when counting would take long: when the planner
 * expects it to cost more than COUNT_COST_LIMIT, or the exact count overruns its budget, the planner's estimate
 * answers, so a list page stays quick on a million records (and a huge total does not flip between the two).
 */
async function countOf(ctx: AuthedContext, where: Expression<SqlBool>): Promise<{ n: number; exact: boolean }> {
  const exact = async (db: Conn) => Number((await matching(db, where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (ctx.services.dbKind !== 'postgres') return { n: await exact(ctx.db), exact: true };
  const db = ctx.services.db;
  const compiled = matching(db, where).select(sql`1`.as('one')).compile();
  const explained = await db.executeQuery<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number; 'Total Cost': number } }[] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
  const estimate = Math.round(plan?.['Plan Rows'] ?? 0);
  if ((plan?.['Total Cost'] ?? 0) > COUNT_COST_LIMIT) return { n: estimate, exact: false };
  try {
    const n = await db.transaction().execute(async (trx) => {
      await sql.raw(`SET LOCAL statement_timeout = ${COUNT_BUDGET_MS}`).execute(trx);
      return exact(trx);
    });
    return { n, exact: true };
  } catch (err) {
    if ((err as { code?: unknown }).code !== '57014') throw err;
    return { n: estimate, exact: false };
  }
}

/** The client's records section 4 flags (a partial index holds exactly these). */
async function errorCount(db: Conn, clientId: number): Promise<number> {
  const row = await db
    .selectFrom('ec_record as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.client_id', '=', clientId)
    .where('r.is_error', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The distinct values of a column among the visible records (or their most recent `limitRows`), most frequent first. */
async function valueCounts(db: Conn, name: FieldName, visible: Expression<SqlBool>, limitRows?: number): Promise<FilterAnswer> {
  const { kind } = FIELDS[name];
  const c = col(name);
  const value = kind === 'text' ? sql`NULLIF(${c}, '')` : kind === 'bool' ? sql`CASE WHEN ${c} THEN 1 ELSE 0 END` : c;
  let source = db.selectFrom('ec_record as r').where(visible).select(sql<string | number | null>`${value}`.as('value'));
  if (limitRows !== undefined) source = source.orderBy(orderBy(sortKeys([]))).limit(limitRows);
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
export async function filters(ctx: AuthedContext, input: z.output<typeof ecRecords.fetchFiltersInput>): Promise<CallOutput<'/api/ec-data/fetch-filters'>> {
  const { services } = ctx;
  const caches = recordCaches(services);
  const key = `${input.clientId}|${input.fieldName}|${isAnalyst(ctx) ? 'all' : 'published'}`;
  const cached = caches.filters.get(key, services.clock().getTime());
  if (cached) return cached.answer;
  const visible = visibleTo(ctx, input.clientId);
  let exact = caches.inflight.get(key);
  if (!exact) {
    const started = Date.now();
    const generation = caches.generation;
    exact = valueCounts(services.db, input.fieldName, visible).then((answer) => {
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
  return first ?? valueCounts(services.db, input.fieldName, visible, FILTER_SAMPLE_ROWS);
}
