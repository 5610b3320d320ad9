import { describe, expect, it } from 'vitest';
import { monthsOf, sumOver } from './labels';
import { topInfringerHref } from './links';
import { categoriesByMonth, circleStyle, statusByMonth } from './options';

const dict = { '2025-01': { CN: { 3: 2, 1: 2 }, US: { 9: 1 } }, '2025-03': { CN: { 2: 1 } } };

describe('dashboard figures', () => {
  it('lists every month of a period, across years', () => {
    expect(monthsOf('2024-11-15', '2025-02-01')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsOf('2025-01-01', '2025-01-31')).toEqual(['2025-01']);
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

  it('sizes and colours map circles as section 9 says: 100 to 200 from light red to red, radius 10 to 15', () => {
    expect(circleStyle(1)).toEqual({ size: 20, color: 'rgb(255, 180, 180)' });
    expect(circleStyle(150)).toEqual({ size: 25, color: 'rgb(255, 90, 90)' });
    expect(circleStyle(5000)).toEqual({ size: 30, color: 'rgb(255, 0, 0)' });
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
