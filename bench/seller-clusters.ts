import { createClient, startTestPortal } from '@portal/server/testing';
import { sql } from 'kysely';
import { findNetworks } from '../packages/server/src/areas/triage-signals/clusters.js';
import { computeNetworks } from '../packages/server/src/areas/triage-signals/networks.js';
import { computePriceScores } from '../packages/server/src/areas/triage-signals/price-queries.js';
import { loadSellers } from '../packages/server/src/areas/triage-signals/sellers.js';
import { BIG, seedEcDataset } from './ec-dataset.js';

/**
 * The triage signals (issue 19, points 4 and 5) on the database TEST_DB selects:
 * - seller networks over a client of BENCH_SELLERS sellers (default 50,000; the issue asks ≤ 5 s), RECORDS_PER_SELLER
 *   records each, generated in SQL: three in ten share a name with two others (written with different company
 *   suffixes, case and punctuation), one in ten a phone with another, one in twenty a mail, one in twenty a seller
 *   URL, one in fifty a shop address; the rest stand alone. Reported: the whole job step (read, link, write in one
 *   transaction; median of RUNS), and its parts;
 * - abnormal-price scores over the benchmark data set's big client (BENCH_BIG_ROWS, default 1,000,000) with three
 *   brand models its titles name; BENCH_PRICES=0 leaves it out.
 */
const SELLERS = Number(process.env.BENCH_SELLERS ?? 50_000);
const RECORDS_PER_SELLER = Number(process.env.BENCH_RECORDS_PER_SELLER ?? 4);
const RUNS = Number(process.env.BENCH_CLUSTER_RUNS ?? 3);
const PRICES = process.env.BENCH_PRICES !== '0';
const SITES = ['Amazon', 'Taobao', 'AliExpress', 'eBay', 'Rakuten', 'Shopee', 'Lazada', 'Mercari', 'Temu', 'Yahoo Shopping', '1688'];

const tp = await startTestPortal({ checkAnswers: false });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  const db = tp.portal.services.db;
  const clientId = await createClient(tp, 'Networks Co');
  const { report_id } = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'bench', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
  const seedStarted = performance.now();
  // Record g belongs to seller s = g % SELLERS; the seller's keys follow from s.
  await sql`
    INSERT INTO ec_record (client_id, report_id, ec_site, ec_product_title, ec_product_url, url_key, ec_product_seller, ec_product_seller_url,
      ec_seller_phone, ec_seller_mail, ec_seller_address, ec_process1_result, ec_process1_date, published, updated_at)
    SELECT ${clientId}, ${report_id}, (${SITES}::text[])[1 + s % 11], 'listing ' || g, 'https://m.example/i/' || g, 'm.example/i/' || g,
      CASE WHEN s % 10 < 3 THEN (ARRAY['Trading ' || (s / 10) || ' Co., Ltd.', 'TRADING ' || (s / 10) || ' LTD', 'trading-' || (s / 10) || ' inc'])[1 + s % 3]
           ELSE 'Seller ' || s || ' Store' END,
      'https://' || lower((${SITES}::text[])[1 + s % 11]) || '.example/seller/' || CASE WHEN s % 20 = 3 THEN 'shared-' || (s / 40) ELSE s::text END,
      CASE WHEN s % 10 = 4 THEN '+86 755 ' || lpad((s / 20)::text, 8, '0') ELSE '' END,
      CASE WHEN s % 20 = 5 THEN 'shop' || (s / 40) || '@mail.example' ELSE '' END,
      CASE WHEN s % 50 = 6 THEN 'Building ' || (s / 100) || ', Longgang District, Shenzhen' ELSE '' END,
      CASE WHEN g % 4 = 0 THEN 2 END, CASE WHEN g % 4 = 0 THEN current_date END, true, now()
    FROM generate_series(0, ${SELLERS * RECORDS_PER_SELLER - 1}::int) AS g, LATERAL (SELECT g % ${SELLERS} AS s) x`.execute(db);
  await sql`ANALYZE ec_record`.execute(db);
  const seedMs = Math.round(performance.now() - seedStarted);

  const loadStarted = performance.now();
  const sellers = await loadSellers(db, clientId);
  const loadMs = Math.round(performance.now() - loadStarted);
  const linkStarted = performance.now();
  const networks = findNetworks(sellers);
  const linkMs = Math.round(performance.now() - linkStarted);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await db.transaction().execute((tx) => computeNetworks(tx, clientId, new Date()));
    runs.push(Math.round(performance.now() - started));
  }
  const clusters = {
    sellers: sellers.length,
    records: SELLERS * RECORDS_PER_SELLER,
    networks: networks.length,
    sellersInNetworks: networks.reduce((n, c) => n + c.members.length, 0),
    links: networks.reduce((n, c) => n + c.links.length, 0),
    repeatOffenders: networks.filter((c) => c.repeatOffender).length,
    seedMs,
    jobMs: { median: median(runs), runs },
    parts: { loadSellersMs: loadMs, unionFindMs: linkMs },
  };

  let prices: Record<string, unknown> | null = null;
  if (PRICES) {
    const { bigClient } = await seedEcDataset(tp);
    const { brand_id } = await db.insertInto('brand').values({ client_id: bigClient, brand_name: 'SAKURA BEAUTY' }).returning('brand_id').executeTakeFirstOrThrow();
    await db
      .insertInto('brand_model')
      .values([['serum', '48.00'], ['lip tint', '22.50'], ['sunscreen', '30.00']].map(([model_name, model_price]) => ({ client_id: bigClient, brand_id, model_name: model_name!, model_price: model_price! })))
      .execute();
    const times: number[] = [];
    let scored = 0;
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      scored = await db.transaction().execute((tx) => computePriceScores(tx, bigClient, new Date()));
      times.push(Math.round(performance.now() - started));
    }
    const { rows } = await sql<{ groups: number; scoredRows: number; abnormal: number }>`
      SELECT count(DISTINCT peer_group)::int AS groups, count(score)::int AS "scoredRows", count(*) FILTER (WHERE score >= 3)::int AS abnormal
      FROM triage_price_score WHERE client_id = ${bigClient}`.execute(db);
    prices = { bigClientRecords: BIG, pricedRecords: scored, ...rows[0], ms: times };
  }
  console.log(JSON.stringify({ benchmark: 'triage signals: seller networks and abnormal prices', database: process.env.TEST_DB ?? 'pglite', clusters, prices }, null, 2));
} finally {
  await tp.close();
}
