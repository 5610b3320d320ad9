import { Role } from '@portal/contract';
import { repriceCurrency } from '../packages/server/src/kinds/ec/reprice.js';
import { createUser, startTestPortal } from '@portal/server/testing';
import { sql } from 'kysely';
import { BIG, seedEcDataset } from './ec-dataset.js';

/**
 * The EC list sorted by price on the benchmark data set's big client (BENCH_BIG_ROWS, default 1,000,000), on the
 * database TEST_DB selects (issue 16, point 4): the first and a deep page in each direction through the call (median
 * of SAMPLES), the plan of the page query (which index, how many rows read), what the rejected design costs (the
 * same page ordered by `price x latest rate`, joined at query time), and what a change of one currency's rate costs
 * (the administrators' call, which queues the repricing, and the job repricing its records in batches).
 */
const SAMPLES = Number(process.env.BENCH_PRICE_SAMPLES ?? 20);
const tp = await startTestPortal({ checkAnswers: false });
try {
  const { bigClient } = await seedEcDataset(tp);
  const db = tp.portal.services.db;
  await sql`ANALYZE ec_record`.execute(db);
  const analyst = await createUser(tp, { role: Role.ANALYST });
  const admin = await createUser(tp, { role: Role.ADMIN });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const page = async (value: 1 | 2, offset: number) => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await tp.post('/api/ec-data/search-records', { clientId: bigClient, orderFields: [{ key: 'ec_product_price', value }], limit: 100, offset }, { token: analyst.token });
      if (res.body.code !== 0) throw new Error(res.body.message);
      times.push(performance.now() - started);
    }
    return Math.round(median(times));
  };
  const plan = async (query: string) => {
    const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${query}`).execute(db);
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    return { ms: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN), indexes: [...new Set([...text.matchAll(/using (\w+)/gi)].map((m) => m[1]))], plan: text.split('\n').slice(0, 8).map((l) => l.trim()) };
  };
  const stored = (dir: 'ASC' | 'DESC') =>
    `SELECT * FROM ec_record r WHERE r.client_id = ${bigClient} ORDER BY r.ec_price_rank ASC, r.ec_price_usd ${dir}, r.ec_product_currency ASC, r.ec_product_price ${dir}, r.ec_id ${dir} LIMIT 100`;
  const joined = `SELECT r.* FROM ec_record r LEFT JOIN (SELECT DISTINCT ON (currency) currency, usd_rate FROM exchange_rate ORDER BY currency, rate_date DESC) x
    ON x.currency = r.ec_product_currency WHERE r.client_id = ${bigClient} ORDER BY r.ec_product_price * x.usd_rate DESC NULLS LAST, r.ec_id DESC LIMIT 100`;
  const jpy = (await db.selectFrom('ec_record').select((eb) => eb.fn.countAll<number>().as('n')).where('ec_product_currency', '=', 'JPY').executeTakeFirstOrThrow()).n;
  const started = performance.now();
  const set = await tp.post('/api/admin/set-exchange-rate', { currency: 'JPY', usdRate: 0.0065, date: '2030-01-01' }, { token: admin.token });
  if (set.body.code !== 0) throw new Error(set.body.message);
  const callMs = Math.round(performance.now() - started);
  const jobStarted = performance.now();
  const repriced = await repriceCurrency(db, 'JPY');
  const jobMs = Math.round(performance.now() - jobStarted);
  console.log(
    JSON.stringify(
      {
        benchmark: 'EC list sorted by price (US dollars at the latest rates)',
        database: process.env.TEST_DB ?? 'pglite',
        bigClientRecords: BIG,
        callMs: { ascFirstPage: await page(1, 0), descFirstPage: await page(2, 0), descPage50: await page(2, 5000) },
        storedAsc: await plan(stored('ASC')),
        storedDesc: await plan(stored('DESC')),
        joinedAtQueryTime: await plan(joined),
        rateChange: { recordsInCurrency: Number(jpy), callMs, repriced, jobMs },
      },
      null,
      2,
    ),
  );
} finally {
  await tp.close();
}
