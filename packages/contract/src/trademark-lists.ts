import { COUNTRIES } from './code-lists.js';
import { NICE_CLASSES, type NiceClass } from './reference/nice-classes.js';
import { TRADEMARK_REGISTRIES, type TrademarkRegistry } from './reference/trademark-registries.js';

/**
 * The trademark screens' lists (a separate entry point: only those screens download them): the 45 Nice classes,
 * the registries of the database picker, and the regions a trademark may belong to (every country, plus the
 * organisations that register marks for several: WIPO international registrations, the EU, Benelux, OAPI, ARIPO).
 */
export { NICE_CLASSES, TRADEMARK_REGISTRIES, type NiceClass, type TrademarkRegistry };

export const REGIONAL_OFFICES = [
  { code: 'WO', en: 'International registration (WIPO)', ja: '国際登録（WIPO）' },
  { code: 'EM', en: 'European Union (EUIPO)', ja: '欧州連合（EUIPO）' },
  { code: 'BX', en: 'Benelux (BOIP)', ja: 'ベネルクス（BOIP）' },
  { code: 'OA', en: 'African Intellectual Property Organization (OAPI)', ja: 'アフリカ知的財産機関（OAPI）' },
  { code: 'AP', en: 'African Regional Intellectual Property Organization (ARIPO)', ja: 'アフリカ広域知的財産機関（ARIPO）' },
] as const;

export interface TrademarkRegion {
  code: string;
  en: string;
  ja: string;
}

/** Organisations first, then the countries in the order of the country grid. */
export const TRADEMARK_REGIONS: readonly TrademarkRegion[] = [
  ...REGIONAL_OFFICES.map(({ code, en, ja }) => ({ code, en, ja })),
  ...COUNTRIES.map(({ code, en, ja }) => ({ code, en, ja })),
];
export const TRADEMARK_REGION_CODES: ReadonlySet<string> = new Set(TRADEMARK_REGIONS.map((r) => r.code));

const regionsByCode = new Map(TRADEMARK_REGIONS.map((r) => [r.code, r]));
export function trademarkRegionName(code: string, locale: 'en' | 'ja'): string {
  return regionsByCode.get(code)?.[locale] ?? code;
}

const classesByNumber = new Map(NICE_CLASSES.map((c) => [String(c.class), c]));
/** "25 Clothing" / "25 被服": the class number with its short name. */
export function niceClassLabel(genre: string, locale: 'en' | 'ja'): string {
  const c = classesByNumber.get(genre);
  return c ? `${c.class} ${c[locale]}` : genre;
}
