import { TaskStatus, TaskType } from '@portal/contract';
import type { Tx } from '../platform/db.js';

/**
 * A finished price-monitoring crawler task of the demo client (issue 15) that read the first three published EC
 * records' listings once a week for six weeks, so their detail shows a price history (table and chart). The title is
 * a code, as a task has one title whoever reads it (the demo shows each reader their own language).
 */
export async function seedPriceHistory(trx: Tx, clientId: number, analystId: number, now: Date): Promise<void> {
  const records = await trx
    .selectFrom('ec_record')
    .select(['ec_product_url', 'ec_product_price', 'ec_product_currency'])
    .where('client_id', '=', clientId)
    .where('published', '=', true)
    .where('ec_product_url', 'is not', null)
    .orderBy('ec_id')
    .limit(3)
    .execute();
  const site = await trx.selectFrom('ec_site').select(['id', 'url']).where('has_crawler', '=', true).orderBy('id').executeTakeFirst();
  if (records.length === 0 || !site) return;
  const weeks = 6;
  const weekAgo = (n: number) => new Date(now.getTime() - n * 7 * 24 * 3600_000);
  const task = await trx
    .insertInto('crawler_task')
    .values({ client_id: clientId, title: 'SKR-PM-01', type: TaskType.PRICE, status: TaskStatus.FINISHED, plan_start_date: weekAgo(weeks).toISOString().slice(0, 10), run_no: weeks, created_by: analystId, created_at: weekAgo(weeks), updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subtask = await trx
    .insertInto('crawler_subtask')
    .values({ task_id: task.id, site_id: site.id, status: TaskStatus.FINISHED, keyword: 'price check', start_url: site.url, record_count: records.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, r] of records.entries()) {
    const listing = await trx
      .insertInto('crawler_listing')
      .values({ task_id: task.id, subtask_id: subtask.id, url: r.ec_product_url!, state: 1, scraped_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = Number(r.ec_product_price) || 100 * (i + 1);
    // Sellers of copies cut prices week after week; the second listing's page showed no price once.
    const prices = Array.from({ length: weeks }, (_, w) => (i === 1 && w === 3 ? null : (base * (1 - 0.04 * w + (w % 2) * 0.015)).toFixed(2)));
    await trx
      .insertInto('crawler_price')
      .values(prices.map((price, w) => ({ listing_id: listing.id, run_no: w + 1, price, currency: price === null ? null : r.ec_product_currency, seen_at: weekAgo(weeks - 1 - w) })))
      .execute();
  }
}
