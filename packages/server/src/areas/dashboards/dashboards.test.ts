import { NON_INFRINGING_CATEGORIES, Role, type DashboardInfo, type HomeInfo } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, xlsxOf, type TestPortal, type TestUser } from '../../testing/index.js';

/**
 * The dashboard and home against figures worked out by hand: a small report with known countries (as codes, English
 * and Japanese names, and one unknown), sites, sellers, categories, results and prices is uploaded, categorized,
 * posted, and one record re-categorized; a second, unposted report and another company's records must not count.
 */

let tp: TestPortal;
let acme: number;
let other: number;
let empty: number;
let analyst: TestUser;
let outsider: TestUser;
let admin: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;

const HEADER = ['Site', 'Scan date', 'Search keyword', 'Listing title', 'Listing URL', 'Seller', 'Price', 'Currency', 'Inventory', 'Sold', 'Ship-from region', 'Report date', 'Infringement category', '1st report date', '1st result', 'Final result', 'Final result date'];
type Row = [site: string, scan: string, seller: string, price: number | null, currency: string | null, stock: number, sold: number, region: string, reportDate: string | null, sub: string | null, final: number | null];
/** Subcategory codes and their aggregate categories: CF 3 and AD 2 infringe, NI 1 and RF 8 do not. */
const ROWS: Row[] = [
  /* 1 */ ['Amazon', '2025-01', 'alpha', 10, 'USD', 5, 4, 'CN', '2025-02-03', 'CF', 2],
  /* 2 */ ['Amazon', '2025-01', 'alpha', 20, 'CNY', 9, 2, 'China', '2025-02-10', 'CF', null],
  /* 3 */ ['Taobao', '2025-02', 'beta', 100, 'CNY', 1, 8, '中国', '2025-02-20', 'AD', 3],
  /* 4 */ ['Taobao', '2025-02', 'alpha', 5, 'ZAR', 1, 10, 'cn', '2025-03-01', 'CF', null],
  /* 5 */ ['eBay', '2025-02', 'gamma', 1000, 'JPY', 0, 3, 'United States', '2025-03-05', 'AD', 2],
  /* 6 */ ['eBay', '2025-03', 'gamma', null, null, 3, 3, 'US', '2025-03-06', 'CF', null],
  /* 7 */ ['Amazon', '2025-03', 'delta', 30, 'USD', 2, 1, 'Atlantis', '2025-04-01', 'CF', 1],
  /* 8 */ ['Amazon', '2025-03', 'alpha', 40, 'USD', 2, 5, 'JP', '2025-04-02', 'NI', null],
  /* 9 */ ['Rakuten', '2025-03', 'epsilon', 50, 'JPY', 1, 1, '日本', '2025-12-30', 'RF', null],
  /* 10 */ ['Amazon', '2025-04', 'beta', 60, 'USD', 1, 1, 'CN', null, null, null],
  /* 11 */ ['Amazon', '2024-12', 'alpha', 20, 'USD', 1, 1, 'CN', '2025-01-05', 'CF', null],
  /* 12 */ ['Amazon', '2025-05', 'zeta', 10, 'USD', 1, 1, 'CN', '2026-01-10', 'CF', null],
];
const sheetRow = (r: Row, n: number) => {
  const [site, scan, seller, price, currency, stock, sold, region, reportDate, sub, final] = r;
  const round = final === null ? [null, null, null, null] : [reportDate, final, final, reportDate];
  return [site, scan, 'sakura', `Listing ${n}`, `https://shop.example/item/${n}`, seller, price, currency, stock, sold, region, reportDate, sub, ...round];
};

async function uploadReport(clientId: number, rows: Row[], first: number): Promise<number> {
  const bytes = await xlsxOf(HEADER, rows.map((r, i) => sheetRow(r, first + i)));
  const res = await tp.upload('/api/ec-report/upload-report', { clientId }, { name: 'dash.xlsx', bytes }, { token: analyst.token });
  expect(res.body, JSON.stringify(res.body.data)).toMatchObject({ code: 0, data: { count: rows.length } });
  return res.body.data?.reportId as number;
}

beforeAll(async () => {
  tp = await startTestPortal();
  const db = tp.portal.services.db;
  acme = await createClient(tp, 'Dash Co');
  other = await createClient(tp, 'Other Co');
  empty = await createClient(tp, 'Empty Co');
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Hana Analyst' });
  outsider = await createUser(tp, { role: Role.ANALYST });
  admin = await createUser(tp, { role: Role.ADMIN });
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  await manage(tp, analyst, acme, other);
  for (const [code, common] of [['CF', 3], ['AD', 2], ['NI', 1], ['RF', 8]] as const) {
    const cat = await db.insertInto('infringement_category').values({ name: code, name_en: code }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('infringement_subcategory').values({ category_id: cat.id, name: code, name_en: code, code, common_category: common }).execute();
  }
  // A x B x C = displayed price x sold count x 50 %.
  expect((await tp.post('/api/analyst/set-impact-settings', { clientId: acme, priceType: 1, countType: 2, radio: 50 }, { token: analyst.token })).body.code).toBe(0);
  // Round rates, newer than the seeded ones; ZAR has none.
  for (const [currency, usdRate] of [['JPY', 0.008], ['CNY', 0.125], ['USD', 1]] as const) {
    expect((await tp.post('/api/admin/set-exchange-rate', { currency, usdRate, date: '2026-01-15' }, { token: admin.token })).body.code).toBe(0);
  }

  const reportId = await uploadReport(acme, ROWS, 1);
  expect((await tp.post('/api/ec-report/post-report', { clientId: acme, reportId, sendUncategorizRecords: true }, { token: analyst.token })).body.code).toBe(0);
  const ids = (await db.selectFrom('ec_record').select('ec_id').where('report_id', '=', reportId).orderBy('ec_id').execute()).map((r) => r.ec_id);
  // Record 12 becomes copyright (aggregate 4) after posting.
  expect((await tp.post('/api/ec-data/batch-update-category', { clientId: acme, recordIds: [ids[11]], commoncategoryId: 4 }, { token: analyst.token })).body.code).toBe(0);
  // Not posted: never counted (a listing of the top seller alpha, which the analyst's list also holds).
  await uploadReport(acme, [['Amazon', '2025-01', 'alpha', 99, 'USD', 9, 9, 'CN', '2025-02-01', 'CF', null]], 100);
  const otherReport = await uploadReport(other, [['Amazon', '2025-01', 'omega', 10, 'USD', 1, 1, 'CN', '2025-02-01', 'CF', null]], 200);
  await tp.post('/api/ec-report/post-report', { clientId: other, reportId: otherReport }, { token: analyst.token });

  // Website and social media records, written directly (their uploads are tested in their areas).
  const wsReport = await db.insertInto('ws_report').values({ client_id: acme, report_name: 'ws', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
  const ws = (n: number, region: string, scan: string, categorized: string, category: number, result: number | null, published = true) => ({
    client_id: acme, report_id: wsReport.report_id, page_url: `https://fake${n}.example/`, domain_region: region, scan_date: scan, categorize_date: categorized,
    category_id: category, process_result: result, process_confirm_date: result ? categorized : null, process1_result: result, process1_date: result ? categorized : null, published, updated_at: tp.clock.now,
  });
  await db.insertInto('ws_record').values([
    ws(1, 'CN', '2025-03-01', '2025-03-05', 3, 2),
    ws(2, 'China', '2025-04-01', '2025-04-02', 2, null),
    ws(3, 'JP', '2025-05-01', '2026-01-01', 11, null),
    ws(4, 'JP', '2025-05-01', '2025-05-02', 3, null, false),
  ]).execute();
  const snsReport = await db.insertInto('sns_report').values({ client_id: acme, report_name: 'sns', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
  const sns = (n: number, category: number, published: boolean) => ({
    client_id: acme, report_id: snsReport.report_id, platform: 1, account_url: `https://sns.example/a${n}`, post_url: `https://sns.example/p${n}`, category_id: category, published, updated_at: tp.clock.now,
  });
  await db.insertInto('sns_record').values([sns(1, 3, true), sns(2, 1, true), sns(3, 4, false)]).execute();

  const mark = (clientId: number, no: string, region: string, status: number) => ({ client_id: clientId, no, region, type: '25', text: no, status, created_at: tp.clock.now, updated_at: tp.clock.now });
  await db.insertInto('trademark').values([mark(acme, 'T1', 'JP', 1), mark(acme, 'T2', 'JP', 1), mark(acme, 'T3', 'US', 1), mark(acme, 'T4', 'CN', 2), mark(other, 'T9', 'CN', 1)]).execute();
  await db.insertInto('test_purchase').values([
    { client_id: acme, site: 'Amazon', region: 'US', count: 2 },
    { client_id: acme, site: 'Amazon', region: 'US', count: 3 },
    { client_id: acme, site: 'Taobao', region: 'CN', count: 1 },
  ]).execute();
  await db.insertInto('news').values([1, 2, 3, 4, 5, 6].map((n) => ({ title: `News ${n}`, url: `https://news.example/${n}`, news_date: `2025-0${n}-01`, created_at: tp.clock.now }))).execute();
});
afterAll(async () => {
  await tp?.close();
});

const YEAR = { fromDate: '2025-01-01', toDate: '2025-12-31' };
const fetchInfo = async (body: Record<string, unknown>, user: TestUser = acmeUser) => tp.post('/api/ec-dashboard/fetch-info', body, { token: user.token });
const info = async (dateType: 1 | 2, user: TestUser = acmeUser, clientId = acme) => {
  const res = await fetchInfo({ clientId, dateType, ...YEAR }, user);
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data as unknown as DashboardInfo;
};

describe('the online dashboard', () => {
  it('counts by scan month: every figure as worked out by hand', async () => {
    const d = await info(1);
    // Scan dates in 2025: records 1-10 and 12; 10 is uncategorized. Infringing: 1-7 and 12.
    expect(d.dateCountryInfringementTypeDict).toEqual({
      '2025-01': { CN: { 3: 2 } },
      '2025-02': { CN: { 2: 1, 3: 1 }, US: { 2: 1 } },
      '2025-03': { US: { 3: 1 }, ZZ: { 3: 1 }, JP: { 1: 1, 8: 1 } },
      '2025-05': { CN: { 4: 1 } },
    });
    expect(d.countrySiteInfringementTypeDict).toEqual({
      CN: { Amazon: { 3: 2, 4: 1 }, Taobao: { 2: 1, 3: 1 } },
      US: { eBay: { 2: 1, 3: 1 } },
      ZZ: { Amazon: { 3: 1 } },
      JP: { Amazon: { 1: 1 }, Rakuten: { 8: 1 } },
    });
    expect(d.countryResultDict).toEqual({ CN: { 0: 3, 2: 1, 3: 1 }, US: { 0: 1, 2: 1 }, ZZ: { 1: 1 } });
    expect(d.countryInfringementCountDict).toEqual({
      CN: { count: 5, lat: expect.closeTo(36.6, 0) as number, lng: expect.closeTo(103.8, 0) as number },
      US: { count: 2, lat: expect.closeTo(39.5, 0) as number, lng: expect.closeTo(-99.1, 0) as number },
      ZZ: { count: 1, lat: null, lng: null },
    });
    expect(d.countrySellerDict).toEqual({
      CN: [
        { seller: 'alpha', total: 3, sites: { Amazon: 2, Taobao: 1 } },
        { seller: 'beta', total: 1, sites: { Taobao: 1 } },
        { seller: 'zeta', total: 1, sites: { Amazon: 1 } },
      ],
      US: [{ seller: 'gamma', total: 2, sites: { eBay: 2 } }],
      ZZ: [{ seller: 'delta', total: 1, sites: { Amazon: 1 } }],
    });
    expect(d.countryRegionDict).toEqual({ CN: ['CN', 'China', 'cn', '中国'], US: ['US', 'United States'], ZZ: ['Atlantis'], JP: ['JP', '日本'] });
    expect(d.infringementFilters).toEqual([1, 2, 3, 4, 8]);
    expect(d.countryFilters).toEqual(['CN', 'JP', 'US', 'ZZ']);
    // Price x sold, in USD: 40 + 20 CNY x 2 (5) + 100 CNY x 8 (100) + 1000 JPY x 3 (24) + 30 + 10 = 209; x 50 %.
    // Record 4 (ZAR) has no rate, record 6 no price.
    expect(d).toMatchObject({ impactRevenueUSD: 104.5, JPYRate: 125, impactRevenueJPY: 13062.5, rateDate: '2026-01-15', unconvertedCount: 1, unpricedCount: 1 });
    expect(d.analysts).toEqual(['Hana Analyst']);
    // Website records scanned in 2025 (the unpublished one aside): CN suspicious (taken down) and unrelated, JP phishing.
    expect(d.ws).toEqual({
      regionFilters: ['CN', 'JP'],
      wsCategoryByFilterRegion: { CN: { 2: 1, 3: 1 }, JP: { 11: 1 } },
      wsTakedownByFilterRegion: { CN: { 2: 1 }, JP: { 0: 1 } },
    });
  });

  it('counts by categorize date: record 11 comes in, 9 keeps its December date, 12 (2026) drops out', async () => {
    const d = await info(2);
    expect(d.dateCountryInfringementTypeDict).toEqual({
      '2025-01': { CN: { 3: 1 } },
      '2025-02': { CN: { 2: 1, 3: 2 } },
      '2025-03': { CN: { 3: 1 }, US: { 2: 1, 3: 1 } },
      '2025-04': { ZZ: { 3: 1 }, JP: { 1: 1 } },
      '2025-12': { JP: { 8: 1 } },
    });
    expect(d.countrySiteInfringementTypeDict).toEqual({
      CN: { Amazon: { 3: 3 }, Taobao: { 2: 1, 3: 1 } },
      US: { eBay: { 2: 1, 3: 1 } },
      ZZ: { Amazon: { 3: 1 } },
      JP: { Amazon: { 1: 1 }, Rakuten: { 8: 1 } },
    });
    expect(d.countryResultDict).toEqual({ CN: { 0: 3, 2: 1, 3: 1 }, US: { 0: 1, 2: 1 }, ZZ: { 1: 1 } });
    expect(d.countrySellerDict.CN).toEqual([
      { seller: 'alpha', total: 4, sites: { Amazon: 3, Taobao: 1 } },
      { seller: 'beta', total: 1, sites: { Taobao: 1 } },
    ]);
    expect(d.infringementFilters).toEqual([1, 2, 3, 8]);
    // 40 + 5 + 100 + 24 + 30 + 20 (record 11) = 219; x 50 %.
    expect(d).toMatchObject({ impactRevenueUSD: 109.5, impactRevenueJPY: 13687.5, unconvertedCount: 1, unpricedCount: 1 });
    expect(d.ws).toEqual({ regionFilters: ['CN'], wsCategoryByFilterRegion: { CN: { 2: 1, 3: 1 } }, wsTakedownByFilterRegion: { CN: { 2: 1 } } });
  });

  it('answers analysts (any client) with the client\'s figures, and a client with no records with honest zeros', async () => {
    expect(await info(1, outsider)).toEqual(await info(1));
    const d = await info(1, admin, empty);
    expect(d).toEqual({
      impactRevenueUSD: 0, impactRevenueJPY: 0, JPYRate: 125, rateDate: '2026-01-15', unconvertedCount: 0, unpricedCount: 0,
      rateAge: expect.objectContaining({ oldestDate: '2026-01-15', maxAgeDays: 30 }), // the yen's rate only
      infringementFilters: [], countryFilters: [], countryInfringementCountDict: {}, dateCountryInfringementTypeDict: {},
      countrySiteInfringementTypeDict: {}, countryResultDict: {}, countrySellerDict: {}, countryRegionDict: {}, analysts: [],
      ws: { regionFilters: [], wsCategoryByFilterRegion: {}, wsTakedownByFilterRegion: {} },
    });
  });

  it('keeps client users to their own company: another company\'s client answers 403', async () => {
    expect((await fetchInfo({ clientId: acme, dateType: 1, ...YEAR }, otherUser)).status).toBe(403);
    const own = await info(1, otherUser, other);
    expect(own.countrySellerDict).toEqual({ CN: [{ seller: 'omega', total: 1, sites: { Amazon: 1 } }] });
  });

  it('refuses missing, malformed and reversed dates and a period over five years with the form\'s messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dateType: 1, ...YEAR }, 'Please select a brand.'],
      [{ clientId: acme, ...YEAR }, 'Please choose the date basis: scan month or categorize date.'],
      [{ clientId: acme, dateType: 3, ...YEAR }, 'Please choose the date basis: scan month or categorize date.'],
      [{ clientId: acme, dateType: 1, toDate: '2025-12-31' }, 'Please enter the start date.'],
      [{ clientId: acme, dateType: 1, fromDate: '2025-01-01', toDate: '' }, 'Please enter the end date.'],
      [{ clientId: acme, dateType: 1, fromDate: '2025/01/01', toDate: '2025-12-31' }, 'Please enter a date as YYYY-MM-DD.'],
      [{ clientId: acme, dateType: 1, fromDate: '2025-02-30', toDate: '2025-12-31' }, 'Please enter a date as YYYY-MM-DD.'],
      [{ clientId: acme, dateType: 1, fromDate: '2025-12-31', toDate: '2025-01-01' }, 'The end date must not be earlier than the start date.'],
      [{ clientId: acme, dateType: 1, fromDate: '2020-01-01', toDate: '2025-01-01' }, 'The period can be at most 5 years.'],
    ];
    for (const [body, message] of cases) {
      const res = await fetchInfo(body, analyst);
      expect({ status: res.status, message: res.body.message }, JSON.stringify(body)).toEqual({ status: 400, message });
    }
    expect((await fetchInfo({ clientId: acme, dateType: 1, fromDate: '2020-01-01', toDate: '2024-12-31' }, analyst)).body.code).toBe(0);
    const ja = await tp.post('/api/ec-dashboard/fetch-info', { clientId: acme, dateType: 1, fromDate: '2020-01-01', toDate: '2026-01-01' }, { token: analyst.token, locale: 'ja' });
    expect(ja.body.message).toBe('期間は最長5年です。');
  });

  it('gives the list exactly a top infringer\'s counted records with the filters its link carries (posted ones only)', async () => {
    const d = await info(1);
    const top = d.countrySellerDict.CN![0]!;
    const search = (posted: boolean) =>
      tp.post('/api/ec-data/search-records', {
        clientId: acme, dateFields: ['ec_scan_date'], startDate: YEAR.fromDate, endDate: YEAR.toDate,
        whereFields: [
          { key: 'ec_product_seller', values: [top.seller] },
          { key: 'ec_product_region', values: d.countryRegionDict.CN },
          { key: 'ec_category_common_type_id', values: Array.from({ length: 17 }, (_, i) => i + 1).filter((c) => !(NON_INFRINGING_CATEGORIES as readonly number[]).includes(c)) },
          ...(posted ? [{ key: 'published', values: [true] }] : []),
        ],
      }, { token: analyst.token });
    expect((await search(true)).body.data).toMatchObject({ total: top.total });
    // Without it the analyst would also see alpha's unposted listing.
    expect((await search(false)).body.data).toMatchObject({ total: top.total + 1 });
  });

  it('keeps the top 20 sellers of a country, by count and then name', async () => {
    const db = tp.portal.services.db;
    const clientId = await createClient(tp, 'Many Sellers');
    const report = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'r', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
    // s00 has 3 records, s01 2, s02..s21 1 each: s02..s19 make the cut, s20 and s21 do not.
    const sellers = ['s00', 's00', 's00', 's01', 's01', ...Array.from({ length: 20 }, (_, i) => `s${String(i + 2).padStart(2, '0')}`)].reverse();
    await db.insertInto('ec_record').values(sellers.map((seller, i) => ({
      client_id: clientId, report_id: report.report_id, ec_site: 'Amazon', ec_scan_date: '2025-06-01', ec_product_title: 't', ec_product_url: `https://x.example/${i}`,
      url_key: `x.example/${i}`, ec_product_seller: seller, ec_product_region: 'Germany', ec_category_common_type_id: 3, published: true, updated_at: tp.clock.now,
    }))).execute();
    const d = await info(1, admin, clientId);
    expect(d.countrySellerDict.DE!.map((s) => `${s.seller}:${s.total}`)).toEqual(['s00:3', 's01:2', ...Array.from({ length: 18 }, (_, i) => `s${String(i + 2).padStart(2, '0')}:1`)]);
    expect(d.countryInfringementCountDict.DE!.count).toBe(25);
  });
});

describe('home', () => {
  const home = async (user: TestUser, body: Record<string, unknown> = {}) => tp.post('/api/home-dashboard', body, { token: user.token });

  it('answers a client user their own company\'s counters, charts and the five newest news items', async () => {
    const res = await home(acmeUser);
    expect(res.body.code).toBe(0);
    const h = res.body.data as unknown as HomeInfo;
    // Infringing: marketplace 1-7, 11, 12 (9), website 1 and 3 (2), social media 1 (1).
    expect(h).toMatchObject({ onlineProtectionCount: 12, offlineProtectionCount: 0, iprRegistrationCount: 3, iprByCountry: { JP: 2, US: 1 } });
    expect(h.testPurchaseData).toEqual([{ site: 'Taobao', region: 'CN', count: 1 }, { site: 'Amazon', region: 'US', count: 5 }]);
    expect(h.countrySellerInfo).toEqual([{ regionCode: 'CN', sellerCount: 3 }, { regionCode: 'US', sellerCount: 1 }, { regionCode: 'ZZ', sellerCount: 1 }]);
    expect(h.onlineActionCountryDict).toEqual({
      CN: { count: 6, takedown: 1, lat: expect.any(Number) as number, lng: expect.any(Number) as number },
      US: { count: 2, takedown: 1, lat: expect.any(Number) as number, lng: expect.any(Number) as number },
      ZZ: { count: 1, takedown: 0, lat: null, lng: null },
    });
    expect(h.news.map((n) => n.title)).toEqual(['News 6', 'News 5', 'News 4', 'News 3', 'News 2']);
    expect((await home(acmeUser, { clientId: acme })).body.data).toEqual(h);
  });

  it('answers analysts the client they choose, and asks them to choose one', async () => {
    const res = await home(outsider, { clientId: acme });
    expect((res.body.data as unknown as HomeInfo).onlineProtectionCount).toBe(12);
    const none = await home(analyst);
    expect({ status: none.status, message: none.body.message }).toEqual({ status: 400, message: 'Please select a brand.' });
  });

  it('answers administrators every live client\'s figures when they name none', async () => {
    const h = (await home(admin)).body.data as unknown as HomeInfo;
    // Besides Dash Co's 12: Other Co's posted record (omega, CN) and the 25 German listings of "Many Sellers" (above).
    expect(h.onlineProtectionCount).toBe(38);
    expect(h.countrySellerInfo.find((c) => c.regionCode === 'CN')).toEqual({ regionCode: 'CN', sellerCount: 4 });
    expect(h.iprRegistrationCount).toBe(4);
    expect(h.iprByCountry).toEqual({ CN: 1, JP: 2, US: 1 });
  });

  it('refuses another company\'s client with 403', async () => {
    expect((await home(otherUser, { clientId: acme })).status).toBe(403);
  });
});

describe('exchange rates', () => {
  const rates = async () => ((await tp.post('/api/admin/fetch-exchange-rates', {}, { token: admin.token })).body.data?.rates ?? []) as { currency: string; usdRate: number; date: string }[];

  it('answers each currency\'s latest rate, seeded for a fresh portal', async () => {
    const list = await rates();
    expect(list).toContainEqual(expect.objectContaining({ currency: 'JPY', usdRate: 0.008, date: '2026-01-15' }));
    expect(list).toContainEqual(expect.objectContaining({ currency: 'EUR', usdRate: 1.035, date: '2025-01-02' }));
    expect(list.map((r) => r.currency)).not.toContain('ZAR');
  });

  it('adds dated rates (an older one does not replace the latest), corrects a date\'s rate, and checks the input', async () => {
    const set = (body: Record<string, unknown>, user = admin) => tp.post('/api/admin/set-exchange-rate', body, { token: user.token });
    expect((await set({ currency: 'zar', usdRate: 0.05, date: '2026-02-01' })).body.code).toBe(0);
    expect((await set({ currency: 'ZAR', usdRate: 0.04, date: '2026-01-01' })).body.code).toBe(0);
    expect(await rates()).toContainEqual(expect.objectContaining({ currency: 'ZAR', usdRate: 0.05, date: '2026-02-01' }));
    expect((await set({ currency: 'ZAR', usdRate: 0.06, date: '2026-02-01' })).body.data?.rates).toContainEqual(expect.objectContaining({ currency: 'ZAR', usdRate: 0.06, date: '2026-02-01' }));
    const bad: [Record<string, unknown>, string][] = [
      [{ currency: 'XYZ', usdRate: 1, date: '2026-01-01' }, 'XYZ is not an ISO 4217 currency code.'],
      [{ currency: 'US', usdRate: 1, date: '2026-01-01' }, 'Please enter a three-letter currency code (ISO 4217, for example USD).'],
      [{ currency: 'EUR', usdRate: 0, date: '2026-01-01' }, 'The rate must be a positive number: how many US dollars one unit is worth.'],
      [{ currency: 'EUR', usdRate: '1.1', date: '2026-01-01' }, 'The rate must be a positive number: how many US dollars one unit is worth.'],
      [{ currency: 'EUR', usdRate: 1.1 }, 'Please enter the date of the rate.'],
    ];
    for (const [body, message] of bad) expect((await set(body)).body.message, JSON.stringify(body)).toBe(message);
    expect((await set({ currency: 'EUR', usdRate: 1.1, date: '2026-01-01' }, analyst)).status).toBe(403);
    expect((await tp.post('/api/admin/fetch-exchange-rates', {}, { token: analyst.token })).status).toBe(403);
    // The ZAR listing (5 ZAR x 10 sold = 3 USD, x 50 %) is now converted: 104.5 + 1.5.
    expect(await info(1)).toMatchObject({ impactRevenueUSD: 106, unconvertedCount: 0 });
  });
});

describe('the age of the exchange rates in use', () => {
  const DAY = 86_400_000;
  const fetchRates = async () => (await tp.post('/api/admin/fetch-exchange-rates', {}, { token: admin.token })).body.data as { rates: { currency: string; date: string; ageDays: number; stale: boolean }[]; age: unknown };

  it('tells the age of the rates a dashboard converted with, and flags them past EXCHANGE_RATE_MAX_AGE_DAYS (30 by default)', async () => {
    const real = tp.clock.now;
    try {
      // The dashboard converted CNY, JPY and USD prices, all at rates of 2026-01-15 (the older seeded EUR rate is not used).
      tp.clock.now = new Date('2026-02-14T23:30:00Z');
      expect((await info(1)).rateAge).toEqual({ oldestDate: '2026-01-15', ageDays: 30, maxAgeDays: 30, stale: false });
      tp.clock.now = new Date('2026-02-15T00:30:00Z');
      expect((await info(1)).rateAge).toEqual({ oldestDate: '2026-01-15', ageDays: 31, maxAgeDays: 30, stale: true });

      // The rates screen: each rate's age, and the oldest rate in use.
      const listed = await fetchRates();
      expect(listed.rates).toContainEqual(expect.objectContaining({ currency: 'JPY', date: '2026-01-15', ageDays: 31, stale: true }));
      expect(listed.rates).toContainEqual(expect.objectContaining({ currency: 'ZAR', date: '2026-02-01', ageDays: 14, stale: false }));
      const oldest = listed.rates.map((r) => r.date).sort()[0]!;
      const ageDays = Math.floor((Date.parse('2026-02-15') - Date.parse(oldest)) / DAY);
      expect(listed.age).toEqual({ oldestDate: oldest, ageDays, maxAgeDays: 30, stale: true });

      // New rates (the same values) for the currencies used: the dashboard's figures are fresh again, the revenue unchanged.
      for (const [currency, usdRate] of [['JPY', 0.008], ['CNY', 0.125], ['USD', 1], ['ZAR', 0.06]] as const) {
        expect((await tp.post('/api/admin/set-exchange-rate', { currency, usdRate, date: '2026-02-14' }, { token: admin.token })).body.code).toBe(0);
      }
      expect(await info(1)).toMatchObject({ impactRevenueUSD: 106, rateAge: { oldestDate: '2026-02-14', ageDays: 1, maxAgeDays: 30, stale: false } });
      // A rate dated ahead of the server's day counts as new.
      tp.clock.now = new Date('2026-02-13T12:00:00Z');
      expect((await info(1)).rateAge).toMatchObject({ ageDays: 0, stale: false });
    } finally {
      tp.clock.now = real;
    }
  });
});
