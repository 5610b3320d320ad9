import { z } from 'zod';
import { id } from './validation.js';
import { isoDate } from './search.js';
import { newsItem } from './notices.js';
import { NON_INFRINGING_CATEGORIES, UNKNOWN_COUNTRY } from './names.js';
export { NON_INFRINGING_CATEGORIES, UNKNOWN_COUNTRY };

/**
 * Document 3 "Online dashboard" and "Home", with the answer shapes, the country rule and the exchange rates fixed
 * in the spec README ("Online dashboard and home"). Counts are integers; keys of the dictionaries are strings.
 */

/**
 * Website categories counted as an online protection case on home: suspicious, dangerous and phishing sites. The
 * documents leave it open; official, unrelated, parked, empty, unreachable, for-sale and blocked sites are not cases.
 */
export const WS_INFRINGING_CATEGORIES = [3, 10, 11] as const;
/** Section 5 "Dashboard form": the longest period one call may cover. */
export const DASHBOARD_MAX_YEARS = 5;
/** At most this many sellers per country in countrySellerDict. */
export const TOP_SELLERS = 20;
/** Home news: the newest five. */
export const HOME_NEWS = 5;

/** The last day of a period of DASHBOARD_MAX_YEARS starting on `from` (YYYY-MM-DD, inclusive); null for no date. */
export function dashboardRangeEnd(from: string): string | null {
  const d = new Date(`${from}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || Number.isNaN(d.getTime())) return null;
  d.setUTCFullYear(d.getUTCFullYear() + DASHBOARD_MAX_YEARS);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const requiredDate = (message: string) => z.string({ error: message }).min(1, message).pipe(isoDate);

export const fetchInfoInput = z
  .object({
    clientId: z.number({ error: 'validation.dashboardClientRequired' }).pipe(id),
    dateType: z.union([z.literal(1), z.literal(2)], { error: 'validation.dashboardDateTypeRequired' }),
    fromDate: requiredDate('validation.dashboardStartRequired'),
    toDate: requiredDate('validation.dashboardEndRequired'),
  })
  .refine((v) => v.toDate >= v.fromDate, { message: 'validation.endBeforeStart', path: ['toDate'] })
  .refine((v) => v.toDate <= (dashboardRangeEnd(v.fromDate) ?? v.toDate), { message: 'validation.dashboardRangeTooLong', path: ['toDate'] });
export type FetchInfoInput = z.infer<typeof fetchInfoInput>;

const count = z.number().int();
const countBy = z.record(z.string(), count);
const countBy2 = z.record(z.string(), countBy);
const countBy3 = z.record(z.string(), countBy2);
const point = z.object({ count, lat: z.number().nullable(), lng: z.number().nullable() });

/** `repeatOffender`: the seller is in a repeat-offender seller network (issue 19), absent otherwise. */
export const topSeller = z.object({ seller: z.string(), total: count, sites: countBy, repeatOffender: z.boolean().optional() });
export type TopSeller = z.infer<typeof topSeller>;

/**
 * How old the exchange rates in use are: the oldest one's date, its age in whole days on the server's date, the
 * limit (the server's EXCHANGE_RATE_MAX_AGE_DAYS) and whether the age is past it (screens then warn).
 */
export const rateAge = z.object({ oldestDate: z.string(), ageDays: z.number().int(), maxAgeDays: z.number().int(), stale: z.boolean() });
export type RateAge = z.infer<typeof rateAge>;

export const fetchInfoOutput = z.object({
  /** Impact amount (A x B x C) over infringing records, in US dollars, rounded to 2 places. */
  impactRevenueUSD: z.number(),
  /** impactRevenueUSD x JPYRate, rounded to 2 places; null while there is no yen rate. */
  impactRevenueJPY: z.number().nullable(),
  /** Yen per US dollar, from the yen's latest rate, rounded to 2 places. */
  JPYRate: z.number().nullable(),
  rateDate: z.string().nullable(),
  /** The age of the rates this answer converted with (the yen's and each price currency's); null when it used none. */
  rateAge: rateAge.nullable(),
  /** Infringing records whose price is in a currency without a rate (left out of the revenue). */
  unconvertedCount: count,
  /** Infringing records without a price or count for the impact settings (they add nothing to the revenue). */
  unpricedCount: count,
  /** The aggregate category ids present among the categorized records of the period. */
  infringementFilters: z.array(z.number().int()),
  /** The countries present among the categorized records of the period (ZZ last). */
  countryFilters: z.array(z.string()),
  countryInfringementCountDict: z.record(z.string(), point),
  dateCountryInfringementTypeDict: countBy3,
  countrySiteInfringementTypeDict: countBy3,
  countryResultDict: countBy2,
  countrySellerDict: z.record(z.string(), z.array(topSeller)),
  /** The region spellings each country stands for among the period's categorized records, so a link to the list can filter on exactly them. */
  countryRegionDict: z.record(z.string(), z.array(z.string())),
  /** Names of the client's analysts (the summary strip). */
  analysts: z.array(z.string()),
  ws: z.object({ regionFilters: z.array(z.string()), wsCategoryByFilterRegion: countBy2, wsTakedownByFilterRegion: countBy2 }),
});
export type DashboardInfo = z.infer<typeof fetchInfoOutput>;

/** clientId: optional for client users (their company), required for analysts, optional for administrators (all). */
export const homeInput = z.object({ clientId: id.optional() });
export const homeOutput = z.object({
  onlineProtectionCount: count,
  offlineProtectionCount: count,
  iprRegistrationCount: count,
  iprByCountry: countBy,
  testPurchaseData: z.array(z.object({ site: z.string(), region: z.string(), count })),
  countrySellerInfo: z.array(z.object({ regionCode: z.string(), sellerCount: count })),
  /** Infringing marketplace records per country and how many of them were taken down (final result 2): the action map. */
  onlineActionCountryDict: z.record(z.string(), z.object({ count, takedown: count, lat: z.number().nullable(), lng: z.number().nullable() })),
  news: z.array(newsItem),
});
export type HomeInfo = z.infer<typeof homeOutput>;

// Exchange rates: how many US dollars one unit of a currency is worth, on a date (kept by administrators).

/** `ageDays`: whole days since `date`; `stale`: older than the server's limit (EXCHANGE_RATE_MAX_AGE_DAYS). */
export const exchangeRate = z.object({ currency: z.string(), usdRate: z.number(), date: z.string(), ageDays: z.number().int(), stale: z.boolean() });
export type ExchangeRate = z.infer<typeof exchangeRate>;
export const fetchRatesInput = z.object({});
/** `age`: of the oldest rate in use; null while there is none. */
export const ratesOutput = z.object({ rates: z.array(exchangeRate), age: rateAge.nullable() });
export const setRateInput = z.object({
  currency: z
    .string({ error: 'validation.currencyRequired' })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, 'validation.currencyRequired')),
  usdRate: z
    .number({ error: 'validation.usdRateInvalid' })
    .min(1e-9, 'validation.usdRateInvalid')
    .max(1e6, 'validation.usdRateInvalid'),
  date: requiredDate('validation.rateDateRequired'),
});
