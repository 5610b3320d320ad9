import { NON_INFRINGING_CATEGORIES, TOP_SELLERS, UNKNOWN_COUNTRY, WS_INFRINGING_CATEGORIES } from '@portal/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/**
 * The SQL of the dashboards' record figures: what the client's users see (published records), counted by region
 * (the service maps regions to countries). Whole months are read from the rollups the database keeps (migration
 * 015), the rest of a period (its partial months at either end) from the records through migration 015's covering
 * indexes; each query adds both up. Top sellers and seller counts need the sellers, which no rollup keeps: they are
 * read from the records (index only) and cached by the service under the client's data version.
 */

type Conn = Db | Tx;
/** Which records: one client's, or every live client's (home for administrators). */
export type Scope = { clientId: number } | { allClients: true };

/** The data version of a client's records (or every live client's), as this transaction sees them: what cache.ts keeps figures under. */
export async function dataVersion(db: Conn, scope: Scope): Promise<string> {
  const changes =
    'clientId' in scope
      ? sql`(SELECT coalesce(sum(weight), 0) FROM dashboard_change WHERE client_id = ${scope.clientId})::text`
      : sql`(SELECT coalesce(sum(weight), 0) FROM dashboard_change)::text || '/' || (SELECT md5(coalesce(string_agg(client_id::text, ',' ORDER BY client_id), '')) FROM client WHERE deleted_at IS NULL)`;
  const { rows } = await sql<{ v: string }>`
    SELECT ${changes} || '/' || (SELECT md5(coalesce(string_agg(id || ':' || common_category, ',' ORDER BY id), '')) FROM infringement_subcategory) AS v`.execute(db);
  return rows[0]!.v;
}

/** Which records a figure counts, on one date basis (1 scan date, 2 categorize date). */
export interface Slice {
  basis: 1 | 2;
  /** Whole months read from the rollups: [first, last] (first days of the months), every one ('all'), or none. */
  months: readonly [string, string] | 'all' | null;
  /** Date ranges (both ends inclusive) read from the records, or every record ('all'). */
  ranges: readonly (readonly [string, string])[] | 'all';
}

const clientIs = (scope: Scope, column: RawBuilder<unknown>) =>
  'clientId' in scope ? sql<SqlBool>`${column} = ${scope.clientId}` : sql<SqlBool>`${column} IN (SELECT client_id FROM client WHERE deleted_at IS NULL)`;
const list = (ids: readonly number[]) => sql.join(ids.map((i) => sql.lit(i)));
const and = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`${sql.join(parts, sql` AND `)}`;

/** The rollup rows (alias r) of the slice's whole months; null when it has none. */
function rollupWhere(scope: Scope, slice: Slice): RawBuilder<SqlBool> | null {
  if (slice.months === null) return null;
  const parts = [clientIs(scope, sql`r.client_id`), sql<SqlBool>`r.basis = ${slice.basis}`];
  if (slice.months !== 'all') parts.push(sql<SqlBool>`r.month BETWEEN ${slice.months[0]}::date AND ${slice.months[1]}::date`);
  return and(parts);
}

/** The published records (alias `alias`) of the slice's date ranges; null when it has none. */
function recordWhere(scope: Scope, slice: Slice, dates: { scan: string; categorized: string }, alias: string): RawBuilder<SqlBool> | null {
  if (slice.ranges !== 'all' && slice.ranges.length === 0) return null;
  const date = sql.ref(`${alias}.${slice.basis === 1 ? dates.scan : dates.categorized}`);
  const parts = [clientIs(scope, sql.ref(`${alias}.client_id`)), sql<SqlBool>`${sql.ref(`${alias}.published`)}`];
  if (slice.ranges !== 'all') parts.push(sql<SqlBool>`(${sql.join(slice.ranges.map(([from, to]) => sql`${date} BETWEEN ${from}::date AND ${to}::date`), sql` OR `)})`);
  else if (slice.basis === 2) parts.push(sql<SqlBool>`${date} IS NOT NULL`);
  return and(parts);
}

/** Both sources' rows, as one relation for the caller to group. */
const union = (rollups: RawBuilder<unknown> | null, records: RawBuilder<unknown> | null, empty: RawBuilder<unknown>) =>
  sql.join([rollups, records].filter((q): q is RawBuilder<unknown> => q !== null).concat(rollups || records ? [] : [empty]), sql` UNION ALL `);

// Marketplace (EC) records

const EC_DATES = { scan: 'ec_scan_date', categorized: 'ec_categorize_date' };
/**
 * Records (e) and rollup rows (r) with the subcategory (s) that gives the aggregate category of those that have only
 * a subcategory. A join, not a subquery per row: the planner hashes the few subcategories once.
 */
const EC_FROM = sql`ec_record e LEFT JOIN infringement_subcategory s ON s.id = e.ec_category_id AND e.ec_category_common_type_id IS NULL`;
const EC_CATEGORY = sql<number | null>`COALESCE(e.ec_category_common_type_id, s.common_category)`;
const rollupFrom = (table: 'ec_dash' | 'ec_dash_impact') => sql`${sql.table(table)} r LEFT JOIN infringement_subcategory s ON s.id = r.sub`;
const ROLLUP_CATEGORY = sql<number | null>`COALESCE(r.common, s.common_category)`;
const EC_CATEGORIZED = sql<SqlBool>`(e.ec_category_id IS NOT NULL OR e.ec_category_common_type_id IS NOT NULL)`;
const infringing = (category: RawBuilder<number | null>) => sql<SqlBool>`(${category} NOT IN (${list(NON_INFRINGING_CATEGORIES)}))`;
const monthOf = (date: RawBuilder<unknown>) => sql<string | null>`CASE WHEN isfinite(${date}) THEN to_char(${date}, 'YYYY-MM') END`;

/** One grouping of the categorized records' counts: month x region x category, region x site x category, region x final result x category. */
export type EcCountSet = 'month' | 'site' | 'result';
export interface EcCount {
  set: EcCountSet;
  month: string | null;
  region: string;
  site: string | null;
  result: number | null;
  category: number;
  n: number;
}

/** The categorized records' counts, in the groupings asked for (one scan of each source). */
export async function ecCounts(db: Conn, scope: Scope, slice: Slice, sets: readonly EcCountSet[]): Promise<EcCount[]> {
  await sql`SET LOCAL work_mem = '64MB'`.execute(db);
  const month = sql.ref(`e.${slice.basis === 1 ? EC_DATES.scan : EC_DATES.categorized}`);
  const r = rollupWhere(scope, slice);
  const e = recordWhere(scope, slice, EC_DATES, 'e');
  const rollups = r && sql`SELECT r.month, r.region, r.site, r.result, ${ROLLUP_CATEGORY} AS category, r.n FROM ${rollupFrom('ec_dash')} WHERE ${r}`;
  const records =
    e &&
    sql`SELECT date_trunc('month', ${month})::date AS month, e.ec_product_region AS region, e.ec_site AS site, e.ec_process_result AS result,
      ${EC_CATEGORY} AS category, count(*) AS n
      FROM ${EC_FROM} WHERE ${e} AND ${EC_CATEGORIZED} GROUP BY 1, 2, 3, 4, 5`;
  const groupings: Record<EcCountSet, RawBuilder<unknown>> = { month: sql`(month, region, category)`, site: sql`(region, site, category)`, result: sql`(region, result, category)` };
  const own: EcCountSet[] = ['month', 'site', 'result'];
  // GROUPING(column) is 0 in the rows of the grouping that has the column (each grouping has one of its own).
  const { rows } = await sql<Record<`g_${EcCountSet}`, number | undefined> & { month: string | null; region: string; site: string | null; result: number | null; category: number; n: number }>`
    SELECT ${sql.join(sets.map((s) => sql`GROUPING(${sql.ref(s)}) AS ${sql.ref(`g_${s}`)}`))},
      ${sql.join(own.map((s) => (s === 'month' && sets.includes(s) ? sql`${monthOf(sql`month`)} AS month` : sets.includes(s) ? sql.ref(s) : sql`NULL AS ${sql.ref(s)}`)))},
      region, category, sum(n)::int AS n
    FROM (${union(rollups, records, sql`SELECT NULL::date, NULL::text, NULL::text, NULL::smallint, NULL::int, 0::bigint WHERE false`)}) AS x(month, region, site, result, category, n)
    GROUP BY GROUPING SETS (${sql.join(sets.map((s) => groupings[s]))})
    HAVING sum(n) > 0`.execute(db);
  return rows.map((row) => ({
    set: sets.find((s) => Number(row[`g_${s}`]) === 0)!,
    month: row.month,
    region: row.region,
    site: row.site,
    result: row.result === null ? null : Number(row.result),
    category: Number(row.category),
    n: row.n,
  }));
}

export interface ImpactSettings {
  /** The flat price (US dollars), or null for each listing's displayed price. */
  flatPrice: number | null;
  /** 1 inventory, 2 sold count, 3 the flat count. */
  countType: number;
  flatCount: number | null;
}

/**
 * The impact amount's parts over infringing records, per listing currency (in currency order): the sum of A x B
 * where both are known (A the displayed or flat price, B the inventory, sold or flat count), and how many records
 * had both and how many lacked one. Summed in SQL, so both sources add up exactly as one query over the records.
 */
export async function ecImpact(db: Conn, scope: Scope, slice: Slice, settings: ImpactSettings) {
  const flatPrice = settings.flatPrice === null ? null : sql`${settings.flatPrice}::numeric`;
  const flatCount = settings.countType === 3 ? sql`${settings.flatCount}::numeric` : null;
  // The records: A and B of each.
  const a = flatPrice ?? sql`e.ec_product_price`;
  const b = flatCount ?? (settings.countType === 2 ? sql`e.ec_product_sold_count` : sql`e.ec_product_onsell_count`);
  // The rollups: the kept sums that make the same total.
  const counted = settings.countType === 2 ? 'sold' : 'onsell';
  let amount: RawBuilder<unknown>;
  let priced: RawBuilder<unknown>;
  if (settings.countType === 3 && settings.flatCount === null) [amount, priced] = [sql`NULL::numeric`, sql`0`];
  else if (flatPrice && flatCount) [amount, priced] = [sql`${flatPrice} * ${flatCount} * r.n`, sql`r.n`];
  else if (flatPrice) [amount, priced] = [sql`${flatPrice} * ${sql.ref(`r.${counted}_sum`)}`, sql.ref(`r.${counted}_n`)];
  else if (flatCount) [amount, priced] = [sql`r.price_sum * ${flatCount}`, sql`r.price_n`];
  else [amount, priced] = [sql.ref(`r.price_${counted}_sum`), sql.ref(`r.price_${counted}_n`)];

  const r = rollupWhere(scope, slice);
  const e = recordWhere(scope, slice, EC_DATES, 'e');
  const rollups = r && sql`SELECT r.currency, ${amount} AS amount, ${priced} AS priced, r.n - ${priced} AS unpriced FROM ${rollupFrom('ec_dash_impact')} WHERE ${r} AND ${infringing(ROLLUP_CATEGORY)}`;
  const records =
    e &&
    sql`SELECT e.ec_product_currency, sum(${a} * ${b}) FILTER (WHERE ${a} IS NOT NULL AND ${b} IS NOT NULL),
      count(*) FILTER (WHERE ${a} IS NOT NULL AND ${b} IS NOT NULL), count(*) FILTER (WHERE ${a} IS NULL OR ${b} IS NULL)
      FROM ${EC_FROM} WHERE ${e} AND ${infringing(EC_CATEGORY)} GROUP BY 1`;
  const { rows } = await sql<{ currency: string; amount: string | null; priced: number; unpriced: number }>`
    SELECT currency, sum(amount) AS amount, sum(priced)::int AS priced, sum(unpriced)::int AS unpriced
    FROM (${union(rollups, records, sql`SELECT NULL::text, NULL::numeric, 0, 0 WHERE false`)}) AS x(currency, amount, priced, unpriced)
    GROUP BY 1 HAVING sum(priced) + sum(unpriced) > 0 ORDER BY 1`.execute(db);
  return rows;
}

/** Raw region -> ISO code, for the regions the query meets (others count under ZZ). */
export type RegionMap = ReadonlyMap<string, string>;

/** `m(region, country)`; one row that matches nothing when there are no regions (VALUES needs a row). */
function regionValues(map: RegionMap): RawBuilder<unknown> {
  const rows = [...map].map(([region, country]) => sql`(${region}::text, ${country}::text)`);
  return sql`m(region, country) AS (VALUES ${sql.join(rows.length > 0 ? rows : [sql`(NULL::text, NULL::text)`])})`;
}
const COUNTRY = sql<string>`COALESCE(m.country, ${UNKNOWN_COUNTRY})`;

/**
 * The TOP_SELLERS sellers per country with the most infringing records in the period (ties by seller), with their
 * sites. `regions` must map every region of the period's infringing records.
 */
export async function ecTopSellers(db: Conn, clientId: number, slice: Slice, regions: RegionMap) {
  // The grouping holds every (country, seller, site) of a year of a big client: give it memory rather than disk.
  await sql`SET LOCAL work_mem = '64MB'`.execute(db);
  const { rows } = await sql<{ country: string; seller: string; site: string; n: number; total: number }>`
    WITH ${regionValues(regions)},
    per_region AS (
      SELECT e.ec_product_region AS region, e.ec_product_seller AS seller, e.ec_site AS site, count(*) AS n
      FROM ${EC_FROM}
      WHERE ${recordWhere({ clientId }, slice, EC_DATES, 'e') ?? sql`false`} AND ${infringing(EC_CATEGORY)}
      GROUP BY 1, 2, 3),
    -- Countries after grouping: a few rows per seller to map, not every record.
    per_site AS (
      SELECT ${COUNTRY} AS country, g.seller, g.site, sum(g.n)::int AS n
      FROM per_region g LEFT JOIN m ON m.region = g.region
      GROUP BY 1, 2, 3),
    ranked AS (
      SELECT country, seller, sum(n)::int AS total,
        row_number() OVER (PARTITION BY country ORDER BY sum(n) DESC, seller COLLATE "C") AS rank
      FROM per_site GROUP BY country, seller)
    SELECT p.country, p.seller, p.site, p.n, r.total
    FROM per_site p JOIN ranked r ON r.country = p.country AND r.seller = p.seller
    WHERE r.rank <= ${TOP_SELLERS}
    ORDER BY p.country, r.rank, p.site COLLATE "C"`.execute(db);
  return rows;
}

/** Per country: distinct sellers (blank ones aside) of the infringing records, all time. */
export async function ecSellerCounts(db: Conn, scope: Scope, regions: RegionMap) {
  await sql`SET LOCAL work_mem = '64MB'`.execute(db);
  const { rows } = await sql<{ country: string; sellers: number }>`
    WITH ${regionValues(regions)},
    per_region AS (
      SELECT DISTINCT e.ec_product_region AS region, e.ec_product_seller AS seller
      FROM ${EC_FROM}
      WHERE ${clientIs(scope, sql`e.client_id`)} AND e.published AND e.ec_product_seller <> '' AND ${infringing(EC_CATEGORY)})
    SELECT ${COUNTRY} AS country, count(DISTINCT g.seller)::int AS sellers
    FROM per_region g LEFT JOIN m ON m.region = g.region
    GROUP BY 1`.execute(db);
  return rows;
}

// Website (WS) records

const WS_DATES = { scan: 'scan_date', categorized: 'categorize_date' };

/** Categorized website records by region, site category and final result. */
export async function wsCounts(db: Conn, scope: Scope, slice: Slice) {
  const r = rollupWhere(scope, slice);
  const w = recordWhere(scope, slice, WS_DATES, 'w');
  const rollups = r && sql`SELECT r.region, r.category, r.result, r.n FROM ws_dash r WHERE ${r}`;
  const records = w && sql`SELECT w.domain_region, w.category_id, w.process_result, count(*) FROM ws_record w WHERE ${w} AND w.category_id IS NOT NULL GROUP BY 1, 2, 3`;
  const { rows } = await sql<{ region: string; category: number; result: number | null; n: number }>`
    SELECT region, category, result, sum(n)::int AS n
    FROM (${union(rollups, records, sql`SELECT NULL::text, NULL::smallint, NULL::smallint, 0::bigint WHERE false`)}) AS x(region, category, result, n)
    GROUP BY 1, 2, 3 HAVING sum(n) > 0`.execute(db);
  return rows.map((row) => ({ ...row, category: Number(row.category), result: row.result === null ? null : Number(row.result) }));
}

export const isWsInfringing = (category: number) => (WS_INFRINGING_CATEGORIES as readonly number[]).includes(category);
export const isEcInfringing = (category: number) => !(NON_INFRINGING_CATEGORIES as readonly number[]).includes(category);
