import { RECHECK_DAYS_DEFAULT, type ImpactSettings } from '@portal/contract';
import { COUNTRY_CODES } from '@portal/contract/code-lists';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import { settingsOf, upsert } from './repo.js';

/** One row of settings per client: the trademark countries and the impact-amount settings. */


export async function getCountries(ctx: AuthedContext, clientId: number) {
  return { regions: { regions: (await settingsOf(ctx.db, clientId))?.trademark_regions ?? '' } };
}

/** Saved as one comma-separated list of ISO codes, each of the country list, without repeats. */
export async function setCountries(ctx: AuthedContext, clientId: number, regions: string) {
  const codes = [...new Set(regions.split(',').filter(Boolean))];
  if (codes.some((c) => !COUNTRY_CODES.has(c))) fail('unknownCountry');
  await upsert(ctx.db, clientId, { trademark_regions: codes.join(',') });
  return getCountries(ctx, clientId);
}

export async function getImpact(ctx: AuthedContext, clientId: number): Promise<{ settings: ImpactSettings }> {
  const row = await settingsOf(ctx.db, clientId);
  return {
    settings: {
      priceType: row?.impact_price_type ?? 1,
      price: row?.impact_price == null ? null : Number(row.impact_price),
      countType: row?.impact_count_type ?? 1,
      count: row?.impact_count ?? null,
      radio: row ? Number(row.impact_percent) : 100,
    },
  };
}

export async function setImpact(
  ctx: AuthedContext,
  input: { clientId: number; priceType: number; price: number | null; countType: number; count: number | null; radio: number },
) {
  await upsert(ctx.db, input.clientId, {
    impact_price_type: input.priceType,
    // A flat price or count is kept only while it is the one in use.
    impact_price: input.priceType === 2 && input.price !== null ? input.price.toFixed(2) : null,
    impact_count_type: input.countType,
    impact_count: input.countType === 3 ? input.count : null,
    impact_percent: input.radio.toFixed(2),
  });
  return getImpact(ctx, input.clientId);
}

/** Days after a takedown before the listing is captured again (1-14, default 1). */
export async function getRecheck(ctx: AuthedContext, clientId: number): Promise<{ days: number }> {
  return { days: (await settingsOf(ctx.db, clientId))?.recheck_days ?? RECHECK_DAYS_DEFAULT };
}

/** The contract keeps the days within 1-14 (and the column's CHECK behind it). */
export async function setRecheck(ctx: AuthedContext, input: { clientId: number; days: number }): Promise<{ days: number }> {
  await upsert(ctx.db, input.clientId, { recheck_days: input.days });
  return getRecheck(ctx, input.clientId);
}
