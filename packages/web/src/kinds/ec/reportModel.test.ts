import { describe, expect, it } from 'vitest';
import { callKey } from '../../platform/callKeys';
import { EC_REPORT_LIST, categorizedCount } from './reportModel';

describe('the EC report table', () => {
  it('counts the categorized records as scraped minus uncategorized', () => {
    expect(categorizedCount({ report_scrape_count: 120, report_uncategrize_count: 20 })).toBe(100);
    expect(categorizedCount({ report_scrape_count: 0, report_uncategrize_count: 0 })).toBe(0);
    expect(categorizedCount({ report_scrape_count: 3, report_uncategrize_count: 5 })).toBe(0);
  });

  it('keys the report list by client', () => {
    expect(callKey(EC_REPORT_LIST, { clientId: 5 })).toEqual(['/api/ec-report/fetch-reports', { clientId: 5 }]);
  });
});
