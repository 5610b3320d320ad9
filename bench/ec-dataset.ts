import { sql, type RawBuilder } from 'kysely';
import type { Db, TestPortal } from '@portal/server/testing';
import { createClient } from '@portal/server/testing';

/**
 * The benchmark data set: one client with BIG records (default 1,000,000) and twenty smaller clients
 * (SMALL records each), generated inside the database with generate_series so it takes seconds, not an upload.
 * Titles vary the way scraped listings do, so fuzzy keywords hit realistic shares of the rows; what the dashboards
 * count has the spread of real monitoring: a few big ship-from countries (written as codes, English or Japanese
 * names, some blank or unknown) and a tail of small ones, a long tail of sellers (a few hundred make a third of the
 * records, tens of thousands list a handful each) who mostly ship from one country and sell on one site, sites of
 * very different sizes with their own currencies, three in four records categorized (most as counterfeits), two
 * in five of the infringing ones taken down, and scan dates over the last two years and this one, more of them
 * recent (about 45 % in the current year), each report of 100,000 a few weeks or months of them.
 */
export const BIG = Number(process.env.BENCH_BIG_ROWS ?? 1_000_000);
export const SMALL = Number(process.env.BENCH_SMALL_ROWS ?? 20_000);

const WORDS = ['serum', 'cream', 'lotion', 'lip tint', 'mask', 'cleanser', 'toner', 'sunscreen', 'essence', 'foundation'];
/** Distinct sellers a big client's records come from (the tail's end). */
const SELLERS = 40_000;

/** A list in which each value appears `weight` times, so a uniform index picks by weight. */
function weighted<T>(pairs: [T, number][]): T[] {
  return pairs.flatMap(([value, weight]) => Array<T>(weight).fill(value));
}
/** Ship-from regions as the sheets write them, per mille. */
const REGIONS = weighted([
  ['CN', 330], ['China', 45], ['中国', 20], ['cn', 5], ['US', 90], ['United States', 15], ['アメリカ', 5], ['JP', 55], ['Japan', 10], ['日本', 5],
  ['HK', 45], ['香港', 5], ['KR', 35], ['韓国', 5], ['TW', 28], ['VN', 24], ['TH', 20], ['DE', 18], ['GB', 12], ['UK', 5], ['FR', 14],
  ['SG', 12], ['MY', 12], ['ID', 12], ['IN', 11], ['PH', 10], ['AU', 9], ['CA', 9], ['RU', 8], ['TR', 8], ['BR', 7], ['MX', 6], ['IT', 6],
  ['ES', 6], ['NL', 5], ['PL', 5], ['AE', 5], ['SA', 4], ['BD', 3], ['PK', 3], ['UA', 3], ['IL', 2], ['NG', 2], ['ZA', 2], ['AR', 2],
  ['CL', 2], ['CO', 2], ['EG', 2], ['KH', 2], ['NZ', 2], ['SE', 2], ['CH', 1], ['AT', 1], ['BE', 1], ['CZ', 1], ['PT', 1], ['GR', 1],
  ['', 17], ['Unknown', 2], ['Atlantis', 1],
]);
const SITES = ['Amazon', 'Taobao', 'AliExpress', 'eBay', 'Rakuten', 'Shopee', 'Lazada', 'Mercari', 'Temu', 'Yahoo Shopping', '1688'];
const SITE_CURRENCIES = ['USD', 'CNY', 'USD', 'USD', 'JPY', 'SGD', 'THB', 'JPY', 'USD', 'JPY', 'CNY'];
/** Indexes into SITES, per cent. */
const SITE_SHARES = weighted([[1, 25], [2, 18], [3, 12], [4, 10], [5, 8], [6, 8], [7, 5], [8, 5], [9, 4], [10, 3], [11, 2]]);
/** Aggregate categories of the categorized records (1, 8, 9, 10 do not infringe), per cent. */
const CATEGORY_SHARES = weighted([[3, 40], [2, 22], [4, 10], [5, 5], [6, 4], [7, 3], [1, 9], [8, 4], [9, 2], [10, 1]]);
/** Final results of the reported records (0: none yet), per cent. */
const RESULT_SHARES = weighted([[2, 55], [1, 20], [3, 10], [0, 15]]);

/** A uniform number in [0, 1) drawn from `of` (stream `k`): the same data set every run, on both databases. */
const u = (k: number, of: RawBuilder<unknown> = sql`g`) => sql<number>`((hashint8(${of}::bigint * 64 + ${sql.lit(k)}) & 2147483647)::float8 / 2147483648.0)`;
/** One value of a weighted list, picked by a uniform number. */
const pick = (list: RawBuilder<unknown>, length: number, uniform: RawBuilder<number>) => sql`(${list})[1 + floor(${uniform} * ${sql.lit(length)})::int]`;

export async function seedEcDataset(tp: TestPortal): Promise<{ bigClient: number; reportIds: number[] }> {
  const db = tp.portal.services.db;
  const subIds = await seedInfringementCategories(db);
  const bigClient = await createClient(tp, 'Million Co');
  const reportIds: number[] = [];
  const clients = [bigClient];
  for (let i = 0; i < 20; i++) clients.push(await createClient(tp, `Small Co ${i + 1}`));
  for (const [index, clientId] of clients.entries()) reportIds.push(...(await seedEcRecords(db, clientId, index === 0 ? BIG : SMALL, subIds)));
  await sql`ANALYZE ec_record`.execute(db);
  return { bigClient, reportIds };
}

/** One infringement subcategory per aggregate category 1-10; answers their ids in that order. */
export async function seedInfringementCategories(db: Db): Promise<number[]> {
  const { id: categoryId } = await db.insertInto('infringement_category').values({ name: '偽物', name_en: 'Counterfeit', code: 'B' }).returning('id').executeTakeFirstOrThrow();
  const subs = await db
    .insertInto('infringement_subcategory')
    .values([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((common) => ({ category_id: categoryId, name: `サブ${common}`, name_en: `Sub ${common}`, code: `B-${common}`, common_category: common })))
    .returning(['id', 'common_category'])
    .execute();
  return subs.sort((a, b) => a.common_category - b.common_category).map((s) => s.id);
}

/** `rows` generated records of one client (published; three in four categorized), in reports of 100,000; answers the report ids. */
export async function seedEcRecords(db: Db, clientId: number, rows: number, subIds: number[]): Promise<number[]> {
  const reportIds: number[] = [];
  const regions = sql`${REGIONS}::text[]`;
  const sites = sql`${SITES}::text[]`;
  const siteShares = sql`${SITE_SHARES}::int[]`;
  // Seller s (0 the biggest): P(s < k) = (k / SELLERS)^0.4, so the first 20 make about 5 % of the records.
  const seller = sql`floor(power(${u(1)}, 2.5) * ${sql.lit(SELLERS)})::int`;
  const ofSeller = (k: number) => u(k, sql`b.s + 1000003`);
  // Reports of at most 100,000 records each, as uploads would make them.
  for (let start = 0; start < rows; start += 100_000) {
    const n = Math.min(100_000, rows - start);
    const { report_id } = await db.insertInto('ec_report').values({ client_id: clientId, report_name: `bench ${start}`, upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    reportIds.push(report_id);
    await sql`
      INSERT INTO ec_record (client_id, report_id, ec_no, ec_site, ec_scan_date, ec_search_keyword, ec_product_no, ec_product_title, ec_product_url,
        ec_product_brand, ec_product_seller, ec_product_seller_url, ec_product_price, ec_product_currency, ec_product_onsell_count, ec_product_sold_count,
        ec_product_region, ec_product_city, ec_categorize_date, ec_category_id, ec_category_common_type_id, ec_process1_date, ec_process1_result,
        ec_process_result, ec_process_confirm_date, ec_response_action, url_key, is_repeat, published, updated_at, ec_is_need_to_check, ec_title_hint_word)
      SELECT ${clientId}, ${report_id}, g, (${sites})[site], scan,
        CASE WHEN g % 2 = 0 THEN 'sakura beauty' ELSE 'さくらビューティー' END,
        'P' || g,
        'SAKURA BEAUTY ' || (${WORDS}::text[])[1 + g % 10] || ' ' || (g % 500) || 'ml lot ' || md5(g::text),
        'https://shop' || (g % 50) || '.example/item/' || ${clientId} || '-' || g,
        CASE WHEN g % 3 = 0 THEN '' ELSE 'SAKURA BEAUTY' END,
        'seller-' || s, 'https://' || lower((${sites})[site]) || '.example/seller/' || s,
        CASE WHEN ${u(9)} < 0.03 THEN NULL ELSE round(exp(${u(10)} * ln(500))::numeric, 2) END,
        CASE WHEN ${u(11)} < 0.03 THEN '' ELSE (${SITE_CURRENCIES}::text[])[site] END,
        CASE WHEN ${u(12)} < 0.05 THEN NULL ELSE floor(power(${u(13)}, 3) * 1000)::int END,
        CASE WHEN ${u(14)} < 0.05 THEN NULL ELSE floor(power(${u(15)}, 4) * 500)::int END,
        region, 'City ' || (g % 40),
        categorized, CASE WHEN categorized IS NOT NULL THEN (${subIds}::int[])[category] END, CASE WHEN categorized IS NOT NULL THEN category END,
        CASE WHEN reported THEN categorized + 3 END, CASE WHEN reported THEN 1 + (g % 3) END,
        CASE WHEN reported AND result > 0 THEN result END, CASE WHEN reported AND result > 0 THEN categorized + 10 END,
        CASE WHEN g % 7 = 0 THEN 1 + g % 4 END,
        'shop' || (g % 50) || '.example/item/' || ${clientId} || '-' || g,
        g % 17 = 0, true, now(), g % 5 = 0, CASE WHEN g % 5 = 0 THEN 'compatible: ''compatible with''' ELSE '' END
      FROM (
        SELECT c.*, c.categorized IS NOT NULL AND c.category NOT IN (1, 8, 9, 10) AND ${u(7)} < 0.6 AS reported
        FROM (
          SELECT b.g, b.s,
            CASE WHEN ${u(3)} < 0.92 THEN ${pick(regions, REGIONS.length, ofSeller(1))} ELSE ${pick(regions, REGIONS.length, u(4))} END AS region,
            CASE WHEN ${u(5)} < 0.85 THEN ${pick(siteShares, SITE_SHARES.length, ofSeller(2))} ELSE ${pick(siteShares, SITE_SHARES.length, u(6))} END AS site,
            b.scan,
            CASE WHEN ${u(16)} < 0.78 THEN LEAST(current_date, b.scan + floor(${u(17)} * 40)::int) END AS categorized,
            ${pick(sql`${CATEGORY_SHARES}::int[]`, CATEGORY_SHARES.length, u(18))} AS category,
            ${pick(sql`${RESULT_SHARES}::int[]`, RESULT_SHARES.length, u(19))} AS result
          FROM (
            -- Scan dates from 1 January two years ago to today, denser towards today (density ~ t^0.6), in the
            -- order of the records (each report a scan of a few weeks or months, as uploads are), a little mixed.
            SELECT g, ${seller} AS s,
              first + floor((current_date - first) * power(LEAST(1, GREATEST(0, (g - 1 + (${u(2)} - 0.5) * 2000) / ${sql.lit(rows)}::float8)), 1 / 1.6))::int AS scan
            FROM generate_series(${start + 1}::int, ${start + n}::int) AS g, (SELECT (date_trunc('year', current_date) - interval '2 years')::date AS first) f
          ) b
        ) c
      ) d`.execute(db);
  }
  return reportIds;
}
