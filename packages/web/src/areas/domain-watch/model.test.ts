import { describe, expect, it } from 'vitest';
import { domainWatch as contract } from '@portal/contract';
import { domainWatchInputOf, domainWatchUpdateOf, formValuesOf, linesOf } from './model';

describe('the domain watch form', () => {
  it('reads lists one entry a line, commas and spaces separating too', () => {
    expect(linesOf(' sakura-beauty.jp\n\nさくら.jp, sakura.shop ')).toEqual(['sakura-beauty.jp', 'さくら.jp', 'sakura.shop']);
    expect(linesOf(undefined)).toEqual([]);
  });

  it('sends no schedule when the watch runs by hand, and the default words when no keyword is given', () => {
    const input = domainWatchInputOf({ clientId: 3, domains: 'sakura-beauty.jp', fuzzers: ['omission'], scheduled: false, every: 'day', at: '09:00', timezone: 'Asia/Tokyo' });
    expect(input).toEqual({ clientId: 3, domains: ['sakura-beauty.jp'], words: [], keywords: undefined, fuzzers: ['omission'], tlds: [], schedule: null, promoteThreshold: null });
    expect(contract.createDomainWatchInput.safeParse(input).success).toBe(true);
  });

  it('sends the schedule chosen, and an emptied keyword list as a return to the defaults', () => {
    const values = { domains: 'sakura-beauty.jp', keywords: '', fuzzers: ['keyword' as const], scheduled: true, every: 'week' as const, weekday: 1, at: '08:30', timezone: 'Asia/Tokyo' };
    const update = domainWatchUpdateOf(7, values);
    expect(update.schedule).toEqual({ every: 'week', weekday: 1, at: '08:30', timezone: 'Asia/Tokyo' });
    expect(update.keywords).toBeNull();
    expect(contract.updateDomainWatchInput.safeParse(update).success).toBe(true);
  });

  it('shows a saved watch as it was sent', () => {
    const watch = { clientId: 3, domains: ['sakura-beauty.jp'], words: ['cosme'], keywords: null, fuzzers: ['omission' as const], tlds: ['com', 'net'], schedule: { every: 'hours' as const, hours: 6 }, promoteThreshold: 85 };
    const values = formValuesOf(watch);
    expect(values).toMatchObject({ domains: 'sakura-beauty.jp', words: 'cosme', keywords: '', tlds: 'com\nnet', scheduled: true, every: 'hours', hours: 6, autoPromote: true, promoteThreshold: 85 });
    expect(domainWatchInputOf(values)).toMatchObject({ domains: watch.domains, words: watch.words, keywords: undefined, tlds: watch.tlds, schedule: { every: 'hours', hours: 6 }, promoteThreshold: 85 });
    // Promotion by hand only: the switch off, sent as null.
    const byHand = formValuesOf({ ...watch, promoteThreshold: null });
    expect(byHand.autoPromote).toBe(false);
    expect(domainWatchInputOf(byHand).promoteThreshold).toBeNull();
  });

  it('refuses a watch without a domain, in a key the catalogues translate', () => {
    const parsed = contract.createDomainWatchInput.safeParse(domainWatchInputOf({ clientId: 3, domains: '  ', fuzzers: ['omission'] }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('validation.domainWatchDomainsRequired');
  });
});
