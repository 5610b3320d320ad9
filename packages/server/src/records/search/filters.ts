import { FILTER_VALUES_MAX } from '@portal/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { recordCaches, type FilterAnswer } from './changes.js';
import { isAnalyst } from '../core/visibility.js';
import { colOf, fromTable, visibleTo } from '../core/visibility-queries.js';
import type { ListKind } from '../core/kind.js';
import { orderBy, sortKeys } from './order.js';
import type { FilterValue } from './conditions.js';
import { localizeHints } from '../core/hint-text.js';

/** The column filter values of a record list, with their counts, cached until the records change. */

type Conn = Db | Tx;

/** How long exact filter values may take before the recent records answer (the exact ones are kept for later). */
const FILTER_BUDGET_MS = 150;
/** Filter values computed slower than this are kept (a small client's are cheap to compute again). */
const FILTER_CACHE_AFTER_MS = 100;
/** The recent records the quick filter values are taken from. */
const FILTER_SAMPLE_ROWS = 20_000;

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
  const answer = await filterValues(ctx, kind, input);
  if (ctx.locale === 'en' || !kind.hintFields.includes(input.fieldName)) return answer;
  // Stored reasons are filtered by their stored (English) value and shown in the reader's language.
  return { ...answer, filters: answer.filters.map((f) => (typeof f.value === 'string' ? { ...f, label: localizeHints(f.value, ctx.locale) } : f)) };
}

async function filterValues(ctx: AuthedContext, kind: ListKind, input: { clientId: number; fieldName: string }): Promise<FilterAnswer> {
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
      // Not from the standby: an answer that lags a caller's own write must not be kept for them (replica.ts).
      if (Date.now() - started >= FILTER_CACHE_AFTER_MS && generation === caches.generation && !services.onStandby) {
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
