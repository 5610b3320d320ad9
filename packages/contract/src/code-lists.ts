import { countries as countryFacts } from 'countries-list';
import currencyCodes from 'currency-codes';
import enNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import jaNames from 'i18n-iso-countries/langs/ja.json' with { type: 'json' };

/**
 * Code lists taken from maintained packages rather than typed by hand (a separate entry point, so screens that do
 * not need them do not download them):
 * - countries: ISO 3166-1 alpha-2 codes with English and Japanese names from `i18n-iso-countries` (CLDR-based),
 *   continents from `countries-list`;
 * - currencies: ISO 4217 from `currency-codes` (the ISO list, publish date in `currencyListDate`).
 */

/** The seven region groups of the spec's country grid (section 3). */
export const REGIONS = ['europe', 'africa', 'asia', 'middleEast', 'latinAmerica', 'northAmerica', 'oceania'] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_NAMES: Record<Region, { en: string; ja: string }> = {
  europe: { en: 'Europe', ja: 'ヨーロッパ' },
  africa: { en: 'Africa', ja: 'アフリカ' },
  asia: { en: 'Asia', ja: 'アジア' },
  middleEast: { en: 'Middle East', ja: '中東' },
  latinAmerica: { en: 'Central and South America', ja: '中南米' },
  northAmerica: { en: 'North America', ja: '北米' },
  oceania: { en: 'Oceania', ja: 'オセアニア' },
};

// Continents do not name the Middle East; these are the states usually grouped under it (West Asia and Egypt).
const MIDDLE_EAST = new Set(['AE', 'BH', 'CY', 'EG', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'TR', 'YE']);
const NORTH_AMERICA = new Set(['US', 'CA', 'GL', 'BM', 'PM']);
// Uninhabited territories: no trademark office, no marketplace.
const UNINHABITED = new Set(['AQ', 'BV', 'HM', 'UM', 'TF', 'IO', 'GS']);

function regionOf(code: string, continent: string): Region {
  if (MIDDLE_EAST.has(code)) return 'middleEast';
  if (NORTH_AMERICA.has(code)) return 'northAmerica';
  switch (continent) {
    case 'EU':
      return 'europe';
    case 'AF':
      return 'africa';
    case 'AS':
      return 'asia';
    case 'OC':
      return 'oceania';
    default:
      return 'latinAmerica'; // NA without the above, and SA
  }
}

/** The official name, or its common alias when the official one is an inverted "X, Province of Y" form. */
const first = (name: string | string[] | undefined) =>
  (Array.isArray(name) ? (name[0]?.includes(',') ? name[1] : name[0]) : name) ?? '';

export interface Country {
  code: string;
  en: string;
  ja: string;
  region: Region;
}

export const COUNTRIES: readonly Country[] = Object.entries(countryFacts)
  .filter(([code]) => !UNINHABITED.has(code) && code in enNames.countries)
  .map(([code, facts]) => ({
    code,
    en: first((enNames.countries as Record<string, string | string[]>)[code]),
    ja: first((jaNames.countries as Record<string, string | string[]>)[code]),
    region: regionOf(code, facts.continent),
  }))
  .sort((a, b) => REGIONS.indexOf(a.region) - REGIONS.indexOf(b.region) || a.en.localeCompare(b.en));

export const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.code));

// Fund and precious-metal codes are no prices on a marketplace.
const NOT_PRICES = new Set(['BOV', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'CHE', 'CHW', 'XSU', 'XUA', 'XAU', 'XAG', 'XPT', 'XPD', 'XDR', 'XTS', 'XXX', 'XBA', 'XBB', 'XBC', 'XBD']);

export interface Currency {
  code: string;
  name: string;
  digits: number;
}

/** ISO 4217 currencies in circulation (about 160). */
export const CURRENCIES: readonly Currency[] = currencyCodes.data
  .filter((c) => c.countries.length > 0 && !NOT_PRICES.has(c.code))
  .map((c) => ({ code: c.code, name: c.currency, digits: c.digits }));

export const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCIES.map((c) => c.code));
export const currencyListDate: string = currencyCodes.publishDate;
