import fs from 'node:fs';
import path from 'node:path';
import { EC_RECORD_FIELDS, Role, SNS_RECORD_FIELDS, WS_RECORD_FIELDS } from '@portal/contract';
import { createClient, createUser, startTestPortal, type TestPortal } from '@portal/server/testing';
import { benchKind } from './kind.js';
import { sql } from 'kysely';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Benchmark: the record list (/ec-list?clientId&pageSize=500, or /ws-list, /sns-list with BENCH_KIND=ws, sns) with 500 rows and
 * every column open (set-columns with every field and, for EC, custom column), in Debian's Chromium driven by Playwright, against the real server serving the
 * built web app (`npm run build` first), on PostgreSQL, signed in as an analyst by the session cookie.
 * - rendered: from navigation start (performance.now() of the new document) until the table shows all its columns
 *   with its first rows painted, and until the 500th row is on screen (the body scrolled to its end: the table is
 *   virtual, rows out of view are not in the DOM) and two more frames have run; median and max over RUNS fresh
 *   page loads after one warm-up load (HTTP cache filled, server warm); with when the scripts ran and when the
 *   records arrived, for where the time goes;
 * - scrolling: the table body scrolled by fixed steps, one per animation frame, for SCROLL_MS vertically and then
 *   horizontally (forth, then back); the frame intervals (median, p95, max, share over 50 ms) and the long tasks.
 * BENCH_BROWSER_ROWS records (default 3,000) for one client with every field filled: marketplace records with 4
 * custom columns (BENCH_KIND=ec, the default), website records with a multi-line whois (BENCH_KIND=ws) or social
 * media records with a multi-line post text (BENCH_KIND=sns).
 */
const ROWS = Number(process.env.BENCH_BROWSER_ROWS ?? 3000);
const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const SCROLL_MS = Number(process.env.BENCH_SCROLL_MS ?? 3000);
const PAGE_SIZE = 500;
const VIEWPORT = { width: 1920, height: 1080 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const CUSTOM_COLUMNS = [
  { column_name: 'Lot', column_category: 1, column_position: 'ec_product_title' },
  { column_name: 'Evidence ref', column_category: 2, column_position: 'ec_category_id' },
  { column_name: 'Client note', column_category: 3, column_position: 'ec_response_reason' },
  { column_name: 'Agent', column_category: 4, column_position: 'ec_process1_result' },
];

const round1 = (v: number) => Math.round(v * 10) / 10;
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return round1(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
};

if (process.env.TEST_DB !== 'postgres') throw new Error('the browser benchmark runs on PostgreSQL: TEST_DB=postgres');
if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);

/** One client's marketplace records, every list column filled the way categorized and answered records are. */
async function seedEc(tp: TestPortal): Promise<number> {
  const db = tp.portal.services.db;
  const clientId = await createClient(tp, 'Browser Bench Co');
  const { id: mainId } = await db.insertInto('infringement_category').values({ name: '偽物', name_en: 'Counterfeit', code: 'B' }).returning('id').executeTakeFirstOrThrow();
  const subs = await db
    .insertInto('infringement_subcategory')
    .values([1, 2, 3, 4, 6].map((common, i) => ({ category_id: mainId, name: `サブ${i}`, name_en: `Subcategory ${i}`, code: `B-${i}`, common_category: common })))
    .returning('id')
    .execute();
  const products = await db
    .insertInto('product_category')
    .values([0, 1, 2].map((i) => ({ client_id: clientId, name: `商品${i}`, name_en: `Product ${i}`, code: `P${i}` })))
    .returning('id')
    .execute();
  const { trademark_id } = await db
    .insertInto('trademark')
    .values({ client_id: clientId, no: 'JP-2024-001', region: 'JP', type: '3', text: 'SAKURA', image: null, register_date: null, invalid_date: null, status: 1, created_at: new Date(), updated_at: new Date() })
    .returning('trademark_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('custom_column')
    .values(CUSTOM_COLUMNS.map((c, i) => ({ ...c, client_id: clientId, column_order: i })))
    .execute();
  const { report_id } = await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'browser bench', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
  const subIds = subs.map((s) => s.id);
  const productIds = products.map((p) => p.id);
  await sql`
    INSERT INTO ec_record (client_id, report_id, ec_no, ec_site, ec_scan_date, ec_search_keyword, ec_product_no, ec_product_title, ec_product_url,
      ec_product_brand, ec_product_seller, ec_product_seller_url, ec_product_price, ec_product_currency, ec_product_image_url, ec_product_onsell_count,
      ec_product_sold_count, ec_product_region, ec_product_city, ec_categorize_date, ec_blacklist_object, ec_whitelist_object, ec_is_need_to_check,
      ec_title_hint_word, ec_brand_hint_word, ec_product_category_id, ec_category_rule_id, ec_category_id, ec_category_common_type_id,
      ec_categorize_remarks, ec_response_action, ec_response_reason, ec_response_trademark, ec_response_remarks, ec_response_date,
      ec_process1_date, ec_process1_result, ec_process1_confirm_date, ec_process2_date, ec_process2_result, ec_process2_confirm_date,
      ec_process3_date, ec_process3_result, ec_process3_confirm_date, declaration_status, ec_process_result, ec_process_confirm_date,
      ec_process_remarks, custom_info, url_key, is_repeat, published, updated_at)
    SELECT ${clientId}, ${report_id}, g, (ARRAY['Amazon','Taobao','Rakuten','eBay','Shopee','Lazada'])[1 + g % 6], DATE '2026-01-01' + (g % 300),
      CASE WHEN g % 2 = 0 THEN 'sakura beauty' ELSE 'さくらビューティー' END, 'P' || g,
      'SAKURA BEAUTY serum ' || (g % 500) || 'ml, compatible with refill pack, lot ' || md5(g::text),
      'https://shop' || (g % 50) || '.example/item/' || g, 'SAKURA BEAUTY', 'seller-' || (g % 997),
      'https://shop' || (g % 50) || '.example/seller/' || (g % 997), (10 + (g % 3000) / 10.0)::numeric(18,2),
      (ARRAY['USD','CNY','JPY','EUR'])[1 + g % 4], 'https://images.example/' || g || '.jpg', g % 60, g % 30,
      (ARRAY['CN','JP','US','KR'])[1 + g % 4], 'City ' || (g % 40), DATE '2026-02-01' + (g % 200),
      CASE WHEN g % 11 = 0 THEN 'url: https://shop3.example/seller/bad' ELSE '' END,
      CASE WHEN g % 13 = 0 THEN 'seller: Official Store' ELSE '' END, g % 5 = 0,
      CASE WHEN g % 5 = 0 THEN 'compatible: ''compatible with''' ELSE '' END, 'keyword ''sakura'' (brand SAKURA BEAUTY)',
      (${productIds}::int[])[1 + g % 3], g % 9, (${subIds}::int[])[1 + g % 5], (ARRAY[1,2,3,4,6])[1 + g % 5],
      'Logo and packaging copied from the genuine product', 1 + g % 4, 'Seen in our own test purchase', ${trademark_id},
      'Checked by the brand team', DATE '2026-03-01' + (g % 100),
      DATE '2026-02-10' + (g % 100), 1 + g % 3, DATE '2026-02-12' + (g % 100),
      DATE '2026-02-20' + (g % 100), 1 + g % 3, DATE '2026-02-22' + (g % 100),
      DATE '2026-03-01' + (g % 100), 1 + g % 3, DATE '2026-03-03' + (g % 100),
      'Declared', 1 + g % 3, DATE '2026-03-10' + (g % 100), 'Closed after the third round',
      jsonb_build_object('Lot', 'L-' || g, 'Evidence ref', 'EV-' || (g % 97), 'Client note', 'note ' || (g % 7), 'Agent', 'agent ' || (g % 5)),
      'shop' || (g % 50) || '.example/item/' || g, g % 17 = 0, true, now()
    FROM generate_series(1, ${ROWS}::int) AS g`.execute(db);
  await sql`ANALYZE ec_record`.execute(db);
  return clientId;
}

/** One client's website records, every list column filled the way categorized and answered records are. */
async function seedWs(tp: TestPortal): Promise<number> {
  const db = tp.portal.services.db;
  const clientId = await createClient(tp, 'Browser Bench Co');
  const { trademark_id } = await db
    .insertInto('trademark')
    .values({ client_id: clientId, no: 'JP-2024-001', region: 'JP', type: '3', text: 'SAKURA', image: null, register_date: null, invalid_date: null, status: 1, created_at: new Date(), updated_at: new Date() })
    .returning('trademark_id')
    .executeTakeFirstOrThrow();
  const { report_id } = await db.insertInto('ws_report').values({ client_id: clientId, report_name: 'browser bench', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
  await sql`
    INSERT INTO ws_record (client_id, report_id, ws_no, search_engine, scan_date, search_keyword, page_domain, page_url, domain_region, tld,
      domain_contact, categorize_date, category_id, remarks, redirect_url, whois, domain_created_at, domain_expire_at, domain_updated_at,
      action, response_remarks, trademark_id, response_date, process1_date, process1_result, process1_confirm_date, process2_date,
      process2_result, process2_confirm_date, process3_date, process3_result, process3_confirm_date, process_result, process_confirm_date,
      process_remarks, published, updated_at)
    SELECT ${clientId}, ${report_id}, g, (ARRAY['Google','Bing','Yahoo','Baidu','Naver'])[1 + g % 5], DATE '2026-01-01' + (g % 300),
      CASE WHEN g % 2 = 0 THEN 'sakura beauty outlet' ELSE 'さくらビューティー 激安' END,
      (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || '-' || substr(md5(g::text), 1, 10) || (ARRAY['.com','.net','.shop','.top','.xyz','.jp'])[1 + g % 6],
      'https://' || (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || '-' || substr(md5(g::text), 1, 10) || (ARRAY['.com','.net','.shop','.top','.xyz','.jp'])[1 + g % 6] || '/products/serum-' || g || '?utm_source=search',
      (ARRAY['CN','US','RU','JP','NL','SG'])[1 + g % 6], (ARRAY['com','net','shop','top','xyz','jp'])[1 + g % 6],
      'abuse@registrar' || (g % 40) || '.example, +1.5555550' || (g % 100), DATE '2026-02-01' + (g % 200), 1 + g % 11,
      'Logo and product photos copied from the official site', 'https://redirect' || (g % 30) || '.example/landing?id=' || g,
      'Domain Name: SITE' || g || E'.EXAMPLE\\nRegistrar: Example Registrar ' || (g % 40) || E', Inc.\\nCreation Date: 2024-01-01T00:00:00Z\\nRegistrant Country: CN',
      DATE '2020-01-01' + (g % 1500), DATE '2027-01-01' + (g % 900), DATE '2025-01-01' + (g % 300),
      1 + g % 3, 'Checked by the brand team', ${trademark_id}, DATE '2026-03-01' + (g % 100),
      DATE '2026-02-10' + (g % 100), 1 + g % 3, DATE '2026-02-12' + (g % 100),
      DATE '2026-02-20' + (g % 100), 1 + g % 3, DATE '2026-02-22' + (g % 100),
      DATE '2026-03-01' + (g % 100), 1 + g % 3, DATE '2026-03-03' + (g % 100),
      1 + g % 3, DATE '2026-03-10' + (g % 100), 'Closed after the third round', true, now()
    FROM generate_series(1, ${ROWS}::int) AS g`.execute(db);
  await sql`ANALYZE ws_record`.execute(db);
  return clientId;
}

/** One client's social media records, every list column filled the way categorized and answered records are. */
async function seedSns(tp: TestPortal): Promise<number> {
  const db = tp.portal.services.db;
  const clientId = await createClient(tp, 'Browser Bench Co');
  const { trademark_id } = await db
    .insertInto('trademark')
    .values({ client_id: clientId, no: 'JP-2024-001', region: 'JP', type: '3', text: 'SAKURA', image: null, register_date: null, invalid_date: null, status: 1, created_at: new Date(), updated_at: new Date() })
    .returning('trademark_id')
    .executeTakeFirstOrThrow();
  const { report_id } = await db.insertInto('sns_report').values({ client_id: clientId, report_name: 'browser bench', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
  await sql`
    INSERT INTO sns_record (client_id, report_id, sns_no, platform, scan_date, search_keyword, account_name, account_id, account_url, followers,
      post_url, post_text, posted_at, region, image_url, blacklist, whitelist, categorize_date, category_id, remarks, action, response_remarks,
      trademark_id, response_date, process1_date, process1_result, process1_confirm_date, process2_date, process2_result, process2_confirm_date,
      process3_date, process3_result, process3_confirm_date, process_result, process_confirm_date, process_remarks, published, updated_at)
    SELECT ${clientId}, ${report_id}, g, 1 + g % 10, DATE '2026-01-01' + (g % 300),
      CASE WHEN g % 2 = 0 THEN 'sakura beauty outlet' ELSE 'さくらビューティー 激安' END,
      (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || ' shop ' || substr(md5(g::text), 1, 6),
      (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || '_' || substr(md5(g::text), 1, 10),
      'https://www.instagram.com/' || (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || '_' || substr(md5(g::text), 1, 10) || '/',
      (g * 7919) % 500000,
      'https://www.instagram.com/p/C' || substr(md5(g::text), 1, 10) || '/?utm_source=ig_web_copy_link',
      E'SAKURA serum 70% OFF today only!\\nDM to order, worldwide shipping\\n#sakura #serum #sale ' || g,
      DATE '2025-12-01' + (g % 300), (ARRAY['CN','US','RU','JP','NL','SG'])[1 + g % 6], 'https://img.example/sns/' || g || '.jpg',
      CASE WHEN g % 20 = 0 THEN 'account: Sakura Outlet ' || (g % 40) ELSE '' END, CASE WHEN g % 45 = 0 THEN 'account id: sakura_official' ELSE '' END,
      DATE '2026-02-01' + (g % 200), 1 + g % 10, 'Uses the brand logo as its profile picture',
      1 + g % 3, 'Checked by the brand team', ${trademark_id}, DATE '2026-03-01' + (g % 100),
      DATE '2026-02-10' + (g % 100), 1 + g % 3, DATE '2026-02-12' + (g % 100),
      DATE '2026-02-20' + (g % 100), 1 + g % 3, DATE '2026-02-22' + (g % 100),
      DATE '2026-03-01' + (g % 100), 1 + g % 3, DATE '2026-03-03' + (g % 100),
      1 + g % 3, DATE '2026-03-10' + (g % 100), 'Closed after the third round', true, now()
    FROM generate_series(1, ${ROWS}::int) AS g`.execute(db);
  await sql`ANALYZE sns_record`.execute(db);
  return clientId;
}

/** What differs between the lists; everything else is measured the same way. */
const KINDS = {
  ec: {
    name: 'EC',
    list: '/ec-list',
    prefix: '/api/ec-data',
    seed: seedEc,
    // Every column open: the record fields, the aggregate category the list adds, and the custom columns by name.
    columns: [...EC_RECORD_FIELDS.flatMap((f) => (f.key === 'ec_category_id' ? [f.key, 'ec_category_common_type_id'] : [f.key])), ...CUSTOM_COLUMNS.map((c) => c.column_name)],
    recordId: (r: Record<string, unknown>) => r.ec_id as number | undefined,
  },
  ws: {
    name: 'WS',
    list: '/ws-list',
    prefix: '/api/ws-data',
    seed: seedWs,
    columns: WS_RECORD_FIELDS.map((f) => f.key as string),
    recordId: (r: Record<string, unknown>) => r.id as number | undefined,
  },
  sns: {
    name: 'SNS',
    list: '/sns-list',
    prefix: '/api/sns-data',
    seed: seedSns,
    columns: SNS_RECORD_FIELDS.map((f) => f.key as string),
    recordId: (r: Record<string, unknown>) => r.id as number | undefined,
  },
};
/** The list's test ids: `${testPrefix}-table-body`, `${testPrefix}-row-<id>`. */
const testPrefix = benchKind();
const kind = KINDS[testPrefix];

/** Marks the page sets from its first script: when the table shows every column, its first rows, then its last row. */
interface LoadMarks {
  /** The document's scripts ran (DOMContentLoaded) and the 500 records arrived (the search call's response end). */
  scriptsMs: number;
  dataMs: number;
  firstRowMs: number;
  lastRowMs: number;
  paintedMs: number;
  longTasks: number;
  longTaskMs: number;
}

/**
 * Runs in the page before its own scripts: watches each frame for the table with all its columns and a first row,
 * then scrolls the body to its end (rows out of view are not in the DOM) until the last record's row is on screen,
 * then waits two more frames (painted). Long tasks are counted from navigation start.
 */
function watchLoad(args: { columns: number; lastId: number; prefix: string }): void {
  const w = window as unknown as { __load?: Partial<LoadMarks> & { done?: boolean } };
  const marks: Partial<LoadMarks> & { done?: boolean } = { longTasks: 0, longTaskMs: 0 };
  w.__load = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.longTasks = (marks.longTasks ?? 0) + 1;
      marks.longTaskMs = (marks.longTaskMs ?? 0) + entry.duration;
    }
  }).observe({ type: 'longtask', buffered: true });
  const holder = () => document.querySelector<HTMLElement>(`[data-testid="${args.prefix}-table-body"]`);
  const frame = () => {
    const now = performance.now();
    if (marks.firstRowMs === undefined) {
      const headers = document.querySelectorAll('.rec-table .ant-table-thead > tr > th').length;
      if (headers >= args.columns && document.querySelector(`.rec-table [data-testid^="${args.prefix}-row-"]`)) {
        marks.firstRowMs = now;
      }
    } else if (marks.lastRowMs === undefined) {
      const last = document.querySelector(`.rec-table [data-testid="${args.prefix}-row-${args.lastId}"]`);
      if (last && last.getBoundingClientRect().bottom <= (holder()?.getBoundingClientRect().bottom ?? 0) + 1) {
        marks.lastRowMs = now;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            marks.paintedMs = performance.now();
            marks.done = true;
          }),
        );
        return;
      }
      const body = holder();
      if (body) body.scrollTop = body.scrollHeight;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface ScrollStats {
  frames: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  over50msShare: number;
  longTasks: number;
  /** Where the body was when the direction turned: the first row on screen (vertical) or the header's scrollLeft. */
  farthest: string | number | null;
}

/**
 * Scrolls the table body by `step` px each animation frame for `ms` (forward for the first half, back for the
 * second, so the whole run moves), recording every frame interval and the long tasks meanwhile.
 */
async function scroll(page: Page, direction: 'vertical' | 'horizontal', step: number, ms: number): Promise<ScrollStats> {
  const raw = await page.evaluate(
    ({ direction, step, ms, prefix }) =>
      new Promise<{ intervals: number[]; longTasks: number; farthest: string | number | null }>((resolve) => {
        const holder = document.querySelector<HTMLElement>(`[data-testid="${prefix}-table-body"]`);
        if (!holder) throw new Error('no table body');
        const intervals: number[] = [];
        let longTasks = 0;
        let farthest: string | number | null = null;
        const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
        observer.observe({ type: 'longtask' });
        let start = 0;
        let last = 0;
        const where = () => {
          if (direction === 'horizontal') return Math.round(document.querySelector<HTMLElement>('.rec-table .ant-table-header')?.scrollLeft ?? 0);
          const top = holder.getBoundingClientRect().top;
          const rows = [...document.querySelectorAll<HTMLElement>(`.rec-table [data-testid^="${prefix}-row-"]`)];
          return rows.find((r) => r.getBoundingClientRect().bottom > top + 1)?.dataset.testid ?? null;
        };
        const frame = (t: number) => {
          intervals.push(t - last);
          last = t;
          const elapsed = t - start;
          if (elapsed >= ms) {
            observer.disconnect();
            resolve({ intervals, longTasks, farthest });
            return;
          }
          const back = elapsed >= ms / 2;
          if (back && farthest === null) farthest = where();
          const delta = back ? -step : step;
          if (direction === 'vertical') holder.scrollTop += delta;
          else holder.scrollLeft += delta;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame((t) => {
          start = t;
          last = t;
          requestAnimationFrame(frame);
        });
      }),
    { direction, step, ms, prefix: testPrefix },
  );
  const intervals = raw.intervals;
  return {
    frames: intervals.length,
    medianMs: percentile(intervals, 50),
    p95Ms: percentile(intervals, 95),
    maxMs: percentile(intervals, 100),
    over50msShare: Number((intervals.filter((i) => i > 50).length / Math.max(1, intervals.length)).toFixed(3)),
    longTasks: raw.longTasks,
    farthest: raw.farthest,
  };
}

const tp = await startTestPortal({ checkAnswers: false });
let browser: Browser | undefined;
try {
  if (!fs.existsSync(path.join(tp.portal.services.config.webDist, 'index.html'))) throw new Error('the web app is not built: npm run build');
  const seedStarted = performance.now();
  const clientId = await kind.seed(tp);
  const seedMs = performance.now() - seedStarted;
  const analyst = await createUser(tp, { role: Role.ANALYST, name: 'Bench Analyst' });
  await tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
  const baseUrl = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const post = async <T>(call: string, body: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${call}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${analyst.token}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (json.code !== 0) throw new Error(`${call}: ${json.message}`);
    return json.data;
  };

  const columns = kind.columns;
  await post(`${kind.prefix}/set-columns`, { columns });
  // The 500th row of the first page, as the list asks for it (default order).
  const page1 = await post<{ records: Record<string, unknown>[]; total: number }>(`${kind.prefix}/search-records`, { clientId, limit: PAGE_SIZE, offset: 0 });
  const last = page1.records[PAGE_SIZE - 1];
  const lastId = last === undefined ? undefined : kind.recordId(last);
  if (lastId === undefined) throw new Error(`the first page has ${page1.records.length} records, not ${PAGE_SIZE}`);
  // Header cells: the selection box, every column and the actions (and a cell over the scrollbar when it has a width).
  const headerCells = columns.length + 2;

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT });
  await context.addCookies([{ name: 'token', value: analyst.token, url: baseUrl }]);
  // tsx compiles this file keeping function names (esbuild's __name helper), which the functions sent to the page
  // carry along; the page gets a no-op helper.
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
  await context.addInitScript(watchLoad, { columns: headerCells, lastId, prefix: testPrefix });
  const url = `${baseUrl}${kind.list}?clientId=${clientId}&pageSize=${PAGE_SIZE}`;

  const load = async (): Promise<{ page: Page; marks: LoadMarks }> => {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(() => (window as unknown as { __load?: { done?: boolean } }).__load?.done === true, undefined, { timeout: 30_000, polling: 100 });
    } catch (error) {
      const state = await page.evaluate((prefix) => ({
        marks: (window as unknown as { __load?: unknown }).__load,
        headerCells: document.querySelectorAll('.rec-table .ant-table-thead > tr > th').length,
        rows: document.querySelectorAll(`.rec-table [data-testid^="${prefix}-row-"]`).length,
      }), testPrefix);
      throw new Error(`the list did not finish loading: ${JSON.stringify(state)}`, { cause: error });
    }
    const marks = await page.evaluate((search) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const ended = (part: string) => Math.max(0, ...performance.getEntriesByType('resource').filter((e) => e.name.includes(part)).map((e) => (e as PerformanceResourceTiming).responseEnd));
      return { ...(window as unknown as { __load: LoadMarks }).__load, scriptsMs: nav?.domContentLoadedEventEnd ?? 0, dataMs: ended(search) };
    }, `${kind.prefix}/search-records`);
    return { page, marks };
  };

  const warm = await load(); // the first load fills the HTTP cache and warms the server
  const shown = await warm.page.evaluate(() => document.querySelectorAll('.rec-table .ant-table-thead > tr > th').length);
  await warm.page.close();
  const runs: LoadMarks[] = [];
  let lastPage: Page | undefined;
  for (let i = 0; i < RUNS; i++) {
    const { page, marks } = await load();
    runs.push(marks);
    if (i < RUNS - 1) await page.close();
    else lastPage = page;
  }

  // Scrolling on the last loaded page: back to the top first, then SCROLL_MS each way.
  const page = lastPage!;
  await page.evaluate((prefix) => document.querySelector(`[data-testid="${prefix}-table-body"]`)?.scrollTo(0, 0), testPrefix);
  await page.waitForTimeout(300);
  const idle = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const out: number[] = [];
        let last = 0;
        const frame = (t: number) => {
          if (last) out.push(t - last);
          last = t;
          if (out.length < 60) requestAnimationFrame(frame);
          else resolve(out);
        };
        requestAnimationFrame(frame);
      }),
  );
  const vertical = await scroll(page, 'vertical', 120, SCROLL_MS);
  await page.waitForTimeout(300);
  const horizontal = await scroll(page, 'horizontal', 160, SCROLL_MS);

  const pick = (key: keyof LoadMarks) => runs.map((r) => r[key]);
  console.log(
    JSON.stringify({
      benchmark: `${kind.name} record list in Chromium: 500 rows, every column (PostgreSQL)`,
      records: ROWS,
      seedSeconds: round1(seedMs / 1000),
      viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
      columns: columns.length,
      headerCells: shown,
      rows: PAGE_SIZE,
      runs: RUNS,
      targetMs: 1500,
      scriptsLoadedMs: percentile(pick('scriptsMs'), 50),
      recordsArrivedMs: percentile(pick('dataMs'), 50),
      firstRowsMs: { median: percentile(pick('firstRowMs'), 50), max: percentile(pick('firstRowMs'), 100) },
      lastRowPaintedMs: { median: percentile(pick('paintedMs'), 50), max: percentile(pick('paintedMs'), 100) },
      loadLongTasks: { median: percentile(pick('longTasks'), 50), medianTotalMs: percentile(pick('longTaskMs'), 50) },
      idleFrameMs: percentile(idle, 50),
      scrollVertical: { ...vertical, stepPx: 120, seconds: SCROLL_MS / 1000 },
      scrollHorizontal: { ...horizontal, stepPx: 160, seconds: SCROLL_MS / 1000 },
    }),
  );
} finally {
  await browser?.close();
  await tp.close();
}
