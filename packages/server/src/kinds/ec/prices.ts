import { TaskType } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { findVisible } from './queries.js';

/** A price as pages write it ("1,299.00", "¥12,800") read as a number, or null when it is not one. */
export function amountOf(price: string | null): number | null {
  if (price === null) return null;
  const digits = price.replace(/[^\d.,-]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const n = Number(digits.replace(',', '.'));
  return digits !== '' && Number.isFinite(n) ? n : null;
}

/**
 * POST /api/ec-data/fetch-price-history: the price per run that the client's price-monitoring tasks recorded for
 * the record's listing (its product URL), oldest first. Whoever may see the record may read it (client users:
 * their company's published records), the rest get "not found" as for the record itself.
 */
export async function priceHistory(ctx: AuthedContext, clientId: number, recordId: number) {
  const record = await findVisible(ctx, clientId, recordId);
  if (!record.ec_product_url) return { prices: [] };
  const rows = await ctx.db
    .selectFrom('crawler_task as t')
    .innerJoin('crawler_listing as l', 'l.task_id', 't.id')
    .innerJoin('crawler_price as p', 'p.listing_id', 'l.id')
    .select(['p.seen_at', 't.id', 't.title', 'p.run_no', 'p.price', 'p.currency'])
    .where('t.client_id', '=', record.client_id)
    .where('t.type', '=', TaskType.PRICE)
    .where('l.url', '=', record.ec_product_url)
    .orderBy('p.seen_at')
    .orderBy('t.id')
    .orderBy('p.run_no')
    .limit(1000)
    .execute();
  return {
    prices: rows.map((r) => ({ seenAt: new Date(r.seen_at).toISOString(), taskId: r.id, taskTitle: r.title, runNo: r.run_no, price: r.price, amount: amountOf(r.price), currency: r.currency })),
  };
}
