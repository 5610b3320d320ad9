import { describe, expect, it } from 'vitest';
import type { AcceptanceRow } from '@portal/contract';
import { acceptanceBars } from './chart';

const row = (marketplace: string, round: number, rate: number | null): AcceptanceRow =>
  ({ kind: 'ec', marketplace, round, sent: 10, takenDown: 8, noAction: 2, inReview: 0, rate }) as AcceptanceRow;

describe('the acceptance chart', () => {
  const markets = ['Amazon', 'Rakuten Ichiba', 'Yahoo! Shopping', 'Mercari', 'Rakuma', 'AliExpress', 'Alibaba.com', 'eBay', 'Qoo10', 'Coupang'];
  const rows = [...markets.flatMap((m) => [row(m, 1, 0.8), row(m, 2, 0.95)]), row('Amazon', 3, null)];
  const bars = acceptanceBars(rows, 0.9, (r) => r.marketplace, (n) => `Round ${n}`, 'Target');

  it('has every marketplace as a category, each once, long names cut past 128 px', () => {
    expect(bars.categories).toEqual(markets);
    expect(bars.labelMax).toBe(128);
  });

  it('names the target with its percentage, on an axis up to 100 %', () => {
    expect(bars.target).toEqual({ value: 90, label: 'Target 90 %' });
    expect(bars.max).toBe(100);
  });

  it('draws one bar series per round, rates in percent, none where a round has no rate', () => {
    expect(bars.series.map((s) => s.name)).toEqual(['Round 1', 'Round 2', 'Round 3']);
    expect(bars.series[0]!.values[0]).toBe(80);
    expect(bars.series[1]!.values[1]).toBe(95);
    expect(bars.series[2]!.values).toEqual([null, ...markets.slice(1).map(() => null)]);
  });
});
