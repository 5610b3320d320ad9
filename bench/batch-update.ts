import { Role } from '@portal/contract';
import { createClient, createUser, manage, startTestPortal } from '@portal/server/testing';
import { insertRecords, insertReport } from '../packages/server/src/kinds/ec/fixtures.js';

/**
 * A batch update of BENCH_BATCH_ROWS (default 10,000, the most a call takes) marketplace records through the call,
 * with its undo bookkeeping (every record's previous value kept), on the database TEST_DB selects: median of
 * BENCH_BATCH_SAMPLES calls, each setting another category.
 */
const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_BATCH_SAMPLES ?? 5);
const tp = await startTestPortal({ checkAnswers: false });
try {
  const clientId = await createClient(tp, 'Batch Co');
  const analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  const report = await insertReport(tp, clientId);
  const ids = await insertRecords(tp, clientId, report, Array.from({ length: ROWS }, () => ({ ec_category_common_type_id: 1 })));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await tp.post('/api/ec-data/batch-update-category', { clientId, recordIds: ids, commoncategoryId: 2 + (i % 10) }, { token: analyst.token });
    if (res.body.code !== 0) throw new Error(res.body.message);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(JSON.stringify({ benchmark: 'batch update with undo bookkeeping', database: process.env.TEST_DB ?? 'pglite', records: ROWS, medianMs: Math.round(sorted[Math.floor(SAMPLES / 2)]!), allMs: times.map(Math.round) }));
} finally {
  await tp.close();
}
