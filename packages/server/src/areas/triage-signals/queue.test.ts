import { Role } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_EN, createClient, createUser, listing, manage, startTestPortal, xlsxOf, type TestPortal, type TestUser } from '../../testing/index.js';
import { triageQueue } from '../triage/evaluate.js';
import { EVALUATE_QUEUE, SIGNALS_QUEUE, nightlySignalsJob, startSignalsQueue, type SignalsQueue } from './queue.js';

// The triage-signals job is queued when an upload finishes and nightly, once per client at a time; after computing,
// it queues the triage rules' evaluation (the triage area's queue) for the client.
let tp: TestPortal;
let clientId: number;
let analyst: TestUser;
let queue: SignalsQueue;

const jobs = async (name: string) =>
  (await sql<{ client: number; state: string }>`SELECT (data->>'clientId')::int AS client, state FROM pgboss.job WHERE name = ${name} ORDER BY created_on`.execute(tp.portal.services.db)).rows;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Queue Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  // The real queue, without its worker: the test looks at what was queued.
  queue = await startSignalsQueue(tp.portal.services, tp.portal.database.pool, { work: false });
});
afterAll(async () => {
  await queue?.stop();
  await tp?.close();
});

describe('the triage-signals queue', () => {
  it('gets a job for the client when an upload finishes, one waiting per client however many uploads', async () => {
    for (const name of ['a.xlsx', 'b.xlsx']) {
      const res = await tp.upload('/api/ec-report/upload-report', { clientId }, { name, bytes: await xlsxOf(HEADER_EN, [listing(1), listing(2)]) }, { token: analyst.token });
      expect(res.body.code, res.body.message).toBe(0);
    }
    expect(await jobs(SIGNALS_QUEUE)).toEqual([{ client: clientId, state: 'created' }]);
  });

  it('gets a job when a report is removed', async () => {
    await sql`DELETE FROM pgboss.job WHERE name = ${SIGNALS_QUEUE}`.execute(tp.portal.services.db);
    const { report_id } = await tp.portal.services.db.selectFrom('ec_report').select('report_id').where('client_id', '=', clientId).orderBy('report_id').executeTakeFirstOrThrow();
    const res = await tp.post('/api/ec-report/remove-report', { clientId, reportId: report_id }, { token: analyst.token });
    expect(res.body.code, res.body.message).toBe(0);
    expect(await jobs(SIGNALS_QUEUE)).toEqual([{ client: clientId, state: 'created' }]);
  });

  it('gets a job nightly for every client with records, and none for a client without', async () => {
    const empty = await createClient(tp, 'Empty Co');
    await sql`DELETE FROM pgboss.job WHERE name = ${SIGNALS_QUEUE}`.execute(tp.portal.services.db);
    await nightlySignalsJob.run(tp.portal.services, tp.clock.now);
    const queued = (await jobs(SIGNALS_QUEUE)).map((j) => j.client);
    expect(queued).toContain(clientId);
    expect(queued).not.toContain(empty);
  });

  it('computes the signals and queues the rules evaluation when its worker runs', async () => {
    // The first start (queueing only) ends: one job system per process.
    await queue.stop();
    // The triage area's queue, queued only (its worker is the triage test's).
    const worker = await startSignalsQueue(tp.portal.services, tp.portal.database.pool, { work: true }, [triageQueue(tp.portal.services, { work: false })]);
    try {
      for (let i = 0; i < 100 && (await jobs(EVALUATE_QUEUE)).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await worker.stop();
    }
    expect((await jobs(EVALUATE_QUEUE)).map((j) => j.client)).toContain(clientId);
    const scored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM triage_price_score WHERE client_id = ${clientId}`.execute(tp.portal.services.db);
    expect(scored.rows[0]!.n).toBe(2);
  });
});
