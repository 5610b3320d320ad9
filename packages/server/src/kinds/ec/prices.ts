import { readPrice } from '../../areas/crawler-tasks/reading/price.js';
import type { AuthedContext } from '../../platform/context.js';
import { findVisible, listingPriceHistory } from './queries.js';

/** A price as pages write it ("1,299.00", "¥12,800", "1.234,56 €") read as a number by the crawler's price reader, or null. */
export function amountOf(price: string | null): number | null {
  const amount = price === null ? null : readPrice(price).amount;
  return amount === null ? null : Number(amount);
}

/**
 * POST /api/ec-data/fetch-price-history: the price per run that the client's price-monitoring tasks recorded for
 * the record's listing (its product URL), oldest first. Whoever may see the record may read it (client users:
 * their company's published records), the rest get "not found" as for the record itself.
 */
export async function priceHistory(ctx: AuthedContext, clientId: number, recordId: number) {
  const record = await findVisible(ctx, clientId, recordId);
  if (!record.ec_product_url) return { prices: [] };
  const rows = await listingPriceHistory(ctx.db, record.client_id, record.ec_product_url);
  return {
    prices: rows.map((r) => ({ seenAt: new Date(r.seen_at).toISOString(), taskId: r.id, taskTitle: r.title, runNo: r.run_no, price: r.price, amount: amountOf(r.price), currency: r.currency })),
  };
}
