import { SNS_INFRINGING_CATEGORIES } from '@portal/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { Scope } from './figures-repo.js';

/**
 * The dashboards' SQL besides the record figures (figures-repo.ts): social media cases, the client's analysts,
 * trademarks, test purchases and exchange rates.
 */

type Conn = Db | Tx;

const clientIs = (scope: Scope, column: RawBuilder<unknown>) =>
  'clientId' in scope ? sql<SqlBool>`${column} = ${scope.clientId}` : sql<SqlBool>`${column} IN (SELECT client_id FROM client WHERE deleted_at IS NULL)`;

/** Infringing social media records the client's users see (home's online protection cases, with EC's and WS's). */
export async function snsProtectionCount(db: Conn, scope: Scope): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM sns_record s
    WHERE ${clientIs(scope, sql`s.client_id`)} AND s.published AND s.category_id IN (${sql.join(SNS_INFRINGING_CATEGORIES.map((c) => sql.lit(c)))})`.execute(db);
  return Number(rows[0]?.n ?? 0);
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

/** The clients with changes not yet folded into their rollups (rollups.ts), in id order. */
export async function clientsWithUnsettledChanges(db: Conn): Promise<number[]> {
  const { rows } = await sql<{ client_id: number }>`SELECT DISTINCT client_id FROM dashboard_change WHERE NOT settled ORDER BY 1`.execute(db);
  return rows.map((r) => r.client_id);
}

/** Folds the client's rollup rows into one per key (migration 015's `dashboard_settle`); run it in its own short transaction. */
export async function settleClientRollups(db: Conn, clientId: number): Promise<void> {
  await sql`SELECT dashboard_settle(${clientId}::int)`.execute(db);
}
