import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal } from '../app.js';
import { insertRecords, insertReport } from '../kinds/ec/fixtures.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../testing/index.js';
import { startTestReplication, type TestReplication } from '../testing/replication.js';
import { LSN_COOKIE, LSN_HEADER, lsnValue } from './replica.js';
import { metricsRegistry } from './metrics.js';

/**
 * PostgreSQL only: a primary and a streaming standby of the file's own, the portal on the primary with
 * DATABASE_READ_URL on the standby. The standby's replay is paused to make it lag on purpose: a read that must see
 * the caller's write goes to the primary, the same read without the caller's position goes to the standby and
 * does not see it yet (so the routing really reads there).
 */
let rep: TestReplication;
let tp: TestPortal;
let analyst: TestUser;
let clientId: number;
let ids: number[];

beforeAll(async () => {
  rep = await startTestReplication();
  // A lag guard far beyond the test's length: replay is paused on purpose here (the guard itself: its own test).
  tp = await startTestPortal({ server: rep.primaryUrl, readVia: (url) => rep.onStandby(url), readMaxLagSeconds: 3600, logLevel: 'warn' });
  clientId = await createClient(tp);
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  ids = await insertRecords(tp, clientId, await insertReport(tp, clientId), [{}, {}]);
  await rep.caughtUp();
});
afterAll(async () => {
  await tp?.close();
  rep?.stop();
});

/** A call through the real HTTP stack, answering the headers too (the position is handed out in them). */
async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await tp.portal.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', authorization: `Bearer ${analyst.token}`, ...headers }, payload: JSON.stringify(body) });
  return { status: res.statusCode, body: res.json<{ code: number; data: Record<string, unknown> }>(), headers: res.headers, cookies: res.cookies };
}

/** The aggregate categories of the client's records as the record list answers them. */
async function listedCategories(headers: Record<string, string> = {}): Promise<unknown[]> {
  const res = await call('/api/ec-data/search-records', { clientId }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.records as { ec_category_common_type_id: unknown }[]).map((r) => r.ec_category_common_type_id).sort();
}

/** How many reads went where so far (portal_replica_reads_total). */
async function reads(target: string): Promise<number> {
  const metric = (await metricsRegistry.getSingleMetric('portal_replica_reads_total')?.get())?.values ?? [];
  return metric.find((v) => v.labels.target === target)?.value ?? 0;
}

describe('reads on the standby with read-your-writes', () => {
  let lsn: string;

  it('hands out the primary position after a write, and reads it back on the primary while the standby lags', async () => {
    await rep.standbyQuery('SELECT pg_wal_replay_pause()');
    const write = await call('/api/ec-data/batch-update-category', { clientId, recordIds: ids, commoncategoryId: 3 });
    expect(write.body.code, JSON.stringify(write.body)).toBe(0);
    lsn = String(write.headers[LSN_HEADER]);
    expect(lsnValue(lsn)).toBeDefined();
    const cookie = write.cookies.find((c) => c.name === LSN_COOKIE);
    expect(cookie).toMatchObject({ value: lsn, httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 600 });
    // Over plain http (the test's inject) the cookie is not Secure; behind https it is.
    expect(cookie?.secure).toBeFalsy();

    const [behind, standby] = [await reads('behind'), await reads('standby')];
    // With the cookie (a browser) and with the header (an API key): the primary, which has the write.
    expect(await listedCategories({ cookie: `${LSN_COOKIE}=${lsn}` })).toEqual([3, 3]);
    expect(await listedCategories({ [LSN_HEADER]: lsn })).toEqual([3, 3]);
    expect(await reads('behind')).toBe(behind + 2);
    // Without it: the standby, paused before the write, which does not have it yet.
    expect(await listedCategories()).toEqual([null, null]);
    expect(await reads('standby')).toBe(standby + 1);
  });

  it('keeps the later position: an older one sent back does not lower it', async () => {
    // A write (the caller's own column choice) with a position later than the primary's: the cookie keeps it.
    const later = 'FFFFFF/0';
    const write = await call('/api/ec-data/set-columns', { columns: [] }, { cookie: `${LSN_COOKIE}=${later}` });
    expect(write.body.code, JSON.stringify(write.body)).toBe(0);
    expect(write.headers[LSN_HEADER]).toBe(later);
    // And with an older one, the primary's newer position.
    const again = await call('/api/ec-data/set-columns', { columns: [] }, { [LSN_HEADER]: '0/1' });
    expect(lsnValue(again.headers[LSN_HEADER])! >= lsnValue(lsn)!).toBe(true);
  });

  it('reads on the standby once it has replayed the caller\'s write', async () => {
    await rep.standbyQuery('SELECT pg_wal_replay_resume()');
    await rep.caughtUp();
    const standby = await reads('standby');
    expect(await listedCategories({ cookie: `${LSN_COOKIE}=${lsn}` })).toEqual([3, 3]);
    expect(await reads('standby')).toBe(standby + 1);
  });

  it('answers the dashboards, filter values and exports from the standby (read-only transactions suffice)', async () => {
    const standby = await reads('standby');
    const answers = [
      await call('/api/ec-data/fetch-filters', { clientId, fieldName: 'ec_category_common_type_id' }),
      await call('/api/ec-dashboard/fetch-info', { clientId, dateType: 1, fromDate: '2024-01-01', toDate: '2024-12-31' }),
      await call('/api/home-dashboard', { clientId }),
    ];
    for (const a of answers) expect(a.body.code, JSON.stringify(a.body)).toBe(0);
    expect(answers[0]!.body.data).toMatchObject({ filters: [{ value: 3, count: 2 }] });
    const exported = await tp.get(`/api/ec-data/export-search-result?clientId=${clientId}`, { token: analyst.token });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(await reads('standby')).toBe(standby + 4);
  });

  it('keeps calls that are not marked on the primary', async () => {
    await rep.standbyQuery('SELECT pg_wal_replay_pause()');
    try {
      const write = await call('/api/ec-data/batch-update-category', { clientId, recordIds: ids, commoncategoryId: 4 });
      expect(write.body.code).toBe(0);
      const counted = [await reads('standby'), await reads('behind')];
      // One record (not marked): the primary, with or without a position; the standby has not seen category 4.
      const record = await call('/api/ec-data/get-record', { clientId, recordId: ids[0] });
      expect((record.body.data.record as { ec_category_common_type_id: number }).ec_category_common_type_id).toBe(4);
      expect([await reads('standby'), await reads('behind')]).toEqual(counted);
    } finally {
      await rep.standbyQuery('SELECT pg_wal_replay_resume()');
    }
  });

  it('skips a standby whose replay is further behind than DATABASE_READ_MAX_LAG_SECONDS', async () => {
    await rep.caughtUp();
    // A second API process on the same database, with a guard of one second.
    const strict = await buildPortal({ config: { ...tp.portal.services.config, databaseReadMaxLagSeconds: 1, logLevel: 'silent' }, database: tp.portal.database });
    await rep.standbyQuery('SELECT pg_wal_replay_pause()');
    try {
      expect((await call('/api/ec-data/batch-update-category', { clientId, recordIds: ids, commoncategoryId: 5 })).body.code).toBe(0);
      // The standby has received the write and not replayed it: its replay is behind by the time since its last one.
      await new Promise((r) => setTimeout(r, 1_500));
      const lagging = await reads('lagging');
      const res = await strict.app.inject({ method: 'POST', url: '/api/ec-data/search-records', headers: { 'content-type': 'application/json', authorization: `Bearer ${analyst.token}` }, payload: JSON.stringify({ clientId }) });
      expect(res.json<{ data: { records: { ec_category_common_type_id: number }[] } }>().data.records.map((r) => r.ec_category_common_type_id)).toEqual([5, 5]);
      expect(await reads('lagging')).toBe(lagging + 1);
    } finally {
      await rep.standbyQuery('SELECT pg_wal_replay_resume()');
      await strict.close();
    }
  });

  it('answers from the primary when the standby is down, and logs it once', async () => {
    await rep.caughtUp();
    rep.stopStandby();
    const down = await reads('down');
    expect(await listedCategories()).toEqual([5, 5]);
    expect(await listedCategories({ cookie: `${LSN_COOKIE}=${lsn}` })).toEqual([5, 5]);
    const filters = await call('/api/ec-data/fetch-filters', { clientId, fieldName: 'ec_site' });
    expect(filters.body, JSON.stringify(filters.body)).toMatchObject({ code: 0, data: { filters: [{ value: 'Amazon', count: 2 }] } });
    expect(await reads('down')).toBe(down + 3);
    expect(tp.logs.filter((l) => l.msg === 'the read-only standby failed: its reads go to the primary')).toHaveLength(1);
  });
});
