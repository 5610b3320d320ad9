import { describe, expect, it } from 'vitest';
import { monthsOf, sumOver } from './labels';
import { topInfringerHref } from './links';
import { bubbleScale, categoriesByMonth, categoryLines, siteStack, statusByMonth, type Labels } from './options';
import { categoryAxis, countTicks, fitText, textWidth } from './svg/scale';

const labels: Labels = { category: (id) => `Category ${String(id)}`, country: (c) => c, categorized: 'Categorized', infringing: 'Infringements', percent: 'Infringement %' };
const dict = { '2025-01': { CN: { 3: 2, 1: 2 }, US: { 9: 1 } }, '2025-03': { CN: { 2: 1 } } };

describe('dashboard figures', () => {
  it('lists every month of a period, across years', () => {
    expect(monthsOf('2024-11-15', '2025-02-01')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsOf('2025-01-01', '2025-01-31')).toEqual(['2025-01']);
  });

  it('stops at the current month: a month still to come is not drawn (as a fall to zero)', () => {
    expect(monthsOf('2026-01-01', '2026-12-31', '2026-11-28')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    // A period wholly past is drawn whole; one that has not begun has no month.
    expect(monthsOf('2025-11-01', '2025-12-31', '2026-11-28')).toEqual(['2025-11', '2025-12']);
    expect(monthsOf('2027-01-01', '2027-12-31', '2026-11-28')).toEqual([]);
    const months = monthsOf('2026-09-01', '2026-12-31', '2026-10-05');
    expect(months).toEqual(['2026-09', '2026-10']);
    expect(categoryLines(categoriesByMonth({ '2026-09': { CN: { 3: 2 } } }, months, [3]), labels)).toEqual([{ name: 'Category 3', values: [2, 0] }]);
  });

  it('counts categorized and infringing records per month (categories 1, 8, 9, 10 do not infringe), with the percent', () => {
    expect(statusByMonth(dict, ['2025-01', '2025-02', '2025-03'])).toEqual([
      { month: '2025-01', categorized: 5, infringing: 2, percent: 40 },
      { month: '2025-02', categorized: 0, infringing: 0, percent: null },
      { month: '2025-03', categorized: 1, infringing: 1, percent: 100 },
    ]);
    expect(statusByMonth(dict, ['2025-01'], ['US'])).toEqual([{ month: '2025-01', categorized: 1, infringing: 0, percent: 0 }]);
    expect(categoriesByMonth(dict, ['2025-01', '2025-03'], [3, 2], ['CN'])).toEqual([
      { category: 3, counts: [2, 0] },
      { category: 2, counts: [0, 1] },
    ]);
    expect(sumOver({ CN: { 0: 2, 2: 1 }, US: { 2: 4 }, JP: { 3: 1 } }, ['CN', 'US'])).toEqual({ 0: 2, 2: 5 });
  });

  it('sizes map circles on one scale, areas proportional to the counts, with the steps of a size legend', () => {
    const scale = bubbleScale([87, 15]);
    expect(scale.size(87)).toBe(48);
    // 87 and 15 are no longer equal: the areas keep their ratio (diameters as the square root).
    const area = (n: number) => scale.size(n) ** 2;
    expect(area(87) / area(15)).toBeCloseTo(87 / 15, 1);
    expect(scale.color(87)).toBe('rgb(255, 0, 0)');
    expect(scale.color(15)).not.toBe(scale.color(87));
    // Never too small to see or point at.
    expect(bubbleScale([10_000, 1]).size(1)).toBe(6);
    expect(scale.steps.map((s) => s.value)).toEqual([87, 20, 5]);
    expect(scale.steps.map((s) => s.size)).toEqual([48, scale.size(20), scale.size(5)]);
    expect(bubbleScale([1]).steps).toEqual([{ value: 1, size: 48, color: 'rgb(255, 0, 0)' }]);
  });

  it('labels every category of a category axis, turned when they do not fit flat, long names cut, the first in the picture', () => {
    const flat = categoryAxis(['Amazon', 'eBay'], 430, 44, 12, 96);
    expect(flat).toMatchObject({ flat: true, left: 44, room: 24 });
    expect(flat.label('Amazon')).toBe('Amazon');
    const sites = ['Yahoo! Shopping Japan', 'eBay', 'Rakuten', 'Mercari', 'Yahoo! Shopping', 'AliExpress', 'Taobao', 'Shopee', 'Lazada', 'Coupang'];
    const turned = categoryAxis(sites, 430, 44, 12, 96);
    expect(turned.flat).toBe(false);
    expect(turned.label('Yahoo! Shopping Japan').endsWith('…')).toBe(true);
    expect(turned.left - (96 * Math.cos(Math.PI / 6) - turned.band / 2)).toBeGreaterThanOrEqual(0);
    expect(turned.room).toBeGreaterThan(24);
    // Japanese characters are twice as wide as Latin ones.
    expect(categoryAxis(['商標権侵害（ロゴ）', '意匠権'], 200, 44, 12, 96).flat).toBe(false);
  });

  it('stacks the sites\' bars by category over the chosen countries', () => {
    const dict = { CN: { eBay: { 3: 1 }, Amazon: { 3: 2, 2: 1 } }, US: { eBay: { 2: 4 } } };
    expect(siteStack(dict, ['CN', 'US'], labels)).toEqual({
      categories: ['Amazon', 'eBay'],
      series: [
        { name: 'Category 2', values: [1, 4] },
        { name: 'Category 3', values: [2, 1] },
      ],
    });
    expect(siteStack(dict, [], labels)).toEqual({ categories: [], series: [] });
  });

  it('gives the SVG charts whole-number ticks up to the largest count, and cuts a long label with an ellipsis', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(87)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(countTicks(7).at(-1)).toBeGreaterThanOrEqual(7);
    expect(fitText('Amazon', 96)).toBe('Amazon');
    const cut = fitText('Yahoo! Shopping Japan Marketplace', 96);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut)).toBeLessThanOrEqual(96);
    expect(textWidth('楽天市場')).toBe(48);
  });

  it('links a top infringer to the list with the client, seller, region spellings, infringing categories and period', () => {
    const href = topInfringerHref({ clientId: 7, seller: 'alpha', regions: ['CN', 'China', ''], dateType: 2, from: '2025-01-01', to: '2025-12-31' });
    expect(href.startsWith('/ec-list?')).toBe(true);
    const params = new URLSearchParams(href.slice('/ec-list?'.length));
    expect(params.get('clientId')).toBe('7');
    expect(JSON.parse(params.get('search')!)).toMatchObject({ dateFields: ['ec_categorize_date'], startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(JSON.parse(params.get('filters')!)).toEqual([
      { key: 'ec_product_seller', values: ['alpha'] },
      { key: 'ec_product_region', values: ['CN', 'China', null] },
      { key: 'ec_category_common_type_id', values: [2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 16, 17] },
      { key: 'published', values: [true] },
    ]);
    const blank = new URLSearchParams(topInfringerHref({ clientId: 7, seller: '', regions: ['JP'], dateType: 1, from: '2025-01-01', to: '2025-12-31' }).split('?')[1]);
    expect(JSON.parse(blank.get('filters')!)[0]).toEqual({ key: 'ec_product_seller', values: [null] });
  });
});
