import { NON_INFRINGING_CATEGORIES, type DashboardInfo } from '@portal/contract';
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

export function statusOption(rows: ReturnType<typeof statusByMonth>, l: Labels): ChartOption {
  return {
    tooltip: tooltipAxis,
    legend: { top: 0 },
    grid: { left: 48, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: rows.map((r) => r.month) },
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

/** One line per category (overall infringement type), or stacked areas (the categorization area chart). */
export function categoryLinesOption(months: readonly string[], lines: ReturnType<typeof categoriesByMonth>, l: Labels, area = false): ChartOption {
  return {
    tooltip: tooltipAxis,
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: [...months], boundaryGap: !area },
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

export function pieOption(slices: readonly { name: string; value: number }[], seriesName: string): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    // A narrower ring leaves the labels room at 1280 px (ECharts cut them to an ellipsis); labels never wrap or clip.
    series: [{ name: seriesName, type: 'pie', radius: ['28%', '55%'], center: ['50%', '44%'], label: { overflow: 'none' }, labelLayout: { hideOverlap: true }, data: slices.filter((s) => s.value > 0).map((s) => ({ ...s })) }],
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
  return {
    tooltip: tooltipAxis,
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 24, top: 40, bottom: 48 },
    xAxis: { type: 'category', data: sites, axisLabel: { interval: 0, rotate: sites.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: categories.map((category) => ({
      name: l.category(category),
      type: 'bar' as const,
      stack: 'sites',
      data: sites.map((site) => bySite.get(site)?.[category] ?? 0),
    })),
  };
}

/** Section 9: counts of 100 to 200 go from light red to red and a radius of 10 to 15 (outside, the nearer end). */
export function circleStyle(count: number): { size: number; color: string } {
  const t = Math.min(1, Math.max(0, (count - 100) / 100));
  const light = Math.round(180 * (1 - t));
  return { size: 2 * (10 + 5 * t), color: `rgb(255, ${light}, ${light})` };
}
