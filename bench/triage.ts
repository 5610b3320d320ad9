import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, type TriageRuleBody } from '@portal/contract';
import { createClient, createUser, startTestPortal, type TestPortal } from '@portal/server/testing';
import { sql } from 'kysely';
import { evaluateClient } from '../packages/server/src/areas/triage/evaluate.js';
import { BIG, seedEcDataset } from './ec-dataset.js';
import { EC, writeSheet } from './report-sheets.js';

/**
 * Triage rules (issue 19) on the benchmark data set's big client (BENCH_BIG_ROWS, default 1,000,000), on the
 * database TEST_DB selects:
 * - the evaluation job with 20 rules of every condition type over all the client's records (records/s, target
 *   50,000), with the seller and price signals (migration 030) filled for the client so their joins are paid;
 * - the backtest call of a words rule and of a price rule over the categorized records (median of SAMPLES,
 *   target 2 s);
 * - the cost the evaluation adds to a new upload of BENCH_UPLOAD_ROWS (default 100,000) rows: the upload call, then
 *   the job over the uploaded report (target: at most +20 %).
 */
const SAMPLES = Number(process.env.BENCH_TRIAGE_SAMPLES ?? 3);
const UPLOAD_ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000);

/** Twenty rules of every condition type; most records match none or late, which is the expensive case. */
function twentyRules(sub: number): TriageRuleBody[] {
  const base = { kind: 'ec' as const, enabled: true, subcategoryId: sub, productCategoryId: null, remark: '' };
  const rules: TriageRuleBody['conditions'][] = [
    [{ type: 'words', match: 'any', words: ['replica', 'copy', 'fake', '偽物'] }],
    [{ type: 'words', match: 'all', words: ['sakura', 'toner', '499ml'] }],
    [{ type: 'pattern', pattern: 'lot [0-9a-f]{4}dead' }],
    [{ type: 'list', list: 'black' }],
    [{ type: 'cluster', minSellers: 5, repeatOffender: true }],
    [{ type: 'site', sites: ['Temu', '1688'] }, { type: 'count', field: 'sold', above: 400 }],
    [{ type: 'region', regions: ['VN', 'TH'] }, { type: 'count', field: 'stock', above: 900 }],
    [{ type: 'modelPrice', belowPercent: 2 }],
    [{ type: 'priceScore', above: 30 }],
    [{ type: 'brandHint' }, { type: 'region', regions: ['Atlantis'] }],
    [{ type: 'words', match: 'any', words: ['wholesale', 'oem', 'factory'] }, { type: 'site', sites: ['AliExpress'] }],
    [{ type: 'pattern', pattern: '^SAKURA BEAUTY mask 4[0-9]{2}ml' }, { type: 'region', regions: ['KR'] }],
    [{ type: 'count', field: 'sold', above: 495 }],
    [{ type: 'words', match: 'all', words: ['cleanser', 'lot', 'ffff'] }],
    [{ type: 'site', sites: ['Mercari'] }, { type: 'priceScore', above: 10 }],
    [{ type: 'region', regions: ['RU', 'UA'] }, { type: 'words', match: 'any', words: ['serum'] }],
    [{ type: 'cluster', minSellers: 2, repeatOffender: false }, { type: 'count', field: 'stock', above: 990 }],
    [{ type: 'words', match: 'any', words: ['sunscreen 1ml', 'essence 2ml'] }],
    [{ type: 'region', regions: ['CN', 'China', '中国'] }, { type: 'modelPrice', belowPercent: 10 }],
    [{ type: 'words', match: 'any', words: ['lotion'] }],
  ];
  return rules.map((conditions, i) => ({ ...base, name: `Rule ${i + 1}`, conditions }));
}

/** Signals for the client as the signals job would leave them: a price score per priced record, sellers in networks. */
async function fillSignals(tp: TestPortal, clientId: number): Promise<void> {
  const db = tp.portal.services.db;
  await sql`
    INSERT INTO triage_price_score (ec_id, client_id, price_usd, peer_group, peer_count, peer_median_usd, peer_mad_usd, score, model_price_usd, model_ratio, computed_at)
    SELECT ec_id, client_id, ec_product_price, ec_site, 100, 50, 10, (50 - ec_product_price) / 14.8, 100, ec_product_price / 100, now()
    FROM ec_record WHERE client_id = ${clientId} AND ec_product_price IS NOT NULL`.execute(db);
  // One network per 10 of the 2,000 biggest sellers (on one site each, as most sellers are).
  await sql`
    INSERT INTO triage_seller_cluster (client_id, cluster_id, sellers, records, takedowns, repeat_offender, computed_at)
    SELECT ${clientId}, c, 10, 100, c % 7, c % 7 >= 3, now() FROM generate_series(1, 200) c`.execute(db);
  await sql`
    INSERT INTO triage_seller_member (client_id, cluster_id, member_id, kind, site, seller, records, takedowns)
    SELECT ${clientId}, 1 + (substr(seller, 8)::int % 200), row_number() OVER (), 'ec', site, seller, 1, 0
    FROM (SELECT DISTINCT r.ec_site AS site, r.ec_product_seller AS seller FROM ec_record r
          WHERE r.client_id = ${clientId} AND substr(r.ec_product_seller, 8)::int < 2000) s`.execute(db);
  await sql`ANALYZE triage_price_score`.execute(db);
  await sql`ANALYZE triage_seller_member`.execute(db);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const tp = await startTestPortal({ checkAnswers: false });
try {
  const { bigClient } = await seedEcDataset(tp);
  const db = tp.portal.services.db;
  const analyst = await createUser(tp, { role: Role.ANALYST });
  const sub = (await db.selectFrom('infringement_subcategory').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const rules = twentyRules(sub);
  const addRules = async (clientId: number) => {
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    for (const rule of rules) {
      const res = await tp.post('/api/triage/create-rule', { clientId, rule }, { token: analyst.token });
      if (res.body.code !== 0) throw new Error(`${rule.name}: ${res.body.message}`);
    }
  };
  await addRules(bigClient);
  await fillSignals(tp, bigClient);

  // The evaluation job over the whole client (the first run writes every suggestion; a second replaces them).
  const runs: { ms: number; records: number; suggested: number }[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    const done = await evaluateClient(db, { clientId: bigClient }, new Date());
    runs.push({ ms: Math.round(performance.now() - started), ...done });
  }
  const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));

  const backtest = async (rule: TriageRuleBody) => {
    const times: number[] = [];
    let answer: Record<string, unknown> = {};
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await tp.post('/api/triage/backtest', { clientId: bigClient, rule }, { token: analyst.token });
      if (res.body.code !== 0) throw new Error(res.body.message);
      times.push(performance.now() - started);
      answer = res.body.data as Record<string, unknown>;
    }
    return { ms: Math.round(median(times)), categorized: answer.categorized, matched: answer.matched, precision: answer.precision, recall: answer.recall };
  };
  const backtestWords = await backtest({ ...rules[0]!, conditions: [{ type: 'words', match: 'any', words: ['toner', 'mask'] }] });
  const backtestPrice = await backtest({ ...rules[0]!, conditions: [{ type: 'priceScore', above: 2 }, { type: 'cluster', minSellers: 2, repeatOffender: false }] });

  // A new upload of UPLOAD_ROWS rows to a client with the same 20 rules, then the job over that report.
  const uploadClient = await createClient(tp, 'Upload Co');
  await EC.setup(tp, uploadClient);
  await addRules(uploadClient);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'triage-bench-')), 'report.xlsx');
  await writeSheet(EC, file, UPLOAD_ROWS);
  const uploadStarted = performance.now();
  const uploaded = await tp.upload(EC.call as '/api/ec-report/upload-report', { clientId: uploadClient }, { name: 'report.xlsx', bytes: fs.readFileSync(file) }, { token: analyst.token });
  const uploadMs = Math.round(performance.now() - uploadStarted);
  if (uploaded.body.code !== 0) throw new Error(`upload: ${uploaded.body.message}`);
  const reportId = (uploaded.body.data as { reportId: number }).reportId;
  const jobStarted = performance.now();
  const job = await evaluateClient(db, { clientId: uploadClient, kind: 'ec', reportId }, new Date());
  const jobMs = Math.round(performance.now() - jobStarted);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });

  console.log(
    JSON.stringify(
      {
        benchmark: 'triage rules: evaluation job, backtest, cost added to an upload',
        database: process.env.TEST_DB ?? 'pglite',
        bigClientRecords: BIG,
        rules: rules.length,
        evaluation: { runs, recordsPerSecond: Math.round((best.records / best.ms) * 1000), target: 50_000 },
        backtestMs: { words: backtestWords, priceAndCluster: backtestPrice, target: 2_000 },
        upload: { rows: UPLOAD_ROWS, uploadMs, jobMs, job, addedPercent: Number(((jobMs / uploadMs) * 100).toFixed(1)), target: 20 },
      },
      null,
      2,
    ),
  );
} finally {
  await tp.close();
}
