import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { insertRecords, insertReport } from '../../kinds/ec/fixtures.js';

/**
 * The acceptance monitor over a known set of rounds: per marketplace and round, what was sent in the period and
 * how it ended, the rate over the decided notices, and who may read it.
 */
let tp: TestPortal;
let acme: number;
let other: number;
let analyst: TestUser;
let outsider: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;

const IN = '2026-10-10';
const OUT = '2026-08-01';

beforeAll(async () => {
  tp = await startTestPortal();
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme);
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  const report = await insertReport(tp, acme, 'October');
  const round1 = (result: number, date = IN) => ({ ec_process1_result: result, ec_process1_date: date });
  await insertRecords(tp, acme, report, [
    // Amazon, round 1: 3 taken down, 1 no action, 1 in review; round 2: 1 taken down (its round 1 was refused).
    ...[2, 2, 2, 3, 1].map((r) => ({ ec_site: 'Amazon', ...round1(r) })),
    { ec_site: 'Amazon', ...round1(3), ec_process2_result: 2, ec_process2_date: IN },
    // Rakuten, round 1: 1 taken down, 1 no action.
    ...[2, 3].map((r) => ({ ec_site: 'Rakuten', ...round1(r) })),
    // Left out: sent before the period, not posted, no round.
    { ec_site: 'Amazon', ...round1(3, OUT) },
    { ec_site: 'Amazon', ...round1(3), published: false },
    { ec_site: 'Amazon' },
  ]);
  const db = tp.portal.services.db;
  const sns = (await db.insertInto('sns_report').values({ client_id: acme, report_name: 'S', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow()).report_id;
  await db
    .insertInto('sns_record')
    .values([2, 1].map((result) => ({ client_id: acme, report_id: sns, platform: 4, account_url: 'https://tiktok.example/@x', post_url: '', published: true, updated_at: tp.clock.now, process1_result: result, process1_date: IN })))
    .execute();
  const ws = (await db.insertInto('ws_report').values({ client_id: acme, report_name: 'W', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow()).report_id;
  await db.insertInto('ws_record').values({ client_id: acme, report_id: ws, page_url: 'https://fake.example', page_domain: 'fake.example', published: true, updated_at: tp.clock.now, process1_result: 3, process1_date: IN }).execute();
  // Another company's notices never count for Acme.
  await insertRecords(tp, other, await insertReport(tp, other, 'Theirs'), [{ ec_site: 'Amazon', ...round1(2) }]);
});
afterAll(async () => {
  await tp?.close();
});

const ask = (user: TestUser, clientId = acme, fromDate = '2026-10-01', toDate = '2026-10-31') =>
  tp.post('/api/takedown/acceptance', { clientId, fromDate, toDate }, { token: user.token });

describe('acceptance monitor', () => {
  it('counts each round sent in the period by marketplace, with the rate over the decided notices', async () => {
    const res = await ask(analyst);
    expect(res.body.code).toBe(0);
    const data = res.body.data as { rows: unknown[]; totals: unknown[]; target: number };
    expect(data.target).toBe(0.9);
    expect(data.rows).toEqual([
      { kind: 'ec', marketplace: 'Amazon', round: 1, sent: 6, takenDown: 3, noAction: 2, inReview: 1, rate: 0.6 },
      { kind: 'ec', marketplace: 'Amazon', round: 2, sent: 1, takenDown: 1, noAction: 0, inReview: 0, rate: 1 },
      { kind: 'ec', marketplace: 'Rakuten', round: 1, sent: 2, takenDown: 1, noAction: 1, inReview: 0, rate: 0.5 },
      { kind: 'sns', marketplace: '4', round: 1, sent: 2, takenDown: 1, noAction: 0, inReview: 1, rate: 1 },
      { kind: 'ws', marketplace: '', round: 1, sent: 1, takenDown: 0, noAction: 1, inReview: 0, rate: 0 },
    ]);
    expect(data.totals).toEqual([
      { round: 1, sent: 11, takenDown: 5, noAction: 4, inReview: 2, rate: 0.5556 },
      { round: 2, sent: 1, takenDown: 1, noAction: 0, inReview: 0, rate: 1 },
      { round: 3, sent: 0, takenDown: 0, noAction: 0, inReview: 0, rate: null },
    ]);
  });

  it('gives client users the same figures of their own company', async () => {
    expect((await ask(acmeUser)).body.data).toEqual((await ask(analyst)).body.data);
    // Any analyst reads (as the dashboards); changes are not involved.
    expect((await ask(outsider)).body.code).toBe(0);
  });

  it("refuses another company's client user with 403", async () => {
    expect((await ask(otherUser)).status).toBe(403);
    expect((await ask(acmeUser, other)).status).toBe(403);
  });

  it('refuses a reversed period in the user\'s language, and an empty period answers nothing sent', async () => {
    const bad = await ask(analyst, acme, '2026-10-31', '2026-10-01');
    expect(bad.status).toBe(400);
    expect((await tp.post('/api/takedown/acceptance', { clientId: acme, fromDate: '2026-10-31', toDate: '2026-10-01' }, { token: analyst.token, locale: 'ja' })).body.message).not.toBe(bad.body.message);
    const empty = (await ask(analyst, acme, '2020-01-01', '2020-01-31')).body.data as { rows: unknown[]; totals: { sent: number; rate: number | null }[] };
    expect(empty.rows).toEqual([]);
    expect(empty.totals.every((t) => t.sent === 0 && t.rate === null)).toBe(true);
  });
});
