import { HOME_NEWS, Role, UNKNOWN_COUNTRY, hasRole, type DashboardInfo, type FetchInfoInput, type HomeInfo, type TopSeller } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { getImpact } from '../client-settings/settings.js';
import * as news from '../notices/news.js';
import { centroidLookup, countryOf } from './countries.js';
import { currentRates } from './rates.js';
import * as repo from './repo.js';

/**
 * The online dashboard and home (document 3; spec README "Online dashboard and home"). The tenancy rule has
 * admitted the client before these run; what is counted is what the client's users see (published records), so
 * analysts see the same figures as the client.
 */

const regionMap = (regions: string[]) => new Map(regions.map((r) => [r, countryOf(r)]));
const round2 = (n: number) => Math.round(n * 100) / 100;

type Nested = Record<string, Record<string, number>>;
function add(dict: Nested, a: string, b: string | number, n: number): void {
  const inner = (dict[a] ??= {});
  inner[String(b)] = (inner[String(b)] ?? 0) + n;
}
/** Country codes in order, the unknown one last. */
const countryOrder = (codes: Iterable<string>) => [...new Set(codes)].sort((a, b) => Number(a === UNKNOWN_COUNTRY) - Number(b === UNKNOWN_COUNTRY) || a.localeCompare(b));

export async function fetchInfo(ctx: AuthedContext, input: FetchInfoInput): Promise<DashboardInfo> {
  const period: repo.Period = { from: input.fromDate, to: input.toDate, dateType: input.dateType };
  const regions = regionMap(await repo.ecRegions(ctx.db, { clientId: input.clientId }, period));
  const groups = await repo.ecGroups(ctx.db, input.clientId, period, regions);

  const dateCountryInfringementTypeDict: Record<string, Nested> = {};
  for (const g of groups.byMonth) add((dateCountryInfringementTypeDict[g.month] ??= {}), g.country, g.category, g.n);
  const countrySiteInfringementTypeDict: Record<string, Nested> = {};
  for (const g of groups.bySite) add((countrySiteInfringementTypeDict[g.country] ??= {}), g.site, g.category, g.n);
  const countryResultDict: Nested = {};
  const infringements = new Map<string, number>();
  for (const g of groups.byResult) {
    add(countryResultDict, g.country, g.result, g.n);
    infringements.set(g.country, (infringements.get(g.country) ?? 0) + g.n);
  }
  const centroid = await centroidLookup();
  const countryInfringementCountDict = Object.fromEntries(countryOrder(infringements.keys()).map((c) => [c, { count: infringements.get(c)!, ...centroid(c) }]));

  const countrySellerDict: Record<string, TopSeller[]> = {};
  for (const row of await repo.ecTopSellers(ctx.db, input.clientId, period, regions)) {
    const sellers = (countrySellerDict[row.country] ??= []);
    let seller = sellers.at(-1);
    if (seller?.seller !== row.seller) sellers.push((seller = { seller: row.seller, total: row.total, sites: {} }));
    seller.sites[row.site] = row.n;
  }

  const countryRegionDict: Record<string, string[]> = {};
  for (const [region, country] of [...regions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) (countryRegionDict[country] ??= []).push(region);

  const wsRegions = regionMap(await repo.wsRegions(ctx.db, input.clientId, period));
  const ws = await repo.wsGroups(ctx.db, input.clientId, period, wsRegions);
  const wsCategoryByFilterRegion: Nested = {};
  for (const g of ws.byCategory) add(wsCategoryByFilterRegion, g.country, g.category, g.n);
  const wsTakedownByFilterRegion: Nested = {};
  for (const g of ws.byResult) add(wsTakedownByFilterRegion, g.country, g.result, g.n);

  return {
    ...(await revenue(ctx, input.clientId, period)),
    infringementFilters: [...new Set(groups.bySite.map((g) => g.category))].sort((a, b) => a - b),
    countryFilters: countryOrder(groups.bySite.map((g) => g.country)),
    countryInfringementCountDict,
    dateCountryInfringementTypeDict,
    countrySiteInfringementTypeDict,
    countryResultDict,
    countrySellerDict,
    countryRegionDict,
    analysts: await repo.analystNames(ctx.db, input.clientId),
    ws: { regionFilters: countryOrder(ws.byCategory.map((g) => g.country)), wsCategoryByFilterRegion, wsTakedownByFilterRegion },
  };
}

/**
 * Impact revenue: A x B x C over the infringing records, each listing's price converted to US dollars at its
 * currency's latest rate. A flat price (impact settings) is in US dollars. Prices in a currency without a rate
 * (or with none given) are left out and counted; records lacking a price or count add nothing and are counted.
 */
async function revenue(ctx: AuthedContext, clientId: number, period: repo.Period) {
  const { settings } = await getImpact(ctx, clientId);
  const flatPrice = settings.priceType === 2 ? settings.price : null;
  const parts = await repo.ecImpact(ctx.db, clientId, period, { flatPrice, countType: settings.countType, flatCount: settings.count });
  const rates = await currentRates(ctx.db);
  let usd = 0;
  let unconvertedCount = 0;
  let unpricedCount = 0;
  for (const part of parts) {
    unpricedCount += part.unpriced;
    if (part.priced === 0) continue;
    const rate = rates.get(flatPrice === null ? part.currency : 'USD');
    if (rate === undefined) unconvertedCount += part.priced;
    else usd += Number(part.amount) * rate.usdRate;
  }
  const impactRevenueUSD = round2((usd * settings.radio) / 100);
  const yen = rates.get('JPY');
  // Rounded to 2 places like the amounts, so the figures shown multiply out: JPY = round(USD x JPYRate).
  const JPYRate = yen ? round2(1 / yen.usdRate) : null;
  return {
    impactRevenueUSD,
    impactRevenueJPY: JPYRate === null ? null : round2(impactRevenueUSD * JPYRate),
    JPYRate,
    rateDate: yen?.date ?? null,
    unconvertedCount,
    unpricedCount,
  };
}

/**
 * Home: the client's (or, for administrators who name none, every live client's) counters, charts and news.
 * Client users always get their own company (the call fills it in); analysts must choose a brand.
 */
export async function home(ctx: AuthedContext, clientId: number | undefined): Promise<HomeInfo> {
  if (clientId === undefined && hasRole(ctx.user.role, Role.ANALYST)) {
    throw new AppError('badRequest', {}, 'validation.dashboardClientRequired');
  }
  const scope: repo.Scope = clientId === undefined ? { allClients: true } : { clientId };
  const regions = regionMap(await repo.ecRegions(ctx.db, scope, null));
  const facts = await repo.ecCountryFacts(ctx.db, scope, regions);
  const trademarks = await repo.registeredTrademarks(ctx.db, scope);
  const centroid = await centroidLookup();
  const byCountry = new Map(facts.map((f) => [f.country, f]));
  return {
    onlineProtectionCount: await repo.protectionCount(ctx.db, scope),
    // Document 3: offline protection is fixed at 0 (the portal records no offline cases).
    offlineProtectionCount: 0,
    iprRegistrationCount: trademarks.reduce((sum, t) => sum + t.n, 0),
    iprByCountry: Object.fromEntries(trademarks.map((t) => [t.region, t.n])),
    testPurchaseData: await repo.testPurchases(ctx.db, scope),
    countrySellerInfo: countryOrder(byCountry.keys())
      .filter((c) => byCountry.get(c)!.sellers > 0)
      .map((c) => ({ regionCode: c, sellerCount: byCountry.get(c)!.sellers })),
    onlineActionCountryDict: Object.fromEntries(
      countryOrder(byCountry.keys()).map((c) => [c, { count: byCountry.get(c)!.n, takedown: byCountry.get(c)!.takedown, ...centroid(c) }]),
    ),
    news: (await news.list(ctx, 1, HOME_NEWS)).news,
  };
}
