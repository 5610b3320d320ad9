import type { AcceptanceRow } from '@portal/contract';
import type { BarsProps } from '../dashboards/svg/Bars';

/**
 * The acceptance chart's figures for the SVG bars (../dashboards/svg/Bars.tsx; issue 35: the page draws without
 * ECharts): one category per marketplace, one bar series per round with its rates in percent (null where a round
 * has no rate), and the target as a line across them, its label inside the plot above its right end. The bars
 * label every marketplace (turned and, past 128 px, cut with an ellipsis, the full name on hover).
 */
export function acceptanceBars(
  rows: readonly AcceptanceRow[],
  target: number,
  name: (r: AcceptanceRow) => string,
  roundName: (n: number) => string,
  targetName: string,
): Pick<BarsProps, 'categories' | 'series' | 'max' | 'target' | 'labelMax'> {
  const markets = [...new Map(rows.map((r) => [`${r.kind}|${r.marketplace}`, name(r)])).entries()];
  const rounds = [...new Set(rows.map((r) => r.round))].sort((a, b) => a - b);
  return {
    categories: markets.map(([, label]) => label),
    series: rounds.map((round) => ({
      name: roundName(round),
      values: markets.map(([key]) => {
        const row = rows.find((r) => `${r.kind}|${r.marketplace}` === key && r.round === round);
        return row?.rate == null ? null : Math.round(row.rate * 1000) / 10;
      }),
    })),
    max: 100,
    target: { value: target * 100, label: `${targetName} ${target * 100} %` },
    labelMax: 128,
  };
}
