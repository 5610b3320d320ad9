import { sql } from 'kysely';
import type { Db, TestPortal } from '@portal/server/testing';
import { createClient } from '@portal/server/testing';

/**
 * The benchmark data set: one client with BIG records (default 1,000,000) and twenty smaller clients
 * (SMALL records each), generated inside PostgreSQL with generate_series so it takes seconds, not an upload.
 * Titles, sellers, sites, dates and categories vary the way scraped listings do, so filters and fuzzy
 * keywords hit realistic shares of the rows.
 */
export const BIG = Number(process.env.BENCH_BIG_ROWS ?? 1_000_000);
export const SMALL = Number(process.env.BENCH_SMALL_ROWS ?? 20_000);

const WORDS = ['serum', 'cream', 'lotion', 'lip tint', 'mask', 'cleanser', 'toner', 'sunscreen', 'essence', 'foundation'];

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

/** The infringement category the generated records are categorized under; answers its subcategory ids. */
export async function seedInfringementCategories(db: Db): Promise<number[]> {
  const { id: categoryId } = await db.insertInto('infringement_category').values({ name: '偽物', name_en: 'Counterfeit', code: 'B' }).returning('id').executeTakeFirstOrThrow();
  const subs = await db
    .insertInto('infringement_subcategory')
    .values([1, 2, 3, 4, 9].map((common, i) => ({ category_id: categoryId, name: `サブ${i}`, name_en: `Sub ${i}`, code: `B-${i}`, common_category: common })))
    .returning('id')
    .execute();
  return subs.map((s) => s.id);
}

/** `rows` generated records of one client (published; three in four categorized), in reports of 100,000; answers the report ids. */
export async function seedEcRecords(db: Db, clientId: number, rows: number, subIds: number[]): Promise<number[]> {
  const reportIds: number[] = [];
  // Reports of at most 100,000 records each, as uploads would make them.
  for (let start = 0; start < rows; start += 100_000) {
    const n = Math.min(100_000, rows - start);
    const { report_id } = await db.insertInto('ec_report').values({ client_id: clientId, report_name: `bench ${start}`, upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    reportIds.push(report_id);
    await sql`
      INSERT INTO ec_record (client_id, report_id, ec_no, ec_site, ec_scan_date, ec_search_keyword, ec_product_no, ec_product_title, ec_product_url,
        ec_product_brand, ec_product_seller, ec_product_seller_url, ec_product_price, ec_product_currency, ec_product_onsell_count, ec_product_sold_count,
        ec_product_region, ec_product_city, ec_categorize_date, ec_category_id, ec_category_common_type_id, ec_process1_date, ec_process1_result,
        ec_response_action, url_key, is_repeat, published, updated_at, ec_is_need_to_check, ec_title_hint_word)
      SELECT ${clientId}, ${report_id}, g, (ARRAY['Amazon','Taobao','Rakuten','eBay','Shopee','Lazada'])[1 + g % 6],
        DATE '2024-01-01' + (g % 1000),
        CASE WHEN g % 2 = 0 THEN 'sakura beauty' ELSE 'さくらビューティー' END,
        'P' || g,
        'SAKURA BEAUTY ' || (${WORDS}::text[])[1 + g % 10] || ' ' || (g % 500) || 'ml lot ' || md5(g::text),
        'https://shop' || (g % 50) || '.example/item/' || ${clientId} || '-' || g,
        CASE WHEN g % 3 = 0 THEN '' ELSE 'SAKURA BEAUTY' END,
        'seller-' || (g % 5000), 'https://shop' || (g % 50) || '.example/seller/' || (g % 5000),
        (10 + (g % 3000) / 10.0)::numeric(18,2), (ARRAY['USD','CNY','JPY','EUR'])[1 + g % 4], g % 60, g % 30,
        (ARRAY['CN','JP','US','KR','DE','FR','TW','VN'])[1 + g % 8], 'City ' || (g % 40),
        CASE WHEN g % 4 = 0 THEN NULL ELSE DATE '2024-01-05' + (g % 1000) END,
        CASE WHEN g % 4 = 0 THEN NULL ELSE (${subIds}::int[])[1 + g % 5] END,
        CASE WHEN g % 4 = 0 THEN NULL ELSE (ARRAY[1,2,3,4,9])[1 + g % 5] END,
        CASE WHEN g % 3 = 0 THEN DATE '2024-01-10' + (g % 1000) END,
        CASE WHEN g % 3 = 0 THEN 1 + g % 3 END,
        CASE WHEN g % 7 = 0 THEN 1 + g % 4 END,
        'shop' || (g % 50) || '.example/item/' || ${clientId} || '-' || g,
        g % 17 = 0, true, now(), g % 5 = 0, CASE WHEN g % 5 = 0 THEN 'compatible: ''compatible with''' ELSE '' END
      FROM generate_series(${start + 1}::int, ${start + n}::int) AS g`.execute(db);
  }
  return reportIds;
}
