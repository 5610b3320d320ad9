// The names alone, without the schemas of their modules (and zod): the home page draws with these.
import { AGGREGATE_CATEGORIES, EC_PROCESS_RESULTS, UNKNOWN_COUNTRY, WS_PROCESS_RESULTS, WS_SITE_CATEGORIES } from '@portal/contract/names';
import type { Locale } from '@portal/contract/shell';

/** Names a person reads on the charts, in the user's language: countries by the browser's CLDR names. */
const displayNames = new Map<Locale, Intl.DisplayNames>();
export function countryName(code: string, locale: Locale, unknown: string): string {
  if (code === UNKNOWN_COUNTRY) return unknown;
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

const named = (table: Record<number, { en: string; ja: string }>) => (id: number | string, locale: Locale) => table[Number(id)]?.[locale] ?? String(id);
export const categoryName = named(AGGREGATE_CATEGORIES);
export const wsCategoryName = named(WS_SITE_CATEGORIES);
/** A final result; 0 is "none yet", named by the caller. */
export const ecResultName = named(EC_PROCESS_RESULTS);
export const wsResultName = named(WS_PROCESS_RESULTS);

/** Counts by key, summed over the chosen outer keys (countries): { CN: { 3: 2 }, US: { 3: 1 } } -> { 3: 3 }. */
export function sumOver(dict: Record<string, Record<string, number>>, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) for (const [inner, n] of Object.entries(dict[key] ?? {})) out[inner] = (out[inner] ?? 0) + n;
  return out;
}

/**
 * Every month of a period (YYYY-MM), so a chart shows empty months as zero rather than skipping them; with `today`
 * (YYYY-MM-DD), only the months that have begun: the server answers only months with records, and a month still to
 * come has none yet, which a trend line would draw as a fall to zero (issue 35).
 */
export function monthsOf(from: string, to: string, today?: string): string[] {
  const months: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = today !== undefined && today < to ? today : to;
  const [ty, tm] = [Number(last.slice(0, 4)), Number(last.slice(5, 7))];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
}
