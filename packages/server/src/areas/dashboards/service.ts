import { HOME_NEWS, Role, UNKNOWN_COUNTRY, hasRole, type DashboardInfo, type FetchInfoInput, type HomeInfo, type TopSeller } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { getImpact } from '../client-settings/settings.js';
import * as news from '../notices/news.js';
import { centroidLookup } from './countries.js';
import { homeFigures, periodFigures, regionsOf, type Period, type PeriodFigures, type Source } from './figures.js';
import { isEcInfringing, isWsInfringing, type Scope } from './figures-repo.js';
import { currentRates, rateAge } from './rates.js';
import * as repo from './repo.js';
import { repeatOffenderSellers } from '../triage-signals/service.js';

/**
 * The online dashboard and home (document 3; spec README "Online dashboard and home"). The tenancy rule has
 * admitted the client before these run; what is counted is what the client's users see (published records), so
 * analysts see the same figures as the client.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;

type Nested = Record<string, Record<string, number>>;
function add(dict: Nested, a: string, b: string | number, n: number): void {
  const inner = (dict[a] ??= {});
  inner[String(b)] = (inner[String(b)] ?? 0) + n;
}
/** Country codes in order, the unknown one last. */
const countryOrder = (codes: Iterable<string>) => [...new Set(codes)].sort((a, b) => Number(a === UNKNOWN_COUNTRY) - Number(b === UNKNOWN_COUNTRY) || a.localeCompare(b));

/** `source` is where the record figures come from: the rollups (always, for calls), or the records (tests' reference). */
export async function fetchInfo(ctx: AuthedContext, input: FetchInfoInput, source: Source = 'rollups'): Promise<DashboardInfo> {
  const period: Period = { from: input.fromDate, to: input.toDate, dateType: input.dateType };
  const { settings } = await getImpact(ctx, input.clientId);
  const flatPrice = settings.priceType === 2 ? settings.price : null;
  const figures = await periodFigures(ctx, input.clientId, period, { flatPrice, countType: settings.countType, flatCount: settings.count }, source);
  const regions = regionsOf(figures.counts);
  const countryOfRegion = (region: string) => regions.get(region) ?? UNKNOWN_COUNTRY;

  const dateCountryInfringementTypeDict: Record<string, Nested> = {};
  const countrySiteInfringementTypeDict: Record<string, Nested> = {};
  const countryResultDict: Nested = {};
  const infringements = new Map<string, number>();
  for (const g of figures.counts) {
    const country = countryOfRegion(g.region);
    if (g.set === 'month') add((dateCountryInfringementTypeDict[g.month!] ??= {}), country, g.category, g.n);
    else if (g.set === 'site') add((countrySiteInfringementTypeDict[country] ??= {}), g.site!, g.category, g.n);
    else if (isEcInfringing(g.category)) {
      add(countryResultDict, country, g.result ?? 0, g.n);
      infringements.set(country, (infringements.get(country) ?? 0) + g.n);
    }
  }
  const centroid = await centroidLookup();
  const countryInfringementCountDict = Object.fromEntries(countryOrder(infringements.keys()).map((c) => [c, { count: infringements.get(c)!, ...centroid(c) }]));

  const countrySellerDict: Record<string, TopSeller[]> = {};
  for (const row of figures.topSellers) {
    const sellers = (countrySellerDict[row.country] ??= []);
    let seller = sellers.at(-1);
    if (seller?.seller !== row.seller) sellers.push((seller = { seller: row.seller, total: row.total, sites: {} }));
    seller.sites[row.site] = row.n;
  }
  // Sellers in a repeat-offender network (issue 19): marked for the client's users and analysts alike.
  const inRepeatNetwork = await repeatOffenderSellers(ctx.db, input.clientId);
  for (const sellers of Object.values(countrySellerDict)) {
    for (const s of sellers) if (Object.keys(s.sites).some((site) => inRepeatNetwork(site, s.seller))) s.repeatOffender = true;
  }

  // The spellings of each country among the period's categorized records, so a Top Infringers link finds exactly them.
  const countryRegionDict: Record<string, string[]> = {};
  for (const [region, country] of [...regions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) (countryRegionDict[country] ??= []).push(region);

  const wsRegions = regionsOf(figures.ws);
  const wsCategoryByFilterRegion: Nested = {};
  const wsTakedownByFilterRegion: Nested = {};
  for (const g of figures.ws) {
    const country = wsRegions.get(g.region)!;
    add(wsCategoryByFilterRegion, country, g.category, g.n);
    if (isWsInfringing(g.category)) add(wsTakedownByFilterRegion, country, g.result ?? 0, g.n);
  }
  const sites = figures.counts.filter((g) => g.set === 'site');

  return {
    ...(await revenue(ctx, figures.impact, flatPrice, settings.radio)),
    infringementFilters: [...new Set(sites.map((g) => g.category))].sort((a, b) => a - b),
    countryFilters: countryOrder(sites.map((g) => countryOfRegion(g.region))),
    countryInfringementCountDict,
    dateCountryInfringementTypeDict,
    countrySiteInfringementTypeDict,
    countryResultDict,
    countrySellerDict,
    countryRegionDict,
    analysts: await repo.analystNames(ctx.db, input.clientId),
    ws: { regionFilters: countryOrder(wsRegions.values()), wsCategoryByFilterRegion, wsTakedownByFilterRegion },
  };
}

/**
 * Impact revenue: A x B x C over the infringing records, each listing's price converted to US dollars at its
 * currency's latest rate. A flat price (impact settings) is in US dollars. Prices in a currency without a rate
 * (or with none given) are left out and counted; records lacking a price or count add nothing and are counted.
 */
async function revenue(ctx: AuthedContext, parts: PeriodFigures['impact'], flatPrice: number | null, percent: number) {
  const rates = await currentRates(ctx.db);
  let usd = 0;
  let unconvertedCount = 0;
  let unpricedCount = 0;
  const usedDates = new Set<string>();
  for (const part of parts) {
    unpricedCount += part.unpriced;
    if (part.priced === 0) continue;
    const rate = rates.get(flatPrice === null ? part.currency : 'USD');
    if (rate === undefined) unconvertedCount += part.priced;
    else {
      usd += Number(part.amount) * rate.usdRate;
      usedDates.add(rate.date);
    }
  }
  const impactRevenueUSD = round2((usd * percent) / 100);
  const yen = rates.get('JPY');
  if (yen) usedDates.add(yen.date);
  // Rounded to 2 places like the amounts, so the figures shown multiply out: JPY = round(USD x JPYRate).
  const JPYRate = yen ? round2(1 / yen.usdRate) : null;
  return {
    impactRevenueUSD,
    impactRevenueJPY: JPYRate === null ? null : round2(impactRevenueUSD * JPYRate),
    JPYRate,
    rateDate: yen?.date ?? null,
    rateAge: rateAge(usedDates, ctx.now, ctx.services.config.exchangeRateMaxAgeDays),
    unconvertedCount,
    unpricedCount,
  };
}

/**
 * Home: the client's (or, for administrators who name none, every live client's) counters, charts and news.
 * Client users always get their own company (the call fills it in); analysts must choose a brand.
 */
export async function home(ctx: AuthedContext, clientId: number | undefined, source: Source = 'rollups'): Promise<HomeInfo> {
  if (clientId === undefined && hasRole(ctx.user.role, Role.ANALYST)) {
    throw new AppError('badRequest', {}, 'validation.dashboardClientRequired');
  }
  const scope: Scope = clientId === undefined ? { allClients: true } : { clientId };
  const figures = await homeFigures(ctx, scope, source);
  const regions = regionsOf(figures.counts);
  const byCountry = new Map<string, { n: number; takedown: number }>();
  for (const g of figures.counts) {
    if (!isEcInfringing(g.category)) continue;
    const facts = byCountry.get(regions.get(g.region)!) ?? { n: 0, takedown: 0 };
    facts.n += g.n;
    if (g.result === 2) facts.takedown += g.n;
    byCountry.set(regions.get(g.region)!, facts);
  }
  const ec = [...byCountry.values()].reduce((sum, f) => sum + f.n, 0);
  const ws = figures.ws.filter((g) => isWsInfringing(g.category)).reduce((sum, g) => sum + g.n, 0);
  const trademarks = await repo.registeredTrademarks(ctx.db, scope);
  const centroid = await centroidLookup();
  return {
    onlineProtectionCount: ec + ws + (await repo.snsProtectionCount(ctx.db, scope)),
    // Document 3: offline protection is fixed at 0 (the portal records no offline cases).
    offlineProtectionCount: 0,
    iprRegistrationCount: trademarks.reduce((sum, t) => sum + t.n, 0),
    iprByCountry: Object.fromEntries(trademarks.map((t) => [t.region, t.n])),
    testPurchaseData: await repo.testPurchases(ctx.db, scope),
    countrySellerInfo: countryOrder(figures.sellers.map((s) => s.country))
      .map((c) => ({ regionCode: c, sellerCount: figures.sellers.find((s) => s.country === c)!.sellers })),
    onlineActionCountryDict: Object.fromEntries(
      countryOrder(byCountry.keys()).map((c) => [c, { count: byCountry.get(c)!.n, takedown: byCountry.get(c)!.takedown, ...centroid(c) }]),
    ),
    news: (await news.list(ctx, 1, HOME_NEWS)).news,
  };
}
