import { NON_INFRINGING_CATEGORIES } from '@portal/contract/names';
import type { DashboardInfo } from '@portal/contract';

/**
 * The dashboards' figures for their SVG charts (./svg/), built from the answers as pure functions (tested without a
 * browser). Names shown come from the caller (`Labels`), so the charts speak the user's language.
 */

const NOT_INFRINGING = new Set<number>(NON_INFRINGING_CATEGORIES);
export const isInfringing = (category: number | string) => !NOT_INFRINGING.has(Number(category));

type MonthDict = DashboardInfo['dateCountryInfringementTypeDict'];

/** Per month: categorized records, infringing ones, and the infringement percent (section 4), over some countries. */
export function statusByMonth(dict: MonthDict, months: readonly string[], countries?: readonly string[]) {
  return months.map((month) => {
    let categorized = 0;
    let infringing = 0;
    for (const [country, byCategory] of Object.entries(dict[month] ?? {})) {
      if (countries && !countries.includes(country)) continue;
      for (const [category, n] of Object.entries(byCategory)) {
        categorized += n;
        if (isInfringing(category)) infringing += n;
      }
    }
    // A month with nothing categorized has no percent (a gap in the line, not a fall to 0 %).
    return { month, categorized, infringing, percent: categorized === 0 ? null : Math.round((infringing / categorized) * 1000) / 10 };
  });
}

/** Per month, per category: records (over the chosen countries, or all). */
export function categoriesByMonth(dict: MonthDict, months: readonly string[], categories: readonly number[], countries?: readonly string[]) {
  return categories.map((category) => ({
    category,
    counts: months.map((month) =>
      Object.entries(dict[month] ?? {})
        .filter(([country]) => !countries || countries.includes(country))
        .reduce((sum, [, byCategory]) => sum + (byCategory[category] ?? 0), 0),
    ),
  }));
}

export interface Labels {
  category: (id: number | string) => string;
  country: (code: string) => string;
  categorized: string;
  infringing: string;
  percent: string;
}

/** The lines of categories by month (`categoriesByMonth`) as the SVG lines draw them, named in the user's language. */
export function categoryLines(lines: ReturnType<typeof categoriesByMonth>, l: Labels) {
  return lines.map((line) => ({ name: l.category(line.category), values: line.counts }));
}

/** Sites as categories, one stacked part per aggregate category, over the chosen countries. */
export function siteStack(dict: DashboardInfo['countrySiteInfringementTypeDict'], countries: readonly string[], l: Labels) {
  const bySite = new Map<string, Record<string, number>>();
  for (const country of countries) {
    for (const [site, byCategory] of Object.entries(dict[country] ?? {})) {
      const into = bySite.get(site) ?? {};
      for (const [category, n] of Object.entries(byCategory)) into[category] = (into[category] ?? 0) + n;
      bySite.set(site, into);
    }
  }
  const sites = [...bySite.keys()].sort();
  const categories = [...new Set([...bySite.values()].flatMap((c) => Object.keys(c)))].map(Number).sort((a, b) => a - b);
  return {
    categories: sites,
    series: categories.map((category) => ({ name: l.category(category), values: sites.map((site) => bySite.get(site)?.[category] ?? 0) })),
  };
}

/** The largest and smallest circle a map draws (diameters in px). */
const BUBBLE_MAX = 48;
const BUBBLE_MIN = 6;

/** A count rounded to the nearest 1, 2 or 5 times a power of ten, for a scale's steps (21.75 -> 20, 5.4 -> 5). */
function roundNicely(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  const [best] = [1, 2, 5, 10].map((m) => m * power).sort((a, b) => Math.abs(a - n) - Math.abs(b - n));
  return best!;
}

/**
 * Map circles on one scale (issue 35: 87 and 15 were equal pale circles): a circle's area is proportional to its
 * count (diameter 48 px for the largest, never under 6 px) and its red deepens with it; `steps` are the circles of
 * the size legend drawn beside the map (the largest count, about a quarter and a sixteenth of it).
 */
export function bubbleScale(counts: readonly number[]) {
  const max = Math.max(1, ...counts);
  const size = (count: number) => Math.max(BUBBLE_MIN, Math.round(BUBBLE_MAX * Math.sqrt(Math.max(0, count) / max) * 10) / 10);
  const color = (count: number) => {
    const light = Math.round(200 * (1 - Math.min(1, Math.max(0, count) / max)));
    return `rgb(255, ${light}, ${light})`;
  };
  const steps = [...new Set([max, roundNicely(max / 4), roundNicely(max / 16)])].filter((v) => v > 0 && v <= max).map((value) => ({ value, size: size(value), color: color(value) }));
  return { max, size, color, steps };
}
