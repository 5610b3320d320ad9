import type { ExchangeRate } from '@portal/contract';
import { CURRENCY_CODES } from '@portal/contract/code-lists';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

/**
 * Exchange rates, kept by administrators: each is how many US dollars one unit of a currency is worth on a date.
 * A currency's latest dated rate is the one in use; earlier ones stay as its history.
 */

export async function currentRates(db: Db | Tx): Promise<Map<string, { usdRate: number; date: string }>> {
  const rows = await repo.latestRates(db);
  return new Map(rows.map((r) => [r.currency, { usdRate: Number(r.usd_rate), date: r.rate_date }]));
}

export async function list(ctx: AuthedContext): Promise<{ rates: ExchangeRate[] }> {
  const rates = await currentRates(ctx.db);
  return { rates: [...rates].map(([currency, r]) => ({ currency, usdRate: r.usdRate, date: r.date })) };
}

/** Adds a dated rate, or corrects the one of that date. Answers the rates in use. */
export async function set(ctx: AuthedContext, input: { currency: string; usdRate: number; date: string }) {
  if (!CURRENCY_CODES.has(input.currency)) throw new AppError('badRequest', { currency: input.currency }, 'validation.currencyUnknown');
  await repo.setRate(ctx.db, input.currency, input.usdRate, input.date, ctx.now);
  // Lists sorted by price compare stored dollar amounts (migration 021): repriced by a job queued with the rate.
  await ctx.services.queues.send('ec-reprice', { currency: input.currency }, { db: ctx.db });
  return list(ctx);
}
