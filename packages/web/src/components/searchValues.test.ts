import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { accounts } from '@portal/contract';
import { endBeforeStart, toConditions, toValues } from './searchValues';

describe('search bar values', () => {
  it('start empty with a fuzzy match, and keep what the list gives as initial', () => {
    expect(toValues(undefined)).toEqual({ dateFields: [], startDate: null, endDate: null, wordFields: [], keyword: '', searchType: 3 });
    const values = toValues({ wordFields: ['user_name'], startDate: '2025-04-01', searchType: 4 });
    expect(values.wordFields).toEqual(['user_name']);
    expect(values.startDate?.format('YYYY-MM-DD')).toBe('2025-04-01');
    expect(values.searchType).toBe(4);
  });

  it('emit every key of the contract shape, dates as YYYY-MM-DD, keyword trimmed, and the server schema accepts it', () => {
    const conditions = toConditions({
      dateFields: ['user_create_at'],
      startDate: dayjs('2025-04-01T15:30:00'),
      endDate: null,
      wordFields: ['user_name', 'user_mail'],
      keyword: '  taro ',
      searchType: 1,
    });
    expect(conditions).toEqual({
      dateFields: ['user_create_at'],
      startDate: '2025-04-01',
      endDate: null,
      wordFields: ['user_name', 'user_mail'],
      keyword: 'taro',
      searchType: 1,
    });
    expect(accounts.searchUsersInput.safeParse({ role: 6, ...conditions }).success).toBe(true);
  });

  it('refuse an end date before the start date, by day', () => {
    expect(endBeforeStart(dayjs('2025-05-10'), dayjs('2025-05-01'))).toBe(true);
    expect(endBeforeStart(dayjs('2025-05-10T18:00'), dayjs('2025-05-10T09:00'))).toBe(false);
    expect(endBeforeStart(null, dayjs('2025-05-01'))).toBe(false);
    expect(endBeforeStart(dayjs('2025-05-01'), null)).toBe(false);
  });
});
