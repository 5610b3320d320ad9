import { NON_INFRINGING_CATEGORIES } from '@portal/contract/names';
import type { DashboardInfo } from '@portal/contract';
import type { ChartOption } from './charts/echarts';

/**
 * The chart options of the dashboards, built from the answers as pure functions (tested without a browser). Names
 * shown come from the caller (`name`), so the charts speak the user's language.
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

const tooltipAxis = { trigger: 'axis' as const };

/**
 * Legibility at 1280 and 1440 px (issue 35, point 3). A half-width card's chart is about 430 px wide at 1280 px
 * (256 px of menu, the page's and the card's padding), a full-width one about 930 px.
 */
export const HALF_WIDTH = 430;
export const FULL_WIDTH = 930;

/** How wide a text of ECharts' 12 px font is, near enough to lay out by: CJK and full-width characters are square. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 12 : 7;
  return w;
}

const LEGEND_ROW = 22;

/**
 * A legend of every name, never cut or paged: ECharts' plain legend wraps onto as many lines as the chart's width
 * needs. `rows` is how many lines the names take in `width` px (icon 25, gap 5, item gap 10), `room` the height
 * they take, which the caller keeps free above the plot (or adds to the chart's height).
 */
export function legendLayout(names: readonly string[], width = HALF_WIDTH): { rows: number; room: number } {
  let rows = names.length > 0 ? 1 : 0;
  let x = 0;
  for (const name of names) {
    const w = 25 + 5 + textWidth(name) + 10;
    if (x > 0 && x + w > width - 10) {
      rows += 1;
      x = 0;
    }
    x += w;
  }
  return { rows, room: rows * LEGEND_ROW };
}

/**
 * Every category of a category axis labelled (no label skipped to save room): flat while the longest name fits its
 * share of the axis (`axisWidth`), else turned 30 degrees, a name longer than `width` px cut with an ellipsis, the
 * full name in the axis tooltip.
 */
export function everyCategoryLabel(names: readonly string[], axisWidth = HALF_WIDTH, width = 96) {
  const flat = names.length === 0 || Math.max(...names.map(textWidth)) + 8 <= axisWidth / names.length;
  return { interval: 0, rotate: flat ? 0 : 30, width, overflow: 'truncate' as const, hideOverlap: false };
}

/** How much room below the plot the category labels take (rotated labels need more). */
export function categoryAxisRoom(names: readonly string[], label: ReturnType<typeof everyCategoryLabel>): number {
  if (label.rotate === 0) return 32;
  const longest = Math.min(label.width, Math.max(0, ...names.map(textWidth)));
  return Math.ceil(longest * Math.sin((label.rotate * Math.PI) / 180)) + 24;
}

export function statusOption(rows: ReturnType<typeof statusByMonth>, l: Labels): ChartOption {
  const legend = legendLayout([l.categorized, l.infringing, l.percent]);
  const months = rows.map((r) => r.month);
  const axisLabel = everyCategoryLabel(months, HALF_WIDTH - 104);
  return {
    tooltip: tooltipAxis,
    legend: { top: 0, type: 'plain' },
    grid: { left: 48, right: 56, top: legend.room + 18, bottom: categoryAxisRoom(months, axisLabel) },
    xAxis: { type: 'category', data: months, axisLabel },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
    ],
    series: [
      { name: l.categorized, type: 'bar', data: rows.map((r) => r.categorized) },
      { name: l.infringing, type: 'bar', data: rows.map((r) => r.infringing) },
      { name: l.percent, type: 'line', yAxisIndex: 1, data: rows.map((r) => r.percent), tooltip: { valueFormatter: (v) => `${String(v)} %` } },
    ],
  };
}

/**
 * One line per category (overall infringement type), or stacked areas (the categorization area chart), with a
 * legend of every category on as many lines as it needs (`width`: the chart's width, for that).
 */
export function categoryLinesOption(months: readonly string[], lines: ReturnType<typeof categoriesByMonth>, l: Labels, area = false, width = HALF_WIDTH): ChartOption {
  const legend = legendLayout(lines.map((line) => l.category(line.category)), width);
  const axisLabel = everyCategoryLabel(months, width - 72);
  return {
    tooltip: tooltipAxis,
    legend: { top: 0, type: 'plain' },
    grid: { left: 48, right: 24, top: legend.room + 18, bottom: categoryAxisRoom(months, axisLabel) },
    xAxis: { type: 'category', data: [...months], boundaryGap: !area, axisLabel },
    yAxis: { type: 'value', minInterval: 1 },
    series: lines.map((line) => ({
      name: l.category(line.category),
      type: 'line' as const,
      data: line.counts,
      ...(area ? { stack: 'all', areaStyle: {}, symbol: 'none' } : {}),
    })),
  };
}

/** Bars of countries by count, the largest first. */
export function countryBarOption(counts: readonly { code: string; count: number }[], l: Labels, seriesName: string): ChartOption {
  return {
    tooltip: tooltipAxis,
    grid: { left: 120, right: 24, top: 16, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: counts.map((c) => l.country(c.code)) },
    series: [{ name: seriesName, type: 'bar', data: counts.map((c) => c.count) }],
  };
}

/** Sites on the x axis, one stacked bar part per category, over the chosen countries. */
export function siteStackOption(dict: DashboardInfo['countrySiteInfringementTypeDict'], countries: readonly string[], l: Labels): ChartOption {
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
  const legend = legendLayout(categories.map((c) => l.category(c)));
  const axisLabel = everyCategoryLabel(sites);
  return {
    tooltip: tooltipAxis,
    legend: { top: 0, type: 'plain' },
    grid: { left: 48, right: 24, top: legend.room + 18, bottom: categoryAxisRoom(sites, axisLabel) },
    xAxis: { type: 'category', data: sites, axisLabel },
    yAxis: { type: 'value', minInterval: 1 },
    series: categories.map((category) => ({
      name: l.category(category),
      type: 'bar' as const,
      stack: 'sites',
      data: sites.map((site) => bySite.get(site)?.[category] ?? 0),
    })),
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
