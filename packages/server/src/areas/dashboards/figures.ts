import type { AuthedContext } from '../../platform/context.js';
import { cachedFigures } from './cache.js';
import { countryOf } from './countries.js';
import * as repo from './figures-repo.js';
import type { EcCount, ImpactSettings, RegionMap, Scope, Slice } from './figures-repo.js';

/**
 * The record figures of both dashboards, read from the rollups and the records (figures-repo.ts) and cached under
 * the data version (cache.ts). `records` reads everything from the records themselves, as plain GROUP BYs: the
 * reference the rollups are tested against.
 */
export type Source = 'rollups' | 'records';

export interface Period {
  from: string;
  to: string;
  /** 1 scan date, 2 categorize date. */
  dateType: 1 | 2;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const dayBefore = (d: Date) => new Date(d.getTime() - 86_400_000);

/** A period as its whole months (from the rollups) and the days at either end outside them (from the records). */
export function sliceOf(period: Period, source: Source): Slice {
  const whole: Slice = { basis: period.dateType, months: null, ranges: [[period.from, period.to]] };
  if (source === 'records') return whole;
  const from = day(period.from);
  const to = day(period.to);
  const first = from.getUTCDate() === 1 ? from : monthStart(from, 1);
  // The last whole month: the period's last one when it ends on that month's last day, else the one before.
  const last = monthStart(to, new Date(to.getTime() + 86_400_000).getUTCDate() === 1 ? 0 : -1);
  if (first > last) return whole;
  const ranges: [string, string][] = [];
  if (from < first) ranges.push([period.from, iso(dayBefore(first))]);
  const afterLast = monthStart(last, 1);
  if (to >= afterLast) ranges.push([iso(afterLast), period.to]);
  return { basis: period.dateType, months: [iso(first), iso(last)], ranges };
}

/** The ISO code of each region, each worked out once. */
export function regionsOf(counts: Iterable<{ region: string }>): Map<string, string> {
  const map = new Map<string, string>();
  for (const { region } of counts) if (!map.has(region)) map.set(region, countryOf(region));
  return map;
}

export interface PeriodFigures {
  counts: EcCount[];
  impact: Awaited<ReturnType<typeof repo.ecImpact>>;
  topSellers: Awaited<ReturnType<typeof repo.ecTopSellers>>;
  ws: Awaited<ReturnType<typeof repo.wsCounts>>;
}

async function computePeriod(ctx: AuthedContext, clientId: number, period: Period, impact: ImpactSettings, source: Source): Promise<PeriodFigures> {
  const scope = { clientId };
  const slice = sliceOf(period, source);
  const counts = await repo.ecCounts(ctx.db, scope, slice, ['month', 'site', 'result']);
  // Every region of the period's categorized records: the infringing ones' are among them.
  const regions: RegionMap = regionsOf(counts);
  return {
    counts,
    impact: await repo.ecImpact(ctx.db, scope, slice, impact),
    topSellers: await repo.ecTopSellers(ctx.db, clientId, sliceOf(period, 'records'), regions),
    ws: await repo.wsCounts(ctx.db, scope, slice),
  };
}

/** The online dashboard's record figures of a client and period. */
export async function periodFigures(ctx: AuthedContext, clientId: number, period: Period, impact: ImpactSettings, source: Source): Promise<PeriodFigures> {
  if (source === 'records') return computePeriod(ctx, clientId, period, impact, source);
  const key = `period/${clientId}/${period.dateType}/${period.from}/${period.to}/${impact.flatPrice}/${impact.countType}/${impact.flatCount}`;
  return cachedFigures(ctx.services, key, await repo.dataVersion(ctx.db, { clientId }), () => computePeriod(ctx, clientId, period, impact, source));
}

export interface HomeFigures {
  /** Categorized marketplace records by region, final result and category, all time. */
  counts: EcCount[];
  sellers: Awaited<ReturnType<typeof repo.ecSellerCounts>>;
  ws: Awaited<ReturnType<typeof repo.wsCounts>>;
}

async function computeHome(ctx: AuthedContext, scope: Scope, source: Source): Promise<HomeFigures> {
  // All time, on the scan-date basis (which files records without a scan date too).
  const slice: Slice = source === 'records' ? { basis: 1, months: null, ranges: 'all' } : { basis: 1, months: 'all', ranges: [] };
  const counts = await repo.ecCounts(ctx.db, scope, slice, ['result']);
  return {
    counts,
    sellers: await repo.ecSellerCounts(ctx.db, scope, regionsOf(counts)),
    ws: await repo.wsCounts(ctx.db, scope, slice),
  };
}

/** Home's record figures of a client, or of every live client. */
export async function homeFigures(ctx: AuthedContext, scope: Scope, source: Source): Promise<HomeFigures> {
  if (source === 'records') return computeHome(ctx, scope, source);
  const key = `home/${'clientId' in scope ? scope.clientId : 'all'}`;
  return cachedFigures(ctx.services, key, await repo.dataVersion(ctx.db, scope), () => computeHome(ctx, scope, source));
}
