import { sql } from 'kysely';
import type { TestPortal } from '@portal/server/testing';
import { createClient } from '@portal/server/testing';
import { BIG, SMALL } from './ec-dataset.js';

/**
 * The social media data set, shaped like the marketplace one: one client with BIG records and twenty with SMALL,
 * generated inside PostgreSQL (platforms, accounts, post URLs and texts, SNS categories, rounds and list matches
 * vary realistically).
 */
export async function seedSnsDataset(tp: TestPortal): Promise<{ bigClient: number; reportIds: number[] }> {
  const db = tp.portal.services.db;
  const bigClient = await createClient(tp, 'Million Social Co');
  const clients = [bigClient];
  for (let i = 0; i < 20; i++) clients.push(await createClient(tp, `Small Social Co ${i + 1}`));
  const reportIds: number[] = [];
  for (const [index, clientId] of clients.entries()) {
    const rows = index === 0 ? BIG : SMALL;
    for (let start = 0; start < rows; start += 100_000) {
      const n = Math.min(100_000, rows - start);
      const { report_id } = await db.insertInto('sns_report').values({ client_id: clientId, report_name: `social ${start}`, upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
      reportIds.push(report_id);
      await sql`
        INSERT INTO sns_record (client_id, report_id, sns_no, platform, scan_date, search_keyword, account_name, account_id, account_url,
          followers, post_url, post_text, posted_at, region, blacklist, categorize_date, category_id, action, process1_date,
          process1_result, published, updated_at)
        SELECT ${clientId}, ${report_id}, g, 1 + g % 10, DATE '2024-01-01' + (g % 1000),
          (ARRAY['sakura beauty outlet','sakura serum cheap','さくらビューティー 激安','skb official sale'])[1 + g % 4],
          (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || '_' || substr(md5(g::text), 1, 8),
          (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || substr(md5(g::text), 1, 8),
          (ARRAY['https://www.instagram.com/','https://x.com/','https://www.tiktok.com/@','https://www.facebook.com/'])[1 + g % 4] || substr(md5(g::text), 1, 8),
          (g::bigint * 7919) % 500000,
          (ARRAY['https://www.instagram.com/p/','https://x.com/i/status/','https://www.tiktok.com/video/','https://www.facebook.com/posts/'])[1 + g % 4] || g,
          (ARRAY['SAKURA serum 70% OFF, DM to order','正規品 美容液 半額','Authentic Sakura Glow set, link in bio','樱花精华液 原单'])[1 + g % 4]
            || ' ' || (ARRAY['#sale','#serum','#sakura','#cosme','#skincare','#正規品'])[1 + g % 6] || ' #' || g,
          DATE '2023-12-20' + (g % 1000), (ARRAY['CN','US','RU','JP','NL','SG'])[1 + g % 6],
          CASE WHEN g % 50 = 0 THEN 'account: bad seller ' || (g % 40) ELSE '' END,
          CASE WHEN g % 4 = 0 THEN NULL ELSE DATE '2024-01-05' + (g % 1000) END,
          CASE WHEN g % 4 = 0 THEN NULL ELSE 1 + g % 10 END,
          CASE WHEN g % 7 = 0 THEN 1 + g % 3 END,
          CASE WHEN g % 3 = 0 THEN DATE '2024-01-10' + (g % 1000) END, CASE WHEN g % 3 = 0 THEN 1 + g % 3 END,
          true, now()
        FROM generate_series(${start + 1}::int, ${start + n}::int) AS g`.execute(db);
    }
  }
  // The state autovacuum leaves a big client in: statistics, and the trigram indexes' pending lists merged. Right
  // after a bulk insert the list's default search ORs three trigram indexes, each with up to 128 MB of unmerged
  // entries to read in full, and rare words took 0.3-1.5 s until autovacuum had been (the EC and WS benchmarks search
  // one indexed field, which stays fast either way).
  await sql`VACUUM ANALYZE sns_record`.execute(db);
  return { bigClient, reportIds };
}
