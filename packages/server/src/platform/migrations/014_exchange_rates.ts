import { sql, type Kysely } from 'kysely';

/**
 * Exchange rates for the dashboard's impact revenue (spec README "Online dashboard and home"), and the indexes its
 * queries read.
 *
 * A rate is how many US dollars one unit of a currency is worth on a date; administrators add dated rates and the
 * dashboard uses each currency's latest. The seed gives a fresh portal approximate market rates of early January
 * 2025 for the contract currencies (USD, JPY, CNY) and the currencies marketplaces commonly list prices in, so the
 * dashboard shows figures at once; administrators keep them current.
 */
export const SEED_RATE_DATE = '2025-01-02';
export const SEED_RATES: Record<string, string> = {
  USD: '1',
  JPY: '0.00636',
  CNY: '0.137',
  EUR: '1.035',
  GBP: '1.25',
  KRW: '0.00068',
  TWD: '0.0304',
  HKD: '0.1287',
  SGD: '0.7326',
  THB: '0.02915',
  VND: '0.0000394',
  IDR: '0.0000617',
  MYR: '0.2232',
  PHP: '0.01724',
  INR: '0.01166',
  AUD: '0.621',
  CAD: '0.694',
  NZD: '0.562',
  CHF: '1.1',
  RUB: '0.0091',
  BRL: '0.1618',
  MXN: '0.0485',
  TRY: '0.02825',
  AED: '0.2723',
  SAR: '0.2663',
  SEK: '0.0909',
  PLN: '0.2433',
};

/** The grouped columns of a dashboard query, so month x country x site x category x result reads the index only. */
const EC_GROUPED = 'ec_product_region, ec_site, ec_category_common_type_id, ec_category_id, ec_process_result';
const WS_GROUPED = 'domain_region, category_id, process_result';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchange_rate')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('rate_date', 'date', (c) => c.notNull())
    .addColumn('usd_rate', sql`numeric(24,12)`, (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('exchange_rate_pk', ['currency', 'rate_date'])
    .execute();
  const seed = Object.entries(SEED_RATES).map(([currency, rate]) => sql`(${currency}, ${SEED_RATE_DATE}::date, ${rate}::numeric)`);
  await sql`INSERT INTO exchange_rate (currency, rate_date, usd_rate) VALUES ${sql.join(seed)}`.execute(db);

  // Dashboards count only what the client's users see (published records), by scan date or by categorize date.
  for (const [name, column] of [['scan', 'ec_scan_date'], ['categorized', 'ec_categorize_date']] as const) {
    await sql`CREATE INDEX ${sql.id(`ec_record_dashboard_${name}`)} ON ec_record (client_id, ${sql.ref(column)}) INCLUDE (${sql.raw(EC_GROUPED)}) WHERE published`.execute(db);
  }
  for (const [name, column] of [['scan', 'scan_date'], ['categorized', 'categorize_date']] as const) {
    await sql`CREATE INDEX ${sql.id(`ws_record_dashboard_${name}`)} ON ws_record (client_id, ${sql.ref(column)}) INCLUDE (${sql.raw(WS_GROUPED)}) WHERE published`.execute(db);
  }
  // Home's counter of social media cases.
  await sql`CREATE INDEX sns_record_dashboard ON sns_record (client_id) INCLUDE (category_id) WHERE published`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['ec_record_dashboard_scan', 'ec_record_dashboard_categorized', 'ws_record_dashboard_scan', 'ws_record_dashboard_categorized', 'sns_record_dashboard']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await db.schema.dropTable('exchange_rate').ifExists().execute();
}
