import { Role, TAKEDOWN_CHANNELS } from '@portal/contract';
import { createClient, createUser, manage, startTestPortal } from '@portal/server/testing';

/**
 * Composing takedown notices for 300 records (issue 18: at most 1 s): the whole call through the HTTP stack (token,
 * tenancy, validation, the facts loader's queries, the pre-send check, each channel's text, the answer), for every
 * channel, on records that have a trademark, a finished capture, a white list to match against and an attorney
 * letter. Median and slowest of BENCH_RUNS runs (default 20) after one warm-up, per channel.
 */
const RECORDS = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LIMIT_MS = 1000;

const tp = await startTestPortal({ checkAnswers: false });
try {
  const db = tp.portal.services.db;
  const clientId = await createClient(tp, 'Bench Co');
  const analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  const { trademark_id } = await db.insertInto('trademark').values({ client_id: clientId, no: '第6123456号', region: 'JP', type: '3', text: 'BENCH', invalid_date: '2099-01-01', created_at: tp.clock.now, updated_at: tp.clock.now }).returning('trademark_id').executeTakeFirstOrThrow();
  await db.insertInto('attorney_letter').values({ client_id: clientId, region: 'JP', start_date: '2000-01-01', end_date: '2099-12-31' }).execute();
  await db.insertInto('special_url').values(Array.from({ length: 200 }, (_, i) => ({ client_id: clientId, type: 1 + (i % 2), url: `https://shop.example/official-${i}`, seller: `official-${i}`, seller_id: '' }))).execute();
  const { report_id } = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'Bench', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('ec_record')
    .values(Array.from({ length: RECORDS }, (_, i) => ({ client_id: clientId, report_id, ec_site: 'eBay', ec_product_title: `BENCH serum ${i} 30ml`, ec_product_url: `https://www.ebay.example/itm/${100000000000 + i}`, url_key: `ebay.example/itm/${100000000000 + i}`, ec_product_seller: `seller-${i % 40}`, ec_product_price: '19.99', ec_product_currency: 'USD', ec_product_region: 'JP', ec_response_trademark: trademark_id, published: true, updated_at: tp.clock.now })))
    .returning('ec_id')
    .execute();
  const recordIds = rows.map((r) => r.ec_id);
  await db
    .insertInto('evidence_capture')
    .values(recordIds.flatMap((ec_id) => [1, 2].map(() => ({ client_id: clientId, kind: 'ec' as const, ec_id, url: 'x', state: 'done' as const, final_url: 'https://final.example/', http_status: 200, sha256_png: 'a'.repeat(64), sha256_html: 'b'.repeat(64), requested_at: tp.clock.now, captured_at: tp.clock.now }))))
    .execute();

  const results: Record<string, { medianMs: number; maxMs: number; notices: number }> = {};
  for (const channel of TAKEDOWN_CHANNELS) {
    const run = async () => {
      const start = performance.now();
      const res = await tp.post('/api/takedown/compose', { clientId, kind: 'ec', recordIds, channel }, { token: analyst.token });
      const ms = performance.now() - start;
      if (res.body.code !== 0) throw new Error(`${channel}: ${res.body.message}`);
      return { ms, notices: (res.body.data as { notices: unknown[] }).notices.length };
    };
    await run();
    const times: number[] = [];
    let notices = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await run();
      times.push(r.ms);
      notices = r.notices;
    }
    times.sort((a, b) => a - b);
    results[channel] = { medianMs: Math.round(times[Math.floor(times.length / 2)]!), maxMs: Math.round(times.at(-1)!), notices };
  }
  const slowest = Math.max(...Object.values(results).map((r) => r.medianMs));
  console.log(JSON.stringify({ benchmark: `takedown compose, ${RECORDS} records`, database: process.env.TEST_DB ?? 'pglite', runs: RUNS, limitMs: LIMIT_MS, slowestMedianMs: slowest, withinLimit: slowest <= LIMIT_MS, channels: results }));
} finally {
  await tp.close();
}
