import { NON_INFRINGING_CATEGORIES, SNS_INFRINGING_CATEGORIES, TOP_SELLERS, UNKNOWN_COUNTRY, WS_INFRINGING_CATEGORIES } from '@portal/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/**
 * The dashboards' SQL: plain GROUP BYs over what the client's users see (published records), every one scoped by
 * client first (migration 014's covering indexes lead with client_id and the date). Regions are mapped to countries
 * in SQL through a VALUES list the service builds from the distinct regions, so a country's counts (and its top
 * sellers) are whole however many spellings of it the records use.
 */

type Conn = Db | Tx;
/** Which records: one client's, or every live client's (home for administrators). */
export type Scope = { clientId: number } | { allClients: true };
export interface Period {
  from: string;
  to: string;
  /** 1 scan date, 2 categorize date. */
  dateType: 1 | 2;
}
/** Raw region -> ISO code, for the regions the query meets (others count under ZZ). */
export type RegionMap = ReadonlyMap<string, string>;

const clientIs = (scope: Scope, column: RawBuilder<unknown>) =>
  'clientId' in scope ? sql<SqlBool>`${column} = ${scope.clientId}` : sql<SqlBool>`${column} IN (SELECT client_id FROM client WHERE deleted_at IS NULL)`;

const list = (ids: readonly number[]) => sql.join(ids.map((i) => sql.lit(i)));

/** The record's aggregate category; a record with only a subcategory takes the subcategory's. */
const EC_CATEGORY = sql<number | null>`COALESCE(e.ec_category_common_type_id, (SELECT s.common_category FROM infringement_subcategory s WHERE s.id = e.ec_category_id))`;
const EC_CATEGORIZED = sql<SqlBool>`(e.ec_category_id IS NOT NULL OR e.ec_category_common_type_id IS NOT NULL)`;
const EC_INFRINGING = sql<SqlBool>`(${EC_CATEGORY} NOT IN (${list(NON_INFRINGING_CATEGORIES)}))`;
const COUNTRY = sql<string>`COALESCE(m.country, ${UNKNOWN_COUNTRY})`;

function ecWhere(scope: Scope, period: Period | null): RawBuilder<SqlBool> {
  const parts = [clientIs(scope, sql`e.client_id`), sql<SqlBool>`e.published`];
  if (period) {
    const column = period.dateType === 1 ? sql.ref('e.ec_scan_date') : sql.ref('e.ec_categorize_date');
    parts.push(sql<SqlBool>`${column} BETWEEN ${period.from}::date AND ${period.to}::date`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** `m(region, country)`; one row that matches nothing when there are no regions (VALUES needs a row). */
function regionValues(map: RegionMap): RawBuilder<unknown> {
  const rows = [...map].map(([region, country]) => sql`(${region}::text, ${country}::text)`);
  return sql`m(region, country) AS (VALUES ${sql.join(rows.length > 0 ? rows : [sql`(NULL::text, NULL::text)`])})`;
}

export async function ecRegions(db: Conn, scope: Scope, period: Period | null): Promise<string[]> {
  const { rows } = await sql<{ region: string }>`SELECT DISTINCT e.ec_product_region AS region FROM ec_record e WHERE ${ecWhere(scope, period)}`.execute(db);
  return rows.map((r) => r.region);
}

export interface EcGroups {
  /** month x country x category, every categorized record */
  byMonth: { month: string; country: string; category: number; n: number }[];
  /** country x site x category, every categorized record */
  bySite: { country: string; site: string; category: number; n: number }[];
  /** country x final result (0 for none), infringing records */
  byResult: { country: string; result: number; n: number }[];
}

export async function ecGroups(db: Conn, clientId: number, period: Period, regions: RegionMap): Promise<EcGroups> {
  const month = period.dateType === 1 ? sql`to_char(e.ec_scan_date, 'YYYY-MM')` : sql`to_char(e.ec_categorize_date, 'YYYY-MM')`;
  const where = sql`${ecWhere({ clientId }, period)} AND ${EC_CATEGORIZED}`;
  const from = sql`ec_record e LEFT JOIN m ON m.region = e.ec_product_region`;
  const byMonth = await sql<EcGroups['byMonth'][number]>`
    WITH ${regionValues(regions)}
    SELECT ${month} AS month, ${COUNTRY} AS country, ${EC_CATEGORY} AS category, count(*)::int AS n
    FROM ${from} WHERE ${where} GROUP BY 1, 2, 3`.execute(db);
  const bySite = await sql<EcGroups['bySite'][number]>`
    WITH ${regionValues(regions)}
    SELECT ${COUNTRY} AS country, e.ec_site AS site, ${EC_CATEGORY} AS category, count(*)::int AS n
    FROM ${from} WHERE ${where} GROUP BY 1, 2, 3`.execute(db);
  const byResult = await sql<EcGroups['byResult'][number]>`
    WITH ${regionValues(regions)}
    SELECT ${COUNTRY} AS country, COALESCE(e.ec_process_result, 0)::int AS result, count(*)::int AS n
    FROM ${from} WHERE ${where} AND ${EC_INFRINGING} GROUP BY 1, 2`.execute(db);
  return { byMonth: byMonth.rows, bySite: bySite.rows, byResult: byResult.rows };
}

/** The TOP_SELLERS sellers per country with the most infringing records (ties by seller), with their sites. */
export async function ecTopSellers(db: Conn, clientId: number, period: Period, regions: RegionMap) {
  const { rows } = await sql<{ country: string; seller: string; site: string; n: number; total: number }>`
    WITH ${regionValues(regions)},
    per_site AS (
      SELECT ${COUNTRY} AS country, e.ec_product_seller AS seller, e.ec_site AS site, count(*)::int AS n
      FROM ec_record e LEFT JOIN m ON m.region = e.ec_product_region
      WHERE ${ecWhere({ clientId }, period)} AND ${EC_INFRINGING}
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

/**
 * The impact amount's parts over infringing records, per listing currency: the sum of A x B where both are known
 * (A the displayed or flat price, B the inventory, sold or flat count), and how many records had each.
 */
export async function ecImpact(db: Conn, clientId: number, period: Period, settings: { flatPrice: number | null; countType: number; flatCount: number | null }) {
  const a = settings.flatPrice === null ? sql`e.ec_product_price` : sql`${settings.flatPrice}::numeric`;
  const b =
    settings.countType === 3 ? sql`${settings.flatCount}::numeric` : settings.countType === 2 ? sql`e.ec_product_sold_count` : sql`e.ec_product_onsell_count`;
  const { rows } = await sql<{ currency: string; amount: string | null; priced: number; unpriced: number }>`
    SELECT e.ec_product_currency AS currency,
      sum(${a} * ${b}) FILTER (WHERE ${a} IS NOT NULL AND ${b} IS NOT NULL) AS amount,
      count(*) FILTER (WHERE ${a} IS NOT NULL AND ${b} IS NOT NULL)::int AS priced,
      count(*) FILTER (WHERE ${a} IS NULL OR ${b} IS NULL)::int AS unpriced
    FROM ec_record e
    WHERE ${ecWhere({ clientId }, period)} AND ${EC_INFRINGING}
    GROUP BY 1`.execute(db);
  return rows;
}

export async function wsRegions(db: Conn, clientId: number, period: Period): Promise<string[]> {
  const { rows } = await sql<{ region: string }>`SELECT DISTINCT w.domain_region AS region FROM ws_record w WHERE ${wsWhere(clientId, period)}`.execute(db);
  return rows.map((r) => r.region);
}

function wsWhere(clientId: number, period: Period): RawBuilder<SqlBool> {
  const column = period.dateType === 1 ? sql.ref('w.scan_date') : sql.ref('w.categorize_date');
  return sql<SqlBool>`w.client_id = ${clientId} AND w.published AND ${column} BETWEEN ${period.from}::date AND ${period.to}::date`;
}

/** Website records: region x site category (categorized) and region x final result (infringing, 0 for none). */
export async function wsGroups(db: Conn, clientId: number, period: Period, regions: RegionMap) {
  const from = sql`ws_record w LEFT JOIN m ON m.region = w.domain_region`;
  const byCategory = await sql<{ country: string; category: number; n: number }>`
    WITH ${regionValues(regions)}
    SELECT ${COUNTRY} AS country, w.category_id AS category, count(*)::int AS n
    FROM ${from} WHERE ${wsWhere(clientId, period)} AND w.category_id IS NOT NULL GROUP BY 1, 2`.execute(db);
  const byResult = await sql<{ country: string; result: number; n: number }>`
    WITH ${regionValues(regions)}
    SELECT ${COUNTRY} AS country, COALESCE(w.process_result, 0)::int AS result, count(*)::int AS n
    FROM ${from} WHERE ${wsWhere(clientId, period)} AND w.category_id IN (${list(WS_INFRINGING_CATEGORIES)}) GROUP BY 1, 2`.execute(db);
  return { byCategory: byCategory.rows, byResult: byResult.rows };
}

/** The names of the client's analysts (its managers), for the summary strip. */
export async function analystNames(db: Conn, clientId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('client_manager as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select('u.user_name')
    .where('m.client_id', '=', clientId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.user_name')
    .execute();
  return rows.map((r) => r.user_name);
}

// Home

/** Infringing records the client's users see: marketplace, website and social media. */
export async function protectionCount(db: Conn, scope: Scope): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM ec_record e WHERE ${ecWhere(scope, null)} AND ${EC_INFRINGING})
      + (SELECT count(*) FROM ws_record w WHERE ${clientIs(scope, sql`w.client_id`)} AND w.published AND w.category_id IN (${list(WS_INFRINGING_CATEGORIES)}))
      + (SELECT count(*) FROM sns_record s WHERE ${clientIs(scope, sql`s.client_id`)} AND s.published AND s.category_id IN (${list(SNS_INFRINGING_CATEGORIES)})) AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Per country: infringing marketplace records, how many were taken down, and distinct sellers (blank ones aside). */
export async function ecCountryFacts(db: Conn, scope: Scope, regions: RegionMap) {
  const { rows } = await sql<{ country: string; n: number; takedown: number; sellers: number }>`
    WITH ${regionValues(regions)}
    SELECT ${COUNTRY} AS country, count(*)::int AS n, count(*) FILTER (WHERE e.ec_process_result = 2)::int AS takedown,
      count(DISTINCT NULLIF(e.ec_product_seller, ''))::int AS sellers
    FROM ec_record e LEFT JOIN m ON m.region = e.ec_product_region
    WHERE ${ecWhere(scope, null)} AND ${EC_INFRINGING}
    GROUP BY 1`.execute(db);
  return rows;
}

/** Registered trademarks (status 1) per region. */
export async function registeredTrademarks(db: Conn, scope: Scope) {
  const { rows } = await sql<{ region: string; n: number }>`
    SELECT t.region, count(*)::int AS n FROM trademark t WHERE ${clientIs(scope, sql`t.client_id`)} AND t.status = 1 GROUP BY 1 ORDER BY 1`.execute(db);
  return rows;
}

export async function testPurchases(db: Conn, scope: Scope) {
  const { rows } = await sql<{ site: string; region: string; count: number }>`
    SELECT p.site, p.region, sum(p.count)::int AS count FROM test_purchase p WHERE ${clientIs(scope, sql`p.client_id`)}
    GROUP BY 1, 2 ORDER BY 2, 1`.execute(db);
  return rows;
}

// Exchange rates

/** Each currency's latest rate. */
export async function latestRates(db: Conn): Promise<{ currency: string; usd_rate: string; rate_date: string }[]> {
  const { rows } = await sql<{ currency: string; usd_rate: string; rate_date: string }>`
    SELECT DISTINCT ON (currency) currency, usd_rate::text AS usd_rate, rate_date
    FROM exchange_rate ORDER BY currency, rate_date DESC`.execute(db);
  return rows;
}

export async function setRate(db: Conn, currency: string, usdRate: number, date: string, now: Date): Promise<void> {
  await db
    .insertInto('exchange_rate')
    .values({ currency, rate_date: date, usd_rate: String(usdRate), updated_at: now })
    .onConflict((oc) => oc.columns(['currency', 'rate_date']).doUpdateSet({ usd_rate: String(usdRate), updated_at: now }))
    .execute();
}
