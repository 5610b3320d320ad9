import { Role } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { recordBatches } from '../../records/export/export.js';
import { sortKeys } from '../../records/search/order.js';
import { insertRecords, insertReport } from './fixtures.js';
import { EC_KIND } from './kind.js';
import { REPRICE_QUEUE, repriceCurrency, startRepriceQueue, type RepriceQueue } from './reprice.js';

// Issue 16, point 4: a list sorted by price compares amounts in US dollars at the administrators' latest rates
// (seeded by migration 014: JPY 0.00636, EUR 1.035); amounts without a rate (XOF has none) come after, by currency
// and amount, in both directions; records without a price last of all.
let tp: TestPortal;
let clientId: number;
let analyst: TestUser;
let admin: TestUser;
let ids: Record<string, number>;
let queue: RepriceQueue;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Price Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  admin = await createUser(tp, { role: Role.ADMIN });
  // The real queue, without its worker: the test runs the job itself, when it chooses.
  queue = await startRepriceQueue(tp.portal.services, tp.portal.database.pool, { work: false });
  const report = await insertReport(tp, clientId);
  const rows = {
    usd10: ['10.00', 'USD'],
    jpy1000: ['1000.00', 'JPY'], // 6.36 USD
    jpy3000: ['3000.00', 'JPY'], // 19.08 USD
    eur5: ['5.00', 'EUR'], // 5.175 USD
    xof900: ['900.00', 'XOF'],
    xof50: ['50.00', 'XOF'],
    none: [null, 'USD'],
  } as const;
  const inserted = await insertRecords(tp, clientId, report, Object.values(rows).map(([price, currency]) => ({ ec_product_price: price, ec_product_currency: currency })));
  ids = Object.fromEntries(Object.keys(rows).map((k, i) => [k, inserted[i]!]));
});
afterAll(async () => {
  await queue?.stop();
  await tp?.close();
});

async function byPrice(value: 1 | 2, page = { limit: 100, offset: 0 }): Promise<string[]> {
  const res = await tp.post('/api/ec-data/search-records', { clientId, orderFields: [{ key: 'ec_product_price', value }], ...page }, { token: analyst.token });
  expect(res.body.code, res.body.message).toBe(0);
  const names = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return (res.body.data as { records: { ec_id: number }[] }).records.map((r) => names.get(r.ec_id)!);
}

/** The currencies of the reprice jobs queued so far, oldest first. */
async function queued(): Promise<string[]> {
  const { rows } = await sql<{ currency: string }>`SELECT data->>'currency' AS currency FROM pgboss.job WHERE name = ${REPRICE_QUEUE} ORDER BY created_on`.execute(tp.portal.services.db);
  return rows.map((r) => r.currency);
}

describe('the list sorted by price', () => {
  it('compares amounts in US dollars, amounts without a rate after them by currency and amount, in both directions', async () => {
    expect(await byPrice(1)).toEqual(['eur5', 'jpy1000', 'usd10', 'jpy3000', 'xof50', 'xof900', 'none']);
    expect(await byPrice(2)).toEqual(['jpy3000', 'usd10', 'jpy1000', 'eur5', 'xof900', 'xof50', 'none']);
    // Pages follow the same order without overlap.
    expect([...(await byPrice(2, { limit: 3, offset: 0 })), ...(await byPrice(2, { limit: 3, offset: 3 })), ...(await byPrice(2, { limit: 3, offset: 6 }))]).toEqual(await byPrice(2));
  });

  it('follows the rates administrators set, and the export reads the same order', async () => {
    const set = await tp.post('/api/admin/set-exchange-rate', { currency: 'XOF', usdRate: 0.0016, date: '2025-02-01' }, { token: admin.token });
    expect(set.body.code, set.body.message).toBe(0);
    // The call answered without repricing: the job is queued (committed with the rate), the order not yet changed.
    expect(await queued()).toEqual(['XOF']);
    expect(await byPrice(1)).toEqual(['eur5', 'jpy1000', 'usd10', 'jpy3000', 'xof50', 'xof900', 'none']);
    // The job, in batches of 1 record: XOF 900 = 1.44 USD, XOF 50 = 0.08 USD, now converted, and first ascending.
    expect(await repriceCurrency(tp.portal.services.db, 'XOF', 1)).toBe(2);
    expect(await byPrice(1)).toEqual(['xof50', 'xof900', 'eur5', 'jpy1000', 'usd10', 'jpy3000', 'none']);
    // Run again (a retry, a duplicate job): nothing differs, nothing is written.
    expect(await repriceCurrency(tp.portal.services.db, 'XOF')).toBe(0);
    const jpy = await tp.post('/api/admin/set-exchange-rate', { currency: 'JPY', usdRate: 0.02, date: '2025-03-01' }, { token: admin.token });
    expect(jpy.body.code, jpy.body.message).toBe(0);
    expect(await queued()).toEqual(['XOF', 'JPY']);
    expect(await repriceCurrency(tp.portal.services.db, 'JPY')).toBe(2);
    expect(await byPrice(2)).toEqual(['jpy3000', 'jpy1000', 'usd10', 'eur5', 'xof900', 'xof50', 'none']);
    // A refused rate queues nothing.
    expect((await tp.post('/api/admin/set-exchange-rate', { currency: 'XYZ', usdRate: 1, date: '2025-03-01' }, { token: admin.token })).body.code).not.toBe(0);
    expect(await queued()).toEqual(['XOF', 'JPY']);
    // A saved price is converted on write.
    await tp.portal.services.db.updateTable('ec_record').set({ ec_product_price: '1.00' }).where('ec_id', '=', ids.usd10!).execute();
    expect(await byPrice(2)).toEqual(['jpy3000', 'jpy1000', 'eur5', 'xof900', 'usd10', 'xof50', 'none']);

    const keys = sortKeys(EC_KIND, [{ key: 'ec_product_price', value: 2 }]);
    const got: number[] = [];
    for await (const batch of recordBatches(tp.portal.services.db, EC_KIND, EC_KIND.export.select, sql<boolean>`r.client_id = ${clientId}`, keys, { batchSize: 2 })) got.push(...batch.map((r) => r.ec_id));
    expect(got).toEqual((await byPrice(2)).map((k) => ids[k]));
  });
});
