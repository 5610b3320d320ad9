import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isNoticeType, openableTarget, toNoticeConditions } from './model';

const ORIGIN = 'https://portal.example.com';

describe('openableTarget', () => {
  it('opens portal paths and absolute URLs on the portal itself', () => {
    expect(openableTarget('/profile', ORIGIN)).toBe('/profile');
    expect(openableTarget('/ec-data/3/14?tab=1', ORIGIN)).toBe('/ec-data/3/14?tab=1');
    expect(openableTarget(`${ORIGIN}/ec-list`, ORIGIN)).toBe(`${ORIGIN}/ec-list`);
    expect(openableTarget(ORIGIN, ORIGIN)).toBe(ORIGIN);
  });

  it('ignores empty targets, other hosts and scripts', () => {
    for (const target of [
      '',
      '   ',
      '//evil.example/x',
      '/\\evil.example',
      '/a b',
      'javascript:alert(1)',
      'https://evil.example/profile',
      `${ORIGIN}.evil.example/profile`,
      `${ORIGIN}@evil.example/`,
      'http://portal.example.com/profile',
      'profile',
      'data:text/html,hi',
    ]) {
      expect(openableTarget(target, ORIGIN), target).toBeNull();
    }
  });
});

describe('toNoticeConditions', () => {
  it('sends dates as YYYY-MM-DD and the keyword trimmed', () => {
    expect(toNoticeConditions({ range: [dayjs('2026-04-01'), dayjs('2026-04-30')], keyword: '  report ' })).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      keyword: 'report',
    });
  });

  it('sends no dates and an empty keyword for an empty form', () => {
    expect(toNoticeConditions({})).toEqual({ startDate: null, endDate: null, keyword: '' });
    expect(toNoticeConditions({ range: null, keyword: undefined })).toEqual({ startDate: null, endDate: null, keyword: '' });
  });
});

describe('isNoticeType', () => {
  it('knows types 1 to 8 only (4-6: service requests, 7: watch runs, 8: a webhook turned off)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(isNoticeType)).toEqual([false, true, true, true, true, true, true, true, true, false]);
  });
});
