import type { Tx } from '../platform/db.js';
import { loadMatcher, urlKey } from '../kinds/ec/matching.js';
import { insertRecords, type NewRecord } from '../kinds/ec/writes.js';
import { EC_CHECK } from '../kinds/ec/check.js';
import { DEMO_FEE_COLUMN } from './data.js';

/**
 * Demo marketplace reports for the first client: this year's earlier scans (categorized, reported and posted, spread
 * over the months so far, so the dashboard of a fresh start is full), last month's report posted (records
 * categorized, reported in one to three rounds, some answered by the client) and this month's waiting to be
 * categorized, with repeats and hints.
 */
const SITES = [
  { site: 'Amazon', host: 'www.amazon.example', currency: 'USD' },
  { site: 'Taobao', host: 'item.taobao.example', currency: 'CNY' },
  { site: 'Rakuten', host: 'item.rakuten.example', currency: 'JPY' },
  { site: 'eBay', host: 'www.ebay.example', currency: 'USD' },
  { site: 'AliExpress', host: 'www.aliexpress.example', currency: 'USD' },
  { site: 'Shopee', host: 'shopee.example', currency: 'TWD' },
  { site: 'Coupang', host: 'www.coupang.example', currency: 'KRW' },
];
/** Ship-from regions as marketplaces show them: a few big countries, names as well as codes, one nobody can place. */
const REGIONS = ['CN', 'CN', 'CN', 'CN', 'China', '中国', 'HK', 'HK', 'US', 'US', 'JP', 'KR', 'TW', 'VN', 'TH', 'DE', 'GB', 'Overseas'];
const CITIES: Record<string, string> = { CN: 'Shenzhen', China: 'Guangzhou', 中国: 'Yiwu', HK: 'Hong Kong', JP: 'Osaka', US: 'Los Angeles' };
const TITLES = [
  'SAKURA BEAUTY SK-Serum 30ml anti-aging serum',
  'Sakura Beauty cream 50g, compatible with SK refills',
  'さくらビューティー 美容液 30ml 正規品',
  'Hanami lip tint 3 colours set',
  'SKB serum travel size (genuine)',
  '花見コスメ リップ 互換 カートリッジ',
  'Cherry blossom face cream 50g',
  'SAKURA BEAUTY gift box limited edition',
];
const SELLERS = ['Sakura Outlet 88', 'beauty-deals-hk', 'SAKURA BEAUTY Official', 'cosme_wholesale', 'tokyo-direct', 'glow-store-22'];

/** `scanDay(i)` is the scan date of the i-th row (YYYY-MM-DD). A third of the sellers are a long tail of small shops. */
function rows(count: number, offset: number, scanDay: (i: number) => string): Omit<NewRecord, 'hints'>[] {
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    const s = SITES[n % SITES.length]!;
    const seller = n % 3 === 2 ? `shop-${(n * 13) % 41}` : SELLERS[n % SELLERS.length]!;
    const region = REGIONS[(n * 7 + 3) % REGIONS.length]!;
    const sellerSlug = seller.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    // The two recent reports share 70 listings (repeats); the earlier scans (n from 120) are listings of their own.
    const item = n < 120 ? 1000 + (n % 70) : 2000 + n;
    const url = seller.startsWith('Sakura Outlet') ? `https://shop.example/fake-sakura/item/${n}` : `https://${s.host}/item/${item}`;
    const price = s.currency === 'JPY' ? 1980 + (n % 9) * 350 : s.currency === 'KRW' ? 18000 + (n % 7) * 2500 : s.currency === 'TWD' ? 390 + (n % 8) * 60 : 12 + (n % 11) * 3.5;
    return {
      values: {
        ec_no: n + 1,
        ec_site: s.site,
        ec_scan_date: scanDay(i),
        ec_search_keyword: n % 2 ? 'sakura beauty' : 'さくらビューティー',
        ec_product_no: `P${100000 + n}`,
        ec_product_title: TITLES[n % TITLES.length]!,
        ec_product_url: url,
        ec_product_brand: n % 3 ? 'SAKURA BEAUTY' : '',
        ec_product_seller: seller,
        ec_product_seller_url: `https://${s.host}/shop/${sellerSlug}`,
        ec_product_price: price.toFixed(2),
        ec_product_currency: s.currency,
        ec_product_image_url: '',
        ec_product_onsell_count: 5 + (n % 40),
        ec_product_sold_count: n % 25,
        ec_product_region: region,
        ec_product_city: CITIES[region] ?? '',
      },
      custom: (n % 4 === 0 ? { [DEMO_FEE_COLUMN]: `${(n % 5) + 8}%` } : {}) as Record<string, string>,
      urlKey: urlKey(url),
      commonCategory: null,
    };
  });
}

export async function seedEcRecords(trx: Tx, clientId: number, uploaderId: number, now: Date): Promise<void> {
  const matcher = await loadMatcher(trx, clientId);
  const month = (back: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return d.toISOString().slice(0, 7);
  };
  const today = now.toISOString().slice(0, 10);
  /** A day of a month, never after today. */
  const dayOf = (m: string, d: number) => [`${m}-${String(d).padStart(2, '0')}`, today].sort()[0]!;
  const subs = await trx.selectFrom('infringement_subcategory').select(['id', 'code', 'common_category']).execute();
  const sub = (code: string) => subs.find((s) => s.code === code)!;
  const seen = new Set<string>();
  // This year's months so far, each with 24 earlier scans.
  const months = Array.from({ length: now.getUTCMonth() + 1 }, (_, i) => `${now.getUTCFullYear()}-${String(i + 1).padStart(2, '0')}`);
  const reports = [
    { name: `${now.getUTCFullYear()} Sakura — earlier scans`, count: 24 * months.length, offset: 120, posted: true, monthOf: (i: number) => months[Math.floor(i / 24)]! },
    { name: `${month(1)} Sakura — previous month`, count: 80, offset: 0, posted: true, monthOf: () => month(1) },
    { name: `${month(0)} Sakura — this month`, count: 40, offset: 80, posted: false, monthOf: () => month(0) },
  ];
  for (const report of reports) {
    const { report_id } = await trx
      .insertInto('ec_report')
      .values({ client_id: clientId, report_name: report.name, upload_date: now, uploaded_by: uploaderId, send_date: report.posted ? now : null })
      .returning('report_id')
      .executeTakeFirstOrThrow();
    const scanDay = (i: number) => (report.posted ? dayOf(report.monthOf(i), 1 + ((report.offset + i) % 27)) : `${report.monthOf(i)}-${String(1 + ((report.offset + i) % 27)).padStart(2, '0')}`);
    const batch = rows(report.count, report.offset, scanDay).map((r) => {
      const v = r.values as Record<string, string>;
      return { ...r, hints: matcher.match({ title: v.ec_product_title!, brand: v.ec_product_brand!, seller: v.ec_product_seller!, url: v.ec_product_url!, sellerUrl: v.ec_product_seller_url! }) };
    });
    await insertRecords(trx, { clientId, reportId: report_id, now, seen }, EC_CHECK.pack(batch));
    if (!report.posted) continue;
    // Posted reports: categorized, reported, partly answered by the client, each record in its own scan month.
    const ids = (await trx.selectFrom('ec_record').select('ec_id').where('report_id', '=', report_id).orderBy('ec_id').execute()).map((r) => Number(r.ec_id));
    for (const [i, id] of ids.entries()) {
      const day = (d: number) => dayOf(report.monthOf(i), d);
      const s = i % 7 === 6 ? sub('CR-01') : i % 5 === 4 ? sub('NI-01') : i % 11 === 10 ? sub('NI-02') : i % 3 === 0 ? sub('TM-02') : sub('TM-01');
      const rounds = s.common_category === 1 ? 0 : 1 + (i % 3);
      const round = (n: number) => (rounds >= n ? { date: day(10 + n * 4), result: n === rounds ? (i % 2 ? 2 : 1) : 3 } : null);
      const r1 = round(1);
      const r2 = round(2);
      const r3 = round(3);
      const done = rounds > 0 && i % 2 === 1;
      await trx
        .updateTable('ec_record')
        .set({
          ec_category_id: s.id,
          ec_category_common_type_id: s.common_category,
          ec_categorize_date: day(8),
          ec_categorize_remarks: s.common_category === 1 ? 'Official listing' : i % 4 === 0 ? 'Logo copied' : '',
          ec_process1_date: r1?.date ?? null,
          ec_process1_result: r1?.result ?? null,
          ec_process2_date: r2?.date ?? null,
          ec_process2_result: r2?.result ?? null,
          ec_process3_date: r3?.date ?? null,
          ec_process3_result: r3?.result ?? null,
          ec_process_result: done ? 2 : null,
          ec_process_confirm_date: done ? day(26) : null,
          ec_response_action: i % 6 === 0 ? 1 : i % 6 === 1 ? 3 : null,
          ec_response_date: i % 6 < 2 ? day(20) : null,
          ec_response_reason: i % 6 === 0 ? 'Please take down' : '',
          published: true,
          updated_at: now,
        })
        .where('ec_id', '=', id)
        .execute();
    }
  }
}
