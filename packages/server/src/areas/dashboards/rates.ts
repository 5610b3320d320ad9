import type { ExchangeRate, RateAge } from '@portal/contract';
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

const DAY_MS = 86_400_000;

/** Whole days from a rate's date (YYYY-MM-DD) to the UTC date of `now`; never negative (a rate dated ahead is new). */
export function rateAgeDays(date: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.floor((today - Date.parse(`${date}T00:00:00Z`)) / DAY_MS));
}

/** The age of the oldest of these rate dates against the limit; null for none. */
export function rateAge(dates: Iterable<string>, now: Date, maxAgeDays: number): RateAge | null {
  let oldestDate: string | null = null;
  for (const date of dates) if (oldestDate === null || date < oldestDate) oldestDate = date;
  if (oldestDate === null) return null;
  const ageDays = rateAgeDays(oldestDate, now);
  return { oldestDate, ageDays, maxAgeDays, stale: ageDays > maxAgeDays };
}

export async function list(ctx: AuthedContext): Promise<{ rates: ExchangeRate[]; age: RateAge | null }> {
  const rates = await currentRates(ctx.db);
  const maxAgeDays = ctx.services.config.exchangeRateMaxAgeDays;
  return {
    rates: [...rates].map(([currency, r]) => {
      const ageDays = rateAgeDays(r.date, ctx.now);
      return { currency, usdRate: r.usdRate, date: r.date, ageDays, stale: ageDays > maxAgeDays };
    }),
    age: rateAge([...rates.values()].map((r) => r.date), ctx.now, maxAgeDays),
  };
}

/** Adds a dated rate, or corrects the one of that date. Answers the rates in use. */
export async function set(ctx: AuthedContext, input: { currency: string; usdRate: number; date: string }) {
  if (!CURRENCY_CODES.has(input.currency)) throw new AppError('badRequest', { currency: input.currency }, 'validation.currencyUnknown');
  await repo.setRate(ctx.db, input.currency, input.usdRate, input.date, ctx.now);
  // Lists sorted by price compare stored dollar amounts (migration 021): repriced by a job queued with the rate.
  await ctx.services.queues.send('ec-reprice', { currency: input.currency }, { db: ctx.db });
  return list(ctx);
}
