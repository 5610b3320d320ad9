import { sql, type Insertable } from 'kysely';
import type { EcRecordTable } from '../../platform/schema.js';
import type { TestPortal } from '../../testing/index.js';

/** Test data for the record tests: reports and records written straight through the database. */

export type RecordValues = Partial<Omit<Insertable<EcRecordTable>, 'client_id' | 'report_id'>>;

export async function insertReport(tp: TestPortal, clientId: number, name = 'Report'): Promise<number> {
  const row = await tp.portal.services.db
    .insertInto('ec_report')
    .values({ client_id: clientId, report_name: name, upload_date: tp.clock.now })
    .returning('report_id')
    .executeTakeFirstOrThrow();
  return row.report_id;
}

let serial = 0;

/** Records of one report, published unless told otherwise; answers their ids in the order given. */
export async function insertRecords(tp: TestPortal, clientId: number, reportId: number, rows: RecordValues[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => {
    serial += 1;
    const url = r.ec_product_url ?? `https://shop.example/item/${serial}`;
    return {
      client_id: clientId,
      report_id: reportId,
      ec_site: 'Amazon',
      ec_scan_date: '2024-05-01',
      ec_product_title: `Listing ${serial}`,
      ec_product_url: url,
      url_key: url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, ''),
      published: true,
      updated_at: tp.clock.now,
      ...r,
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const res = await tp.portal.services.db.insertInto('ec_record').values(values.slice(i, i + 1000)).returning('ec_id').execute();
    ids.push(...res.map((x) => x.ec_id));
  }
  // As an upload would have it analyzed (records/search/changes.ts): a partition's statistics taken while it was
  // empty make the planner look a record up by (client_id, id) through the wrong index, row by row.
  if (rows.length >= 5000) await sql`ANALYZE ec_record`.execute(tp.portal.services.db);
  return ids;
}

/** An infringement category with one subcategory of the given aggregate category. */
export async function insertSubcategory(tp: TestPortal, code: string, commonCategory: number): Promise<number> {
  const db = tp.portal.services.db;
  const cat = await db.insertInto('infringement_category').values({ name: `Cat ${code}`, name_en: `Cat ${code}` }).returning('id').executeTakeFirstOrThrow();
  const sub = await db
    .insertInto('infringement_subcategory')
    .values({ category_id: cat.id, name: `Sub ${code}`, name_en: `Sub ${code}`, code, common_category: commonCategory })
    .returning('id')
    .executeTakeFirstOrThrow();
  return sub.id;
}

export async function recordRow(tp: TestPortal, recordId: number) {
  return tp.portal.services.db.selectFrom('ec_record').selectAll().where('ec_id', '=', recordId).executeTakeFirstOrThrow();
}
