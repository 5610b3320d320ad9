import { describe, expect, it } from 'vitest';
import type { AcceptanceRow } from '@portal/contract';
import { acceptanceChartOption } from './chart';

const row = (marketplace: string, round: number, rate: number | null): AcceptanceRow =>
  ({ kind: 'ec', marketplace, round, sent: 10, takenDown: 8, noAction: 2, inReview: 0, rate }) as AcceptanceRow;

describe('the acceptance chart', () => {
  const markets = ['Amazon', 'Rakuten Ichiba', 'Yahoo! Shopping', 'Mercari', 'Rakuma', 'AliExpress', 'Alibaba.com', 'eBay', 'Qoo10', 'Coupang'];
  const rows = markets.flatMap((m) => [row(m, 1, 0.8), row(m, 2, 0.95)]);
  const option = acceptanceChartOption(rows, 0.9, (r) => r.marketplace, (n) => `Round ${n}`, 'Target');

  it('labels every marketplace: none skipped, turned, long names cut with the axis tooltip', () => {
    expect(option.xAxis).toMatchObject({ type: 'category', data: markets, axisLabel: { interval: 0, rotate: 30, overflow: 'truncate', width: 128 } });
    expect(option.tooltip).toMatchObject({ trigger: 'axis' });
    const few = acceptanceChartOption([row('Amazon', 1, 0.75)], 0.9, (r) => r.marketplace, (n) => `Round ${n}`, 'Target');
    expect(few.xAxis).toMatchObject({ axisLabel: { interval: 0, rotate: 0 } });
  });

  it('writes the target inside the plot, where the chart does not cut it', () => {
    const [first] = option.series as { markLine: { label: { formatter: string; position: string }; data: unknown[] } }[];
    expect(first!.markLine.label).toMatchObject({ formatter: 'Target 90 %', position: 'insideEndTop' });
    expect(first!.markLine.data).toEqual([{ yAxis: 90 }]);
  });

  it('draws one bar series per round, rates in percent', () => {
    const series = option.series as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['Round 1', 'Round 2']);
    expect(series[0]!.data[0]).toBe(80);
  });
});
