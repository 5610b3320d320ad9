import { ErrorCode, Role, TaskType } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { amountOf } from './prices.js';

let tp: TestPortal;
let acme: number;
let other: number;
let acmeUser: TestUser;
let otherUser: TestUser;
let analyst: TestUser;
let published: number | undefined;
let draft: number | undefined;
const URL_A = 'https://mart.example/item/1';
const NOT_FOUND = { code: ErrorCode.OBJECT_NOT_FOUND };

/** A crawler task of the client with one listing and its price per run (what the worker writes). */
async function priced(clientId: number, type: number, title: string, url: string, prices: [string | null, string | null, string][]) {
  const db = tp.portal.services.db;
  const site = await db.selectFrom('ec_site').select('id').where('name', '=', 'Mart').executeTakeFirstOrThrow();
  const task = await db.insertInto('crawler_task').values({ client_id: clientId, title, type, status: 3, plan_start_date: '2026-11-01', run_no: prices.length }).returning('id').executeTakeFirstOrThrow();
  const sub = await db.insertInto('crawler_subtask').values({ task_id: task.id, site_id: site.id, status: 3, keyword: 'bag', start_url: 'https://mart.example/search' }).returning('id').executeTakeFirstOrThrow();
  const listing = await db.insertInto('crawler_listing').values({ task_id: task.id, subtask_id: sub.id, url, state: 1 }).returning('id').executeTakeFirstOrThrow();
  if (prices.length > 0) await db.insertInto('crawler_price').values(prices.map(([price, currency, at], i) => ({ listing_id: listing.id, run_no: i + 1, price, currency, seen_at: new Date(at) }))).execute();
  return task.id;
}

beforeAll(async () => {
  tp = await startTestPortal();
  const db = tp.portal.services.db;
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  acmeUser = await createUser(tp, { clientId: acme });
  otherUser = await createUser(tp, { clientId: other });
  analyst = await createUser(tp, { role: Role.ANALYST });
  await db.insertInto('ec_site').values({ name: 'Mart', url: 'https://mart.example', region: 'JP', category_id: null, has_crawler: true }).execute();
  const report = (await db.insertInto('ec_report').values({ client_id: acme, report_name: 'r', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow()).report_id;
  const record = (url: string, isPublished: boolean) => ({ client_id: acme, report_id: report, ec_site: 'Mart', ec_scan_date: '2026-11-01', ec_product_title: 'Bag', ec_product_url: url, url_key: url, published: isPublished, updated_at: new Date() });
  [published, draft] = (await db.insertInto('ec_record').values([record(URL_A, true), record('https://mart.example/item/2', false)]).returning('ec_id').execute()).map((r) => r.ec_id);
  // The series: two price tasks (one with a run that read no price), a normal task and another client's price task on the same URL.
  await priced(acme, TaskType.PRICE, 'Weekly prices', URL_A, [['1,299.00', 'USD', '2026-11-01T00:00:00Z'], ['1,199.00', 'USD', '2026-11-08T00:00:00Z'], [null, null, '2026-11-15T00:00:00Z']]);
  await priced(acme, TaskType.PRICE, 'Daily prices', URL_A, [['¥150,000', 'JPY', '2026-11-10T00:00:00Z']]);
  await priced(acme, TaskType.NORMAL, 'Sweep', URL_A, [['5.00', 'USD', '2026-11-09T00:00:00Z']]);
  await priced(other, TaskType.PRICE, 'Theirs', URL_A, [['9.00', 'USD', '2026-11-09T00:00:00Z']]);
  await priced(acme, TaskType.PRICE, 'Draft prices', 'https://mart.example/item/2', [['10', 'USD', '2026-11-09T00:00:00Z']]);
}, 60_000);
afterAll(async () => tp?.close());

const fetchPrices = (user: TestUser, clientId: number, recordId: number) => tp.post('/api/ec-data/fetch-price-history', { clientId, recordId }, { token: user.token });

describe('price history on the EC record detail', () => {
  it('answers the client\'s price-monitoring series of the listing, oldest first, with amounts for the chart', async () => {
    const res = await fetchPrices(acmeUser, acme, published!);
    expect(res.body.code).toBe(0);
    const prices = res.body.data!.prices as { taskTitle: string; runNo: number; price: string | null; amount: number | null; currency: string | null; seenAt: string }[];
    expect(prices.map((p) => [p.seenAt, p.taskTitle, p.runNo, p.price, p.amount, p.currency])).toEqual([
      ['2026-11-01T00:00:00.000Z', 'Weekly prices', 1, '1,299.00', 1299, 'USD'],
      ['2026-11-08T00:00:00.000Z', 'Weekly prices', 2, '1,199.00', 1199, 'USD'],
      ['2026-11-10T00:00:00.000Z', 'Daily prices', 1, '¥150,000', 150000, 'JPY'],
      ['2026-11-15T00:00:00.000Z', 'Weekly prices', 3, null, null, null],
    ]);
    // Analysts read every client's records, as the detail itself.
    expect((await fetchPrices(analyst, acme, published!)).body.data!.prices).toHaveLength(4);
  });

  it('keeps to the record\'s tenancy: other companies 403 or not found, unpublished records not found for client users', async () => {
    expect((await fetchPrices(otherUser, acme, published!)).status).toBe(403);
    expect((await fetchPrices(otherUser, other, published!)).body).toMatchObject(NOT_FOUND);
    expect((await fetchPrices(acmeUser, acme, draft!)).body).toMatchObject(NOT_FOUND);
    expect((await fetchPrices(analyst, other, published!)).body).toMatchObject(NOT_FOUND);
    expect((await fetchPrices(analyst, acme, draft!)).body.data!.prices).toHaveLength(1);
  });

  it('reads the usual ways prices are written', () => {
    expect([amountOf('1,299.00'), amountOf('¥12,800'), amountOf('199'), amountOf('12,5'), amountOf('call us'), amountOf(null)]).toEqual([1299, 12800, 199, 12.5, null, null]);
  });
});
