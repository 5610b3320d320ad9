import { Role } from '@portal/contract';
import { buildPortal } from '@portal/server';
import { createClient, createUser, manage, startTestPortal, startTestReplication } from '@portal/server/testing';

/**
 * What reading on the standby costs and saves per call (issue 33, point 1), on a primary and a streaming standby of
 * the benchmark's own on this machine: a record list of 10,000 records (the EC list's first page and its count)
 * and a small write (the caller's column choice), through the HTTP stack, on a portal without DATABASE_READ_URL
 * and on one with it: the list on the standby without a position, with one it has replayed, and with one it has
 * not (checked there, then read on the primary); the write with the WAL position it hands out. Median and p95 of
 * BENCH_RUNS calls each (default 200) after a warm-up.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const RECORDS = 10_000;

const rep = await startTestReplication();
const tp = await startTestPortal({ checkAnswers: false, server: rep.primaryUrl, readVia: (url) => rep.onStandby(url) });
const plain = await buildPortal({ config: { ...tp.portal.services.config, databaseReadUrl: undefined }, database: tp.portal.database });
try {
  const db = tp.portal.services.db;
  const clientId = await createClient(tp, 'Bench Co');
  const analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  const { report_id } = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'Bench', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
  for (let i = 0; i < RECORDS; i += 1000) {
    const rows = Array.from({ length: 1000 }, (_, j) => ({ client_id: clientId, report_id, ec_site: 'eBay', ec_scan_date: `2024-0${1 + ((i + j) % 9)}-01`, ec_product_title: `BENCH ${i + j}`, ec_product_url: `https://shop.example/${i + j}`, url_key: `shop.example/${i + j}`, published: true, updated_at: tp.clock.now }));
    await db.insertInto('ec_record').values(rows).execute();
  }
  await rep.caughtUp();

  const post = async (portal: typeof plain, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await portal.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', authorization: `Bearer ${analyst.token}`, ...headers }, payload: JSON.stringify(body) });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const measure = async (run: () => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))]! * 10) / 10;
    return { medianMs: at(0.5), p95Ms: at(0.95) };
  };
  const list = (portal: typeof plain, headers?: Record<string, string>) => () => post(portal, '/api/ec-data/search-records', { clientId }, headers);
  const write = (portal: typeof plain) => () => post(portal, '/api/ec-data/set-columns', { columns: [] });
  const lsn = String((await post(tp.portal, '/api/ec-data/set-columns', { columns: [] })).headers['x-portal-lsn']);
  await rep.caughtUp();
  const results = {
    listPrimaryNoReadUrl: await measure(list(plain)),
    listStandbyNoPosition: await measure(list(tp.portal)),
    listStandbyPositionReplayed: await measure(list(tp.portal, { 'x-portal-lsn': lsn })),
    listPrimaryPositionAhead: await measure(list(tp.portal, { 'x-portal-lsn': 'FFFFFF/0' })),
    writeNoReadUrl: await measure(write(plain)),
    writeHandingOutPosition: await measure(write(tp.portal)),
  };
  console.log(JSON.stringify({ benchmark: `reads on the standby, EC list of ${RECORDS} records`, runs: RUNS, results }));
} finally {
  await plain.close();
  await tp.close();
  rep.stop();
}
