import { sql } from 'kysely';
import type { TestPortal } from '@portal/server/testing';
import { createClient } from '@portal/server/testing';
import { BIG, SMALL } from './ec-dataset.js';

/**
 * The website-record data set, shaped like the marketplace one: one client with BIG records and twenty with SMALL,
 * generated inside PostgreSQL (domains, URLs, search engines, site categories, rounds and whois vary realistically).
 */
export async function seedWsDataset(tp: TestPortal): Promise<{ bigClient: number; reportIds: number[] }> {
  const db = tp.portal.services.db;
  const bigClient = await createClient(tp, 'Million Web Co');
  const clients = [bigClient];
  for (let i = 0; i < 20; i++) clients.push(await createClient(tp, `Small Web Co ${i + 1}`));
  const reportIds: number[] = [];
  for (const [index, clientId] of clients.entries()) {
    const rows = index === 0 ? BIG : SMALL;
    for (let start = 0; start < rows; start += 100_000) {
      const n = Math.min(100_000, rows - start);
      const { report_id } = await db.insertInto('ws_report').values({ client_id: clientId, report_name: `web ${start}`, upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
      reportIds.push(report_id);
      await sql`
        INSERT INTO ws_record (client_id, report_id, ws_no, search_engine, scan_date, search_keyword, page_domain, page_url, domain_region, tld,
          domain_contact, categorize_date, category_id, remarks, whois, domain_created_at, domain_expire_at, action, process1_date,
          process1_result, published, updated_at)
        SELECT ${clientId}, ${report_id}, g, (ARRAY['Google','Bing','Yahoo','Baidu','Naver'])[1 + g % 5], DATE '2024-01-01' + (g % 1000),
          (ARRAY['sakura beauty outlet','sakura serum cheap','さくらビューティー 激安','skb official sale'])[1 + g % 4],
          (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || '-' || substr(md5(g::text), 1, 8) || (ARRAY['.com','.net','.shop','.top','.xyz','.jp'])[1 + g % 6],
          'https://' || (ARRAY['sakura','skb','beauty','cosme','glow','outlet'])[1 + g % 6] || '-' || substr(md5(g::text), 1, 8) || (ARRAY['.com','.net','.shop','.top','.xyz','.jp'])[1 + g % 6] || '/p/' || g,
          (ARRAY['CN','US','RU','JP','NL','SG'])[1 + g % 6], (ARRAY['com','net','shop','top','xyz','jp'])[1 + g % 6],
          'abuse@registrar' || (g % 40) || '.example',
          CASE WHEN g % 4 = 0 THEN NULL ELSE DATE '2024-01-05' + (g % 1000) END,
          CASE WHEN g % 4 = 0 THEN NULL ELSE 1 + g % 11 END, '', 'Domain Name: example' || g || E'.com\\nRegistrar: Example Registrar\\nCreation Date: 2023-01-01',
          DATE '2020-01-01' + (g % 1500), DATE '2026-01-01' + (g % 900),
          CASE WHEN g % 7 = 0 THEN 1 + g % 3 END,
          CASE WHEN g % 3 = 0 THEN DATE '2024-01-10' + (g % 1000) END, CASE WHEN g % 3 = 0 THEN 1 + g % 3 END,
          true, now()
        FROM generate_series(${start + 1}::int, ${start + n}::int) AS g`.execute(db);
    }
  }
  await sql`ANALYZE ws_record`.execute(db);
  return { bigClient, reportIds };
}
