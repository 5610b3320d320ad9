import { Chart } from '../../areas/dashboards/charts/Chart';
import type { ChartOption } from '../../areas/dashboards/charts/echarts';

export interface PricePoint {
  seenAt: string;
  amount: number | null;
  currency: string | null;
}

/** The price over time, one line per currency (loaded on its own: ECharts only reaches records that have prices). */
export default function PriceChart({ points }: { points: PricePoint[] }) {
  const currencies = [...new Set(points.filter((p) => p.amount !== null).map((p) => p.currency ?? ''))];
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { show: currencies.length > 1 },
    grid: { left: 64, right: 24, top: currencies.length > 1 ? 32 : 16, bottom: 32 },
    // The card sits in the detail's narrow column: few labels, none drawn over another.
    xAxis: { type: 'time', splitNumber: 4, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', scale: true },
    series: currencies.map((currency) => ({
      type: 'line',
      name: currency,
      showSymbol: true,
      data: points.filter((p) => p.amount !== null && (p.currency ?? '') === currency).map((p) => [p.seenAt, p.amount]),
    })),
  };
  return <Chart option={option} empty={currencies.length === 0} height={220} testId="ec-price-chart" />;
}
