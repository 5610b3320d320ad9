import { EC_RECORD_FIELDS, SNS_RECORD_FIELDS, WS_RECORD_FIELDS } from '@portal/contract';
import type { TestPortal } from '@portal/server/testing';
import fs from 'node:fs';
import ExcelJS from 'exceljs';

/**
 * The report sheets the benchmarks upload: a marketplace report of 60 columns (39 record columns + 21 custom
 * columns), a website report with every WS column and a social media report with every SNS column, row n made from n, with the master data they match against.
 */

export type Cell = string | number | null;
export interface UploadBench {
  name: string;
  call: string;
  header: string[];
  row(n: number): Cell[];
  /** The client's master data the upload matches rows against. */
  setup(tp: TestPortal, clientId: number): Promise<void>;
}

const pad = (v: number) => String(v).padStart(2, '0');
const day = (n: number, year = 2026) => `${year}-${pad(1 + (n % 12))}-${pad(1 + (n % 28))}`;

// ---------------------------------------------------------------- marketplace (EC) reports
const CUSTOM = 21; // 39 record columns + 21 custom columns = 60
const ecColumns = [
  'ec_no', 'ec_site', 'ec_scan_date', 'ec_search_keyword', 'ec_product_no', 'ec_product_title', 'ec_product_url', 'ec_product_brand',
  'ec_product_seller', 'ec_product_seller_url', 'ec_product_price', 'ec_product_currency', 'ec_product_image_url', 'ec_product_onsell_count',
  'ec_product_sold_count', 'ec_product_region', 'ec_product_city', 'ec_categorize_date', 'ec_product_category_id', 'ec_category_id',
  'ec_categorize_remarks', 'ec_response_action', 'ec_response_reason', 'ec_response_trademark', 'ec_response_date', 'ec_process1_date',
  'ec_process1_result', 'ec_process1_confirm_date', 'ec_process2_date', 'ec_process2_result', 'ec_process2_confirm_date', 'ec_process3_date',
  'ec_process3_result', 'ec_process3_confirm_date', 'declarationStatus', 'ec_process_result', 'ec_process_confirm_date', 'ec_process_remarks',
  'ec_category_rule_id',
] as const;
const ecLabel = (key: string) => EC_RECORD_FIELDS.find((f) => f.key === key)?.en ?? key;
const customNames = Array.from({ length: CUSTOM }, (_, i) => `Extra ${i + 1}`);

/** Row n of the marketplace report; `overrides` replace record fields (by key). */
export function ecRow(n: number, overrides: Record<string, Cell> = {}): Cell[] {
  const scraped: Record<string, Cell> = {
    ec_no: n,
    ec_site: ['Amazon', 'Taobao', 'Rakuten', 'eBay'][n % 4]!,
    ec_scan_date: `2026-${String(1 + (n % 12)).padStart(2, '0')}`,
    ec_search_keyword: n % 2 ? 'sakura beauty' : 'さくらビューティー',
    ec_product_no: `P${n}`,
    ec_product_title: `SAKURA BEAUTY serum ${n % 500} ml, compatible with refill pack ${n}`,
    ec_product_url: `https://www.amazon.example/dp/B${String(n).padStart(9, '0')}`,
    ec_product_brand: 'SAKURA BEAUTY',
    ec_product_seller: `seller-${n % 997}`,
    ec_product_seller_url: `https://www.amazon.example/shop/seller-${n % 997}`,
    ec_product_price: (10 + (n % 300) / 4).toFixed(2),
    ec_product_currency: ['USD', 'CNY', 'JPY', 'EUR'][n % 4]!,
    ec_product_image_url: `https://images.example/${n}.jpg`,
    ec_product_onsell_count: n % 50,
    ec_product_sold_count: n % 20,
    ec_product_region: 'CN',
    ec_product_city: 'Shenzhen',
    ec_categorize_date: n % 3 === 0 ? '2026-1101' : null,
    ec_categorize_remarks: n % 5 === 0 ? 'Logo copied' : null,
    ec_response_action: n % 7 === 0 ? 1 : null,
    ec_process1_date: n % 3 === 0 ? '2026-1102' : null,
    ec_process1_result: n % 3 === 0 ? 2 : null,
  };
  const values = { ...scraped, ...overrides };
  return [...ecColumns.map((k) => values[k] ?? null), ...customNames.map((_, i) => (i % 3 === 0 ? `value ${n % 100}` : null))];
}

export const EC: UploadBench = {
  name: 'EC',
  call: '/api/ec-report/upload-report',
  header: [...ecColumns.map(ecLabel), ...customNames],
  row: (n) => ecRow(n),
  async setup(tp, clientId) {
    const db = tp.portal.services.db;
    await db.insertInto('custom_column').values(customNames.map((column_name, i) => ({ client_id: clientId, column_name, column_category: 1, column_position: 'ec_product_title', column_order: i }))).execute();
    const { brand_id } = await db.insertInto('brand').values({ client_id: clientId, brand_name: 'SAKURA BEAUTY' }).returning('brand_id').executeTakeFirstOrThrow();
    await db.insertInto('brand_keyword').values(['sakura beauty', 'さくらビューティー', 'skb'].map((keyword_name) => ({ client_id: clientId, brand_id, keyword_name }))).execute();
    await db.insertInto('special_word').values([{ client_id: clientId, type: 1, word: 'compatible with' }, { client_id: clientId, type: 2, word: 'genuine' }]).execute();
    await db.insertInto('special_url').values(Array.from({ length: 50 }, (_, i) => ({ client_id: clientId, type: 2, url: `https://www.amazon.example/shop/seller-${i * 13}`, seller: `bad-${i}`, seller_id: '', company: '', remarks: '' }))).execute();
  },
};

// ---------------------------------------------------------------- website (WS) reports
const TRADEMARK_NO = 'JP-2024-001';
const DOMAINS = ['sakura', 'skb', 'beauty', 'cosme', 'glow', 'outlet'];
const TLDS = ['com', 'net', 'shop', 'top', 'xyz', 'jp'];

function wsRow(n: number): Cell[] {
  const tld = TLDS[(n >> 1) % 6]!;
  const domain = `${DOMAINS[n % 6]!}-${((n * 2654435761) >>> 0).toString(16)}.${tld}`;
  const categorized = n % 3 === 0;
  const values: Record<string, Cell> = {
    no: n,
    searchEngine: ['Google', 'Bing', 'Yahoo', 'Baidu', 'Naver'][n % 5]!,
    scanDate: day(n),
    searchKeyword: n % 2 ? 'sakura beauty outlet' : 'さくらビューティー 激安',
    pageDomain: domain,
    pageURL: `https://${domain}/p/${n}`,
    domainRegion: ['CN', 'US', 'RU', 'JP', 'NL', 'SG'][n % 6]!,
    tld,
    domainContact: `abuse@registrar${n % 40}.example`,
    categorizeDate: categorized ? day(n + 3) : null,
    categoryId: categorized ? 1 + (n % 11) : null,
    remarks: n % 5 === 0 ? 'Logo and product photos copied' : null,
    redirectURL: n % 4 === 0 ? `https://${domain}/landing?ref=${n}` : null,
    whois: `Domain Name: ${domain.toUpperCase()}\nRegistrar: Example Registrar ${n % 40}, Inc.\nCreation Date: ${day(n, 2024)}T00:00:00Z\nRegistrant Country: ${['CN', 'US', 'RU'][n % 3]!}`,
    domainCreatedAt: day(n, 2024),
    domainExpireAt: day(n, 2027),
    domainUpdatedAt: n % 2 ? day(n, 2025) : null,
    action: n % 7 === 0 ? 1 + (n % 3) : null,
    responseRemarks: n % 7 === 0 ? 'Checked by the brand team' : null,
    trademarkId: n % 10 === 0 ? TRADEMARK_NO : null,
    process1Date: categorized ? day(n + 5) : null,
    process1ResultId: categorized ? 1 + (n % 3) : null,
  };
  return WS_RECORD_FIELDS.map((f) => values[f.key] ?? null);
}

export const WS: UploadBench = {
  name: 'WS',
  call: '/api/ws-report/upload-report',
  header: WS_RECORD_FIELDS.map((f) => f.en),
  row: wsRow,
  async setup(tp, clientId) {
    await tp.portal.services.db
      .insertInto('trademark')
      .values({ client_id: clientId, no: TRADEMARK_NO, region: 'JP', type: '3', text: 'SAKURA', image: null, register_date: null, invalid_date: null, status: 1, created_at: new Date(), updated_at: new Date() })
      .execute();
  },
};

// ---------------------------------------------------------------- social media (SNS) reports
const PLATFORMS = ['Instagram', 'Facebook', 'X', 'TikTok', 'YouTube', 'LINE', 'Weibo', 'Xiaohongshu', 'Douyin', 'Other'];
const HOSTS = ['https://www.instagram.com/', 'https://www.facebook.com/', 'https://x.com/', 'https://www.tiktok.com/@'];

function snsRow(n: number): Cell[] {
  const handle = `${DOMAINS[n % 6]!}_${((n * 2654435761) >>> 0).toString(16)}`;
  const host = HOSTS[n % 4]!;
  const categorized = n % 3 === 0;
  const values: Record<string, Cell> = {
    no: n,
    platform: PLATFORMS[n % 10]!,
    scanDate: day(n),
    searchKeyword: n % 2 ? 'sakura beauty outlet' : 'さくらビューティー 激安',
    accountName: n % 500 === 0 ? `bad-${n % 50}` : `Sakura Outlet ${handle}`,
    accountId: handle,
    accountURL: `${host}${handle}`,
    followers: (n * 7919) % 500_000,
    postURL: `${host}${handle}/p/${n}`,
    postText: n % 2 ? `SAKURA serum 70% OFF today only! DM to order #${n}` : `正規品 さくらビューティー美容液 半額！ #${n}`,
    postedAt: day(n + 20, 2025),
    region: ['CN', 'US', 'RU', 'JP', 'NL', 'SG'][n % 6]!,
    imageURL: n % 3 === 0 ? `https://img.example/sns/${n}.jpg` : null,
    categorizeDate: categorized ? day(n + 3) : null,
    categoryId: categorized ? ['Counterfeit sales', 'Impersonation', 'Trademark misuse'][n % 3]! : null,
    remarks: n % 5 === 0 ? 'Uses the brand logo' : null,
    action: n % 7 === 0 ? 1 + (n % 3) : null,
    responseRemarks: n % 7 === 0 ? 'Checked by the brand team' : null,
    trademarkId: n % 10 === 0 ? TRADEMARK_NO : null,
    process1Date: categorized ? day(n + 5) : null,
    process1ResultId: categorized ? 1 + (n % 3) : null,
  };
  return SNS_RECORD_FIELDS.map((f) => values[f.key] ?? null);
}

export const SNS: UploadBench = {
  name: 'SNS',
  call: '/api/sns-report/upload-report',
  header: SNS_RECORD_FIELDS.map((f) => f.en),
  row: snsRow,
  async setup(tp, clientId) {
    await WS.setup(tp, clientId);
    const lists = Array.from({ length: 50 }, (_, i) => ({ client_id: clientId, type: 1 + (i % 2), url: `https://x.com/listed-${i * 13}`, seller: `bad-${i}`, seller_id: `listed_${i}`, company: '', remarks: '' }));
    await tp.portal.services.db.insertInto('special_url').values(lists).execute();
  },
};

/** Writes `rows` rows of a report to an .xlsx file, streaming. */
export async function writeSheet(kind: UploadBench, file: string, rows: number): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Report');
  sheet.addRow(kind.header).commit();
  for (let n = 1; n <= rows; n++) sheet.addRow(kind.row(n)).commit();
  sheet.commit();
  await writer.commit();
}

/** Writes the same rows as CSV (UTF-8, RFC 4180 quoting), streaming: the upload's CSV path. */
export async function writeCsv(kind: UploadBench, file: string, rows: number): Promise<void> {
  const out = fs.createWriteStream(file);
  const field = (v: Cell) => (v === null || v === undefined ? '' : /[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const line = (cells: Cell[]) => `${cells.map(field).join(',')}\r\n`;
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  await write(line(kind.header));
  for (let n = 1; n <= rows; n++) await write(line(kind.row(n)));
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
