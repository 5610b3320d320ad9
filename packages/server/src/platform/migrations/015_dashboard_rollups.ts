import { sql, type Kysely } from 'kysely';

/**
 * Rollups for the online dashboard and home (issue 14, "Speed"): what the dashboards count of a client's published,
 * categorized records, per date basis (1 scan date, 2 categorize date) and month, kept by the database itself.
 *
 * - `ec_dash`: region x site x final result x category -> marketplace records; `ec_dash_impact`: listing currency x
 *   category -> records and the sums the impact revenue multiplies (price, inventory, sold count and their products,
 *   each with how many records had them); `ws_dash`: region x site category x final result -> website records.
 * - The category is kept as the record has it (the aggregate category, or the subcategory when only that is set),
 *   so a subcategory moved to another aggregate category counts where it belongs now, as in a plain query.
 * - Basis 1 files a record without a scan date under month 'infinity' (never inside a period; all-time totals,
 *   home's, still count it); basis 2 leaves out a record without a categorize date, as a period would.
 *
 * Statement triggers with transition tables add, in the writing statement's transaction, the new rows' share and
 * take away the old rows' (an update only for the records whose counted columns changed), as one INSERT of grouped,
 * signed deltas per statement: every path that writes records is covered (uploads, saves, batches, post, remove,
 * inherit, repeats, a removed report or client, the demo, test fixtures), and a rolled-back write leaves nothing.
 * Deltas are only ever inserted, never updated in place, so writers of one client never wait for each other's
 * rollup rows (nor deadlock on them); `dashboard_settle(client)` folds a client's rows into one per key, and a job
 * does so every few minutes for the clients with unsettled changes.
 *
 * `dashboard_change` gets a row (weight 1) per statement and client that changed what the dashboards count: the
 * rollups, or the sellers of counted records (top sellers and seller counts are read from the records). The sum of
 * the weights a transaction sees is the client's data version, under which the service caches its figures; settling
 * keeps the sum (one row with the sum of the weights it folds), and unsettled rows tell the job whom to settle.
 */

interface Kind {
  table: string;
  id: string;
  /** The rollup columns (name, and the expression over a record row `r`). */
  pick: [name: string, expression: (r: string) => string][];
  /** Whether a record row counts. */
  counted: (row: string) => string;
  /** Record columns the rollups are made of; an update that changes none of them changes nothing. */
  columns: string[];
  /** The record columns the seller figures read besides `columns` (null: the kind has none). */
  sellerColumns: string[] | null;
  /** The columns the statement's signed rows are grouped by first, besides the client and the two months. */
  keys: string[];
  /** What each group of signed rows sums to (column, aggregate over `sign` and the picked columns). */
  sums: [column: string, aggregate: string][];
  /** The kind's rollup tables: each one's key columns (after client, basis and month) and summed columns. */
  rollups: [table: string, keys: string[], sums: string[]][];
}

const counted = (flag: string) => `sum(CASE WHEN ${flag} THEN sign ELSE 0 END)`;
const summed = (value: string) => `sum(sign * COALESCE(${value}, 0))`;
const IMPACT_SUMS: [column: string, expression: string][] = [
  ['n', 'sum(sign)'],
  ['price_n', counted('price IS NOT NULL')],
  ['price_sum', summed('price')],
  ['onsell_n', counted('onsell IS NOT NULL')],
  ['onsell_sum', summed('onsell')],
  ['sold_n', counted('sold IS NOT NULL')],
  ['sold_sum', summed('sold')],
  ['price_onsell_n', counted('price IS NOT NULL AND onsell IS NOT NULL')],
  ['price_onsell_sum', summed('price * onsell')],
  ['price_sold_n', counted('price IS NOT NULL AND sold IS NOT NULL')],
  ['price_sold_sum', summed('price * sold')],
];

/** INSERT of the deltas of `b` (the groups, once per basis) into one rollup table, keys that sum to nothing left out. */
function rollupInsert(table: string, keys: string[], sums: string[]): string {
  const all = ['client_id', 'basis', 'month', ...keys].join(', ');
  return `INSERT INTO ${table} (${all}, ${sums.join(', ')})
    SELECT ${all}, ${sums.map((c) => `sum(${c})`).join(', ')} FROM b GROUP BY ${all}
    HAVING ${sums.map((c) => `sum(${c}) <> 0`).join(' OR ')}`;
}

/** Rollup columns that are record columns as they are. */
const columns = (map: Record<string, string>): Kind['pick'] => Object.entries(map).map(([name, column]) => [name, (r) => `${r}.${column}`]);

const EC: Kind = {
  table: 'ec_record',
  id: 'ec_id',
  pick: [
    ...columns({ client_id: 'client_id', scan: 'ec_scan_date', categorized: 'ec_categorize_date', region: 'ec_product_region', site: 'ec_site', common: 'ec_category_common_type_id' }),
    ['sub', (r) => `CASE WHEN ${r}.ec_category_common_type_id IS NULL THEN ${r}.ec_category_id END`],
    ...columns({ result: 'ec_process_result', currency: 'ec_product_currency', price: 'ec_product_price', onsell: 'ec_product_onsell_count', sold: 'ec_product_sold_count' }),
  ],
  counted: (r) => `(${r}.published AND (${r}.ec_category_id IS NOT NULL OR ${r}.ec_category_common_type_id IS NOT NULL))`,
  columns: ['published', 'ec_category_id', 'ec_category_common_type_id', 'ec_scan_date', 'ec_categorize_date', 'ec_product_region', 'ec_site',
    'ec_process_result', 'ec_product_currency', 'ec_product_price', 'ec_product_onsell_count', 'ec_product_sold_count'],
  sellerColumns: ['ec_product_seller'],
  keys: ['region', 'site', 'result', 'common', 'sub', 'currency'],
  sums: IMPACT_SUMS,
  rollups: [
    ['ec_dash', ['region', 'site', 'result', 'common', 'sub'], ['n']],
    ['ec_dash_impact', ['currency', 'common', 'sub'], IMPACT_SUMS.map(([column]) => column)],
  ],
};

const WS: Kind = {
  table: 'ws_record',
  id: 'ws_id',
  pick: columns({ client_id: 'client_id', scan: 'scan_date', categorized: 'categorize_date', region: 'domain_region', category: 'category_id', result: 'process_result' }),
  counted: (r) => `(${r}.published AND ${r}.category_id IS NOT NULL)`,
  columns: ['published', 'category_id', 'scan_date', 'categorize_date', 'domain_region', 'process_result'],
  sellerColumns: null,
  keys: ['region', 'category', 'result'],
  sums: [['n', 'sum(sign)']],
  rollups: [['ws_dash', ['region', 'category', 'result'], ['n']]],
};

type Op = 'insert' | 'update' | 'delete' | 'rebuild';

/** A SQL string literal. */
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const tuple = (alias: string, columns: string[]) => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;

/**
 * The statement a trigger runs (or, for `rebuild`, the one that files every record): `d` holds the signed rows
 * (+1 for what a record counts now, -1 for what it counted before), `b` each of them once per date basis with its
 * month, and the rollups get the grouped deltas; the last part logs the change.
 */
function statement(kind: Kind, op: Op): string {
  const pick = (r: string, prefix = '') => kind.pick.map(([name, expression]) => `${expression(r)} AS ${prefix}${name}`).join(', ');
  const row = (alias: string) => `SELECT ${op === 'delete' ? -1 : 1} AS sign, ${pick('r')} FROM ${alias} r WHERE ${kind.counted('r')}`;
  const parts: string[] = [];
  let d: string;
  let log: string;
  if (op === 'update') {
    // Old and new row of each record, once (one join; the rows are wide): only the records whose counted columns
    // (or, for the log, seller columns) changed count. A batch that sets the response action moves nothing.
    const sellers = kind.sellerColumns ? `${tuple('n', kind.sellerColumns)} IS DISTINCT FROM ${tuple('o', kind.sellerColumns)}` : 'false';
    parts.push(`pairs AS MATERIALIZED (
      SELECT n.client_id AS client, ${tuple('n', kind.columns)} IS DISTINCT FROM ${tuple('o', kind.columns)} AS moved, ${sellers} AS resold,
        ${kind.counted('n')} AS new_counted, ${kind.counted('o')} AS old_counted, ${pick('n', 'new_')}, ${pick('o', 'old_')}
      FROM new_rows n JOIN old_rows o ON o.${kind.id} = n.${kind.id}
      WHERE ${kind.counted('n')} OR ${kind.counted('o')})`);
    const side = (which: 'new' | 'old', sign: number) =>
      `SELECT ${sign} AS sign, ${kind.pick.map(([name]) => `${which}_${name} AS ${name}`).join(', ')} FROM pairs WHERE moved AND ${which}_counted`;
    d = `${side('new', 1)} UNION ALL ${side('old', -1)}`;
    log = 'SELECT client, 1 FROM pairs WHERE moved OR resold GROUP BY client';
  } else {
    d = op === 'rebuild' ? row(kind.table) : row(op === 'insert' ? 'new_rows' : 'old_rows');
    log = 'SELECT client_id, 1 FROM d GROUP BY client_id';
  }
  parts.push(`d AS MATERIALIZED (${d})`);
  // Grouped once (a batch's records mostly share their months, regions, sites and categories), then filed per basis.
  const groupKeys = ['client_id', 'month1', 'month2', ...kind.keys].join(', ');
  parts.push(`g AS MATERIALIZED (
    SELECT client_id, COALESCE(date_trunc('month', scan)::date, 'infinity'::date) AS month1, date_trunc('month', categorized)::date AS month2,
      ${kind.keys.join(', ')}, ${kind.sums.map(([column, aggregate]) => `${aggregate} AS ${column}`).join(', ')}
    FROM d GROUP BY ${groupKeys})`);
  parts.push(`b AS MATERIALIZED (SELECT g.*, x.basis, x.month FROM g CROSS JOIN LATERAL (VALUES (1::smallint, g.month1), (2::smallint, g.month2)) AS x(basis, month)
    WHERE x.month IS NOT NULL)`);
  kind.rollups.forEach(([table, keys, sums], i) => parts.push(`r${i} AS (${rollupInsert(table, keys, sums)})`));
  return `WITH ${parts.join(',\n')}
    INSERT INTO dashboard_change (client_id, weight) ${log}`;
}

const TRIGGERS: [op: Exclude<Op, 'rebuild'>, event: string, referencing: string][] = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'NEW TABLE AS new_rows OLD TABLE AS old_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
];

const ROLLUPS = [...EC.rollups, ...WS.rollups];

/** Folds one rollup table's rows of client `c` into one row per key (keys that sum to nothing go). */
function settleTable(table: string, keys: string[], sums: string[]): string {
  const all = ['client_id', 'basis', 'month', ...keys].join(', ');
  return `WITH gone AS (DELETE FROM ${table} WHERE client_id = c RETURNING *)
    INSERT INTO ${table} (${all}, ${sums.join(', ')})
    SELECT ${all}, ${sums.map((col) => `sum(${col})`).join(', ')} FROM gone GROUP BY ${all}
    HAVING ${sums.map((col) => `sum(${col}) <> 0`).join(' OR ')};`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const rollup = (name: string, columns: string) =>
    sql`CREATE TABLE ${sql.table(name)} (client_id integer NOT NULL, basis smallint NOT NULL, month date NOT NULL, ${sql.raw(columns)})`.execute(db);
  const category = 'common smallint, sub integer';
  await rollup('ec_dash', `region varchar(100) NOT NULL, site varchar(200) NOT NULL, result smallint, ${category}, n integer NOT NULL`);
  await rollup('ec_dash_impact', `currency varchar(3) NOT NULL, ${category}, ${IMPACT_SUMS.map(([c]) => `${c} ${c.endsWith('_sum') ? 'numeric' : 'integer'} NOT NULL`).join(', ')}`);
  await rollup('ws_dash', 'region varchar(100) NOT NULL, category smallint, result smallint, n integer NOT NULL');
  // The dashboard reads a year of a big client's rows (tens of thousands) from the index alone.
  await sql`CREATE INDEX ec_dash_read ON ec_dash (client_id, basis, month) INCLUDE (region, site, result, common, sub, n)`.execute(db);
  for (const table of ['ec_dash_impact', 'ws_dash']) await sql`CREATE INDEX ${sql.id(`${table}_read`)} ON ${sql.table(table)} (client_id, basis, month)`.execute(db);
  await sql`CREATE TABLE dashboard_change (client_id integer NOT NULL, weight bigint NOT NULL, settled boolean NOT NULL DEFAULT false)`.execute(db);
  await sql`CREATE INDEX dashboard_change_client ON dashboard_change (client_id) INCLUDE (weight)`.execute(db);
  await sql`CREATE INDEX dashboard_change_unsettled ON dashboard_change (client_id) WHERE NOT settled`.execute(db);

  for (const kind of [EC, WS]) {
    for (const [op, event, referencing] of TRIGGERS) {
      const fn = `${kind.table}_dashboard_${op}`;
      // EXECUTE plans the statement for each write's own transition tables: a plan kept from a one-record save
      // (the statement has no parameters, so PL/pgSQL would keep the first plan for the session) would join a
      // 100,000-record post's rows one by one.
      const body = `BEGIN EXECUTE ${quote(statement(kind, op))}; RETURN NULL; END`;
      await sql`CREATE FUNCTION ${sql.id(fn)}() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(body)}`.execute(db);
      await sql`CREATE TRIGGER ${sql.id(`dashboard_${op}`)} AFTER ${sql.raw(event)} ON ${sql.table(kind.table)} REFERENCING ${sql.raw(referencing)} FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(db);
    }
  }
  // Files every record anew (the rollups as they would be had the triggers always run): here, and for benchmarks
  // that switch the triggers off for a baseline.
  const rebuild = `BEGIN
    ${ROLLUPS.map(([table]) => `DELETE FROM ${table};`).join('\n')}
    ${statement(EC, 'rebuild')};
    ${statement(WS, 'rebuild')};
  END`;
  await sql`CREATE FUNCTION dashboard_rebuild() RETURNS void LANGUAGE plpgsql AS ${sql.lit(rebuild)}`.execute(db);
  const settle = `BEGIN
    ${ROLLUPS.map(([table, keys, sums]) => settleTable(table, keys, sums)).join('\n')}
    WITH gone AS (DELETE FROM dashboard_change WHERE client_id = c RETURNING weight)
    INSERT INTO dashboard_change (client_id, weight, settled) SELECT c, sum(weight), true FROM gone HAVING count(*) > 0;
  END`;
  await sql`CREATE FUNCTION dashboard_settle(c integer) RETURNS void LANGUAGE plpgsql AS ${sql.lit(settle)}`.execute(db);
  await sql`SELECT dashboard_rebuild()`.execute(db);

  // The records' side: top sellers, per-country seller counts and the edges of a period (its partial months) read
  // the records through these, without visiting the table. They replace migration 014's, which lacked the seller
  // and the impact figures.
  await sql`DROP INDEX ec_record_dashboard_scan`.execute(db);
  await sql`DROP INDEX ec_record_dashboard_categorized`.execute(db);
  for (const [name, column] of [['scan', 'ec_scan_date'], ['categorized', 'ec_categorize_date']] as const) {
    await sql`CREATE INDEX ${sql.id(`ec_record_dashboard_${name}_date`)} ON ec_record (client_id, ${sql.ref(column)})
      INCLUDE (ec_product_region, ec_site, ec_product_seller, ec_category_common_type_id, ec_category_id, ec_process_result,
        ec_product_currency, ec_product_price, ec_product_onsell_count, ec_product_sold_count) WHERE published`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const kind of [EC, WS]) {
    for (const [op] of TRIGGERS) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`dashboard_${op}`)} ON ${sql.table(kind.table)}`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.id(`${kind.table}_dashboard_${op}`)}()`.execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS dashboard_rebuild()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS dashboard_settle(integer)`.execute(db);
  for (const table of [...ROLLUPS.map(([t]) => t), 'dashboard_change']) await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  await sql`DROP INDEX IF EXISTS ec_record_dashboard_scan_date`.execute(db);
  await sql`DROP INDEX IF EXISTS ec_record_dashboard_categorized_date`.execute(db);
  const grouped = sql.raw('ec_product_region, ec_site, ec_category_common_type_id, ec_category_id, ec_process_result');
  await sql`CREATE INDEX ec_record_dashboard_scan ON ec_record (client_id, ec_scan_date) INCLUDE (${grouped}) WHERE published`.execute(db);
  await sql`CREATE INDEX ec_record_dashboard_categorized ON ec_record (client_id, ec_categorize_date) INCLUDE (${grouped}) WHERE published`.execute(db);
}
