import type { AcceptanceRow } from '@portal/contract';
import type { ChartOption } from '../dashboards/charts/echarts';
import { categoryAxisRoom, everyCategoryLabel, legendLayout } from '../dashboards/options';

/** The chart's width at 1280 px: the page's full width less the menu and the paddings. */
const CHART_WIDTH = 930;

/**
 * Bars of each marketplace's rate per round, and the target as a mark line across them. Every marketplace is
 * labelled (none skipped for room: turned and, past 128 px, cut with an ellipsis, the full name in the axis tooltip),
 * and the target's label sits inside the plot above the line's right end, where nothing cuts it.
 */
export function acceptanceChartOption(rows: readonly AcceptanceRow[], target: number, name: (r: AcceptanceRow) => string, roundName: (n: number) => string, targetName: string): ChartOption {
  const markets = [...new Map(rows.map((r) => [`${r.kind}|${r.marketplace}`, name(r)])).entries()];
  const rounds = [...new Set(rows.map((r) => r.round))].sort((a, b) => a - b);
  const labels = markets.map(([, label]) => label);
  const axisLabel = everyCategoryLabel(labels, CHART_WIDTH, 128);
  const legend = legendLayout(rounds.map(roundName), CHART_WIDTH);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => (v === null || v === undefined ? '–' : `${String(v)} %`) },
    legend: { top: 0, type: 'plain' },
    grid: { left: 56, right: 24, top: legend.room + 18, bottom: categoryAxisRoom(labels, axisLabel) },
    xAxis: { type: 'category', data: labels, axisLabel },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: rounds.map((round, i) => ({
      type: 'bar',
      name: roundName(round),
      barMaxWidth: 56,
      data: markets.map(([key]) => {
        const row = rows.find((r) => `${r.kind}|${r.marketplace}` === key && r.round === round);
        return row?.rate == null ? null : Math.round(row.rate * 1000) / 10;
      }),
      ...(i === 0
        ? {
            markLine: {
              symbol: 'none',
              silent: true,
              lineStyle: { color: '#cf1322', type: 'dashed' },
              label: { formatter: `${targetName} ${target * 100} %`, position: 'insideEndTop', color: '#cf1322', fontWeight: 'bold' },
              data: [{ yAxis: target * 100 }],
            },
          }
        : {}),
    })),
  };
}
