import { Role, type SellerCluster } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { insertRecords, insertReport, type RecordValues } from '../../kinds/ec/fixtures.js';
import { addressKey, nameKey, phoneKey, urlKey } from './normalize.js';
import { computeSignals } from './queue.js';

// Issue 19, points 4 and 5: abnormal prices on a hand-worked set, seller networks with every link reason, the
// repeat-offender flag, and who may read the networks.
let tp: TestPortal;
let clientId: number;
let otherClient: number;
let manager: TestUser;
let outsider: TestUser;
let clientUser: TestUser;
let otherUser: TestUser;
const ids: Record<string, number> = {};

async function ec(name: string, values: RecordValues): Promise<void> {
  const report = await insertReport(tp, clientId, name);
  ids[name] = (await insertRecords(tp, clientId, report, [values]))[0]!;
}

async function sns(values: { platform: number; account_name: string; account_id?: string; contact_mail?: string; contact_phone?: string; published?: boolean }): Promise<void> {
  const db = tp.portal.services.db;
  const { report_id } = await db.insertInto('sns_report').values({ client_id: clientId, report_name: 'sns', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
  await db
    .insertInto('sns_record')
    .values({ client_id: clientId, report_id, account_url: `https://sns.example/${values.account_name}`, post_url: `https://sns.example/p/${values.account_name}`, updated_at: tp.clock.now, published: true, ...values })
    .execute();
}

// Infringing (a counterfeit) and taken down, shipped from China: these sellers are among the dashboard's top infringers.
const takedown = { ec_process1_result: 2, ec_process1_date: '2024-05-10', ec_category_common_type_id: 3, ec_product_region: 'CN' } as const;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Signals Co');
  otherClient = await createClient(tp, 'Other Co');
  manager = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, manager, clientId);
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: otherClient });

  const db = tp.portal.services.db;
  const { brand_id } = await db.insertInto('brand').values({ client_id: clientId, brand_name: 'Sakura' }).returning('brand_id').executeTakeFirstOrThrow();
  await db.insertInto('brand_model').values({ client_id: clientId, brand_id, model_name: 'Sakura X200', model_price: '50.00' }).execute();

  // Keyword group "sakura serum" on Amazon, USD: 2, 10, 12, 14, 16, 100. Median 13; |deviations| 11, 3, 1, 1, 3, 87,
  // sorted 1, 1, 3, 3, 11, 87: MAD 3. Score of the 2-dollar listing: (13 - 2) / (1.4826 x 3) = 2.4731...
  for (const [name, price] of [['kw2', 2], ['kw10', 10], ['kw12', 12], ['kw14', 14], ['kw16', 16], ['kw100', 100]] as const) {
    await ec(name, { ec_search_keyword: 'Sakura Serum', ec_product_price: String(price), ec_product_currency: 'USD' });
  }
  // The same keyword on another site is another group, of 4: too few peers (MIN_PEERS 5), no score.
  for (const [name, price] of [['few1', 1], ['few2', 10], ['few3', 11], ['few4', 12]] as const) {
    await ec(name, { ec_site: 'Rakuten', ec_search_keyword: 'sakura serum', ec_product_price: String(price), ec_product_currency: 'USD' });
  }
  // The model Sakura X200 (50 USD in the master) named in titles on any site: 50, 50, 50, 50 USD and 3,000 JPY (19.08
  // USD at the seeded 0.00636). Median 50, MAD 0 (four of five at 50): the mean absolute deviation 30.92 / 5 = 6.184
  // stands in, scaled by 1.253314: (50 - 19.08) / 7.7505 = 3.9894...; the ratio to the model price 19.08 / 50 = 0.3816.
  for (const [name, site, price, currency] of [['m1', 'Amazon', 50, 'USD'], ['m2', 'eBay', 50, 'USD'], ['m3', 'Rakuten', 50, 'USD'], ['m4', 'Amazon', 50, 'USD'], ['mjpy', 'Mercari', 3000, 'JPY']] as const) {
    await ec(name, { ec_site: site, ec_search_keyword: 'serum', ec_product_title: `SAKURA X200 serum ${name}`, ec_product_price: String(price), ec_product_currency: currency });
  }
  // No keyword and no model: no peers.
  await ec('alone', { ec_search_keyword: '', ec_product_price: '5', ec_product_currency: 'USD' });

  // Sellers. Name: the same company written three ways; the must-not-link: a similar but different name.
  await ec('s-name1', { ec_site: 'Amazon', ec_product_seller: 'Sakura Beauty Co., Ltd.' });
  await ec('s-name2', { ec_site: 'Rakuten', ec_product_seller: 'ＳＡＫＵＲＡ　ＢＥＡＵＴＹ（株）' });
  await ec('s-kana1', { ec_site: 'Yahoo', ec_product_seller: 'さくら堂' });
  await ec('s-kana2', { ec_site: 'Mercari', ec_product_seller: 'サクラ堂 有限会社' });
  await ec('s-similar', { ec_site: 'Amazon', ec_product_seller: 'Sakura Beauty Shop' });
  // Seller URL across sites.
  await ec('s-url1', { ec_site: 'Amazon', ec_product_seller: 'Alpha Trading', ec_product_seller_url: 'https://www.shop.example/seller/777/' });
  await ec('s-url2', { ec_site: 'eBay', ec_product_seller: 'Omega Goods', ec_product_seller_url: 'http://shop.example/seller/777#reviews' });
  // Phone, three takedowns between them: a repeat offender.
  await ec('s-phone1', { ec_site: 'Amazon', ec_product_seller: 'Tokyo Deals', ec_seller_phone: '+81 3-1234-5678', ...takedown });
  await ec('s-phone1b', { ec_site: 'Amazon', ec_product_seller: 'Tokyo Deals', ...takedown });
  await ec('s-phone2', { ec_site: 'Qoo10', ec_product_seller: 'Osaka Bargains', ec_seller_phone: '０３−１２３４−５６７８', ...takedown });
  // Address.
  await ec('s-addr1', { ec_site: 'Amazon', ec_product_seller: 'Beta Store', ec_seller_address: '東京都渋谷区神南1-2-3' });
  await ec('s-addr2', { ec_site: 'Yahoo', ec_product_seller: 'Gamma Mart', ec_seller_address: '東京都 渋谷区 神南 １−２−３' });
  // Mail, EC seller and SNS account; account id across platforms (Instagram 1, TikTok 4); one account unposted.
  await ec('s-mail', { ec_site: 'Amazon', ec_product_seller: 'Delta Outlet', ec_seller_mail: 'Sales@Delta.example', ...takedown });
  await sns({ platform: 1, account_name: 'delta official', account_id: 'delta_official', contact_mail: ' sales@delta.example' });
  await sns({ platform: 4, account_name: 'Delta', account_id: '@Delta_Official', published: false });
  // An X account with the phone of the repeat offenders.
  await sns({ platform: 3, account_name: 'osaka_bargain_x', contact_phone: '+81-3-1234-5678' });
  await computeSignals(db, clientId, tp.clock.now);
});
afterAll(async () => {
  await tp?.close();
});

async function scoreOf(name: string) {
  const { rows } = await sql<{ score: number | null; peer_count: number; peer_median_usd: string | null; peer_mad_usd: string | null; model_ratio: number | null; peer_group: string }>`
    SELECT score, peer_count, peer_median_usd, peer_mad_usd, model_ratio, peer_group FROM triage_price_score WHERE ec_id = ${ids[name]!}`.execute(tp.portal.services.db);
  return rows[0];
}

describe('abnormal prices', () => {
  it('scores a keyword group by median and MAD', async () => {
    const low = await scoreOf('kw2');
    expect(low).toMatchObject({ peer_count: 6, peer_group: 'keyword:Amazon|sakura serum' });
    expect(Number(low!.peer_median_usd)).toBe(13);
    expect(Number(low!.peer_mad_usd)).toBe(3);
    expect(low!.score).toBeCloseTo(11 / (1.4826 * 3), 6);
    expect((await scoreOf('kw100'))!.score).toBeCloseTo(-87 / (1.4826 * 3), 6);
    expect(low!.model_ratio).toBeNull();
  });

  it('groups by the brand model named in the title across sites, with the mean deviation when the MAD is 0, and the master ratio', async () => {
    const cheap = await scoreOf('mjpy');
    expect(cheap).toMatchObject({ peer_count: 5 });
    expect(cheap!.peer_group).toMatch(/^model:\d+$/);
    expect(Number(cheap!.peer_mad_usd)).toBe(0);
    expect(cheap!.score).toBeCloseTo(30.92 / (1.253314 * 6.184), 6);
    expect(cheap!.model_ratio).toBeCloseTo(0.3816, 6);
    expect((await scoreOf('m1'))!.score).toBe(0);
  });

  it('leaves the score empty with fewer than 5 peers or without a keyword or model', async () => {
    expect(await scoreOf('few1')).toMatchObject({ peer_count: 4, score: null });
    expect(await scoreOf('alone')).toMatchObject({ peer_count: 0, score: null, peer_group: '' });
    expect(await scoreOf('s-name1')).toBeUndefined();
  });

  it('shows the score in the EC list and filters by a threshold', async () => {
    const res = await tp.post('/api/ec-data/search-records', { clientId, whereFields: [{ key: 'triage_price_score', values: [2] }], limit: 100, offset: 0 }, { token: manager.token });
    expect(res.body.code, res.body.message).toBe(0);
    const records = (res.body.data as { records: { ec_id: number; triage_price_score: number | null }[] }).records;
    expect(records.map((r) => r.ec_id).sort()).toEqual([ids.kw2, ids.mjpy].sort());
    expect(records.find((r) => r.ec_id === ids.kw2)!.triage_price_score).toBeCloseTo(2.4731, 3);
  });
});

const sellersOf = (c: SellerCluster) => c.sellers.map((s) => s.seller).sort();

describe('seller networks', () => {
  let clusters: SellerCluster[];
  beforeAll(async () => {
    const res = await tp.post('/api/triage/seller-clusters', { clientId }, { token: manager.token });
    expect(res.body.code, res.body.message).toBe(0);
    clusters = (res.body.data as { clusters: SellerCluster[] }).clusters;
  });
  const networkWith = (seller: string) => clusters.find((c) => c.sellers.some((s) => s.seller === seller));

  it('links sellers by each reason, and only them', () => {
    const reasons = (seller: string) => networkWith(seller)!.links.map((l) => l.reason);
    expect(sellersOf(networkWith('Sakura Beauty Co., Ltd.')!)).toEqual(['Sakura Beauty Co., Ltd.', 'ＳＡＫＵＲＡ　ＢＥＡＵＴＹ（株）']);
    expect(reasons('Sakura Beauty Co., Ltd.')).toEqual(['name']);
    expect(sellersOf(networkWith('さくら堂')!)).toEqual(['さくら堂', 'サクラ堂 有限会社']);
    expect(reasons('Alpha Trading')).toEqual(['seller-url']);
    expect(reasons('Tokyo Deals')).toEqual(['phone', 'phone']);
    expect(sellersOf(networkWith('Tokyo Deals')!)).toEqual(['Osaka Bargains', 'Tokyo Deals', 'osaka_bargain_x']);
    expect(reasons('Beta Store')).toEqual(['address']);
    const delta = networkWith('Delta Outlet')!;
    expect(delta.sellers.map((s) => `${s.site}/${s.seller}`).sort()).toEqual(['1/delta_official', '4/@Delta_Official', 'Amazon/Delta Outlet']);
    expect(delta.links.map((l) => l.reason).sort()).toEqual(['mail', 'seller-id']);
    // A link names two sellers of its network.
    for (const c of clusters) for (const l of c.links) expect(l.from !== l.to && c.sellers[l.from] && c.sellers[l.to]).toBeTruthy();
    expect(networkWith('Sakura Beauty Shop')).toBeUndefined();
    expect(clusters).toHaveLength(6);
  });

  it('flags a network with 3 takedowns or more as a repeat offender, counted from the round results', () => {
    const phone = networkWith('Tokyo Deals')!;
    expect(phone).toMatchObject({ repeatOffender: true, takedowns: 3 });
    expect(phone.sellers.find((s) => s.seller === 'Tokyo Deals')).toMatchObject({ records: 2, takedowns: 2 });
    expect(networkWith('Delta Outlet')).toMatchObject({ repeatOffender: false, takedowns: 1 });
  });

  it('marks repeat offenders on the EC list', async () => {
    const res = await tp.post('/api/ec-data/search-records', { clientId, whereFields: [{ key: 'repeat_offender', values: [true] }], limit: 100, offset: 0 }, { token: manager.token });
    expect(res.body.code, res.body.message).toBe(0);
    const records = (res.body.data as { records: { ec_id: number; repeat_offender: boolean }[] }).records;
    expect(records.map((r) => r.ec_id).sort()).toEqual([ids['s-phone1'], ids['s-phone1b'], ids['s-phone2']].sort());
    expect(records.every((r) => r.repeat_offender)).toBe(true);
    const posts = await tp.post('/api/sns-data/search-records', { clientId, whereFields: [{ key: 'repeatOffender', values: [true] }], limit: 100, offset: 0 }, { token: clientUser.token });
    expect(posts.body.code, posts.body.message).toBe(0);
    expect((posts.body.data as { records: { accountName: string; repeatOffender: boolean }[] }).records).toMatchObject([{ accountName: 'osaka_bargain_x', repeatOffender: true }]);
  });

  it('is read by the client managers and the company users (posted sellers only); others are refused', async () => {
    const mine = await tp.post('/api/triage/seller-clusters', { clientId }, { token: clientUser.token });
    expect(mine.body.code, mine.body.message).toBe(0);
    const seen = (mine.body.data as { clusters: SellerCluster[] }).clusters;
    expect(seen).toHaveLength(6);
    // The unposted TikTok account is not shown to the client, nor its seller-id link.
    expect(sellersOf(seen.find((c) => c.sellers.some((s) => s.seller === 'Delta Outlet'))!)).toEqual(['Delta Outlet', 'delta_official']);
    for (const token of [outsider.token, otherUser.token]) {
      const refused = await tp.post('/api/triage/seller-clusters', { clientId }, { token });
      expect(refused.status).toBe(403);
    }
    const theirs = await tp.post('/api/triage/seller-clusters', { clientId: otherClient }, { token: otherUser.token });
    expect(theirs.body.data).toEqual({ clusters: [], computedAt: null });
  });
});

describe('the dashboard', () => {
  it("marks the client's top infringers that are in a repeat-offender network", async () => {
    const res = await tp.post('/api/ec-dashboard/fetch-info', { clientId, dateType: 1, fromDate: '2024-01-01', toDate: '2024-12-31' }, { token: clientUser.token });
    expect(res.body.code, res.body.message).toBe(0);
    const top = (res.body.data as { countrySellerDict: Record<string, { seller: string; repeatOffender?: boolean }[]> }).countrySellerDict.CN!;
    expect(Object.fromEntries(top.map((s) => [s.seller, s.repeatOffender ?? false]))).toEqual({ 'Tokyo Deals': true, 'Osaka Bargains': true, 'Delta Outlet': false });
  });
});

describe('link keys', () => {
  it('fold what should be folded and keep apart what differs', () => {
    expect(nameKey('Sakura Beauty Co., Ltd.')).toBe(nameKey('sakura-beauty inc'));
    expect(nameKey('㈱さくらビューティー')).toBe(nameKey('サクラビューティー株式会社'));
    expect(nameKey('Sakura Beauty')).not.toBe(nameKey('Sakura Beauty Shop'));
    expect(nameKey('Co., Ltd.')).toBe('');
    expect(nameKey('Official Store')).toBe('');
    expect(nameKey('ショップ')).toBe('');
    expect(phoneKey('+81 90-1234-5678')).toBe(phoneKey('090 1234 5678'));
    expect(phoneKey('123')).toBe('');
    expect(urlKey('HTTPS://WWW.Shop.Example/s/1/')).toBe(urlKey('shop.example/s/1'));
    expect(addressKey('1-2')).toBe('');
  });
});
