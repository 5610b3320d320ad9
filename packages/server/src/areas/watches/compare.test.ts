import { describe, expect, it } from 'vitest';
import { compareRun, type KnownListing, type ListingFields } from './compare.js';

const known = (url: string, fields: ListingFields, more: Partial<KnownListing> = {}): [string, KnownListing] => [url, { url, fields, missed: 0, gone: false, takenDown: false, backReported: false, ...more }];
const byUrl = (outcomes: ReturnType<typeof compareRun>) => Object.fromEntries(outcomes.map((o) => [o.url, o]));

describe('a watch run compared with the last', () => {
  it('new, unchanged and changed with which fields from what to what', () => {
    const before = new Map([known('a', { price: '10.00', seller: 'S' }), known('b', { price: '20.00', seller: 'T', title: 'Bag' })]);
    const seen = new Map<string, ListingFields>([
      ['a', { price: '10.00', seller: 'S ' }],
      ['b', { price: '18.50', seller: 'U', title: 'Bag' }],
      ['c', { price: '5.00' }],
    ]);
    const out = byUrl(compareRun(before, seen));
    expect(out.a!.change).toBe('unchanged');
    expect(out.b!.change).toBe('changed');
    expect(out.b!.fields).toEqual([
      { field: 'price', before: '20.00', after: '18.50' },
      { field: 'seller', before: 'T', after: 'U' },
    ]);
    expect(out.c!.change).toBe('new');
  });

  it('a field the page did not show this time is not a change, and the watch keeps the last value', () => {
    const out = byUrl(compareRun(new Map([known('a', { price: '10.00', imageUrl: 'x.jpg' })]), new Map([['a', { price: '10.00' }]])));
    expect(out.a!.change).toBe('unchanged');
    expect(out.a!.next.fields.imageUrl).toBe('x.jpg');
  });

  it('gone only after a second run misses it, reported once', () => {
    let state = new Map([known('a', { price: '1' })]);
    const first = byUrl(compareRun(state, new Map()));
    expect(first.a!.change).toBe('unchanged');
    expect(first.a!.next.missed).toBe(1);
    state = new Map([known('a', { price: '1' }, first.a!.next)]);
    const second = byUrl(compareRun(state, new Map()));
    expect(second.a!.change).toBe('gone');
    state = new Map([known('a', { price: '1' }, second.a!.next)]);
    expect(compareRun(state, new Map())).toEqual([]);
  });

  it('a gone listing seen again is new to nobody: it is back when taken down, otherwise seen again as unchanged or changed', () => {
    const gone = { missed: 2, gone: true };
    const back = byUrl(compareRun(new Map([known('a', { price: '1' }, { ...gone, takenDown: true })]), new Map([['a', { price: '1' }]])));
    expect(back.a!.change).toBe('back');
    const again = byUrl(compareRun(new Map([known('a', { price: '1' }, gone)]), new Map([['a', { price: '2' }]])));
    expect(again.a!.change).toBe('changed');
  });

  it('back once per disappearance: still up in the next run is not back again, missed and seen again is', () => {
    const first = byUrl(compareRun(new Map([known('a', { price: '1' }, { takenDown: true })]), new Map([['a', { price: '1' }]])));
    expect(first.a!.change).toBe('back');
    const still = byUrl(compareRun(new Map([known('a', { price: '1' }, { ...first.a!.next, takenDown: true })]), new Map([['a', { price: '1' }]])));
    expect(still.a!.change).toBe('unchanged');
    const missed = byUrl(compareRun(new Map([known('a', { price: '1' }, { ...still.a!.next, takenDown: true })]), new Map()));
    expect(missed.a!.next.backReported).toBe(false);
    const seenAgain = byUrl(compareRun(new Map([known('a', { price: '1' }, { ...missed.a!.next, takenDown: true })]), new Map([['a', { price: '1' }]])));
    expect(seenAgain.a!.change).toBe('back');
  });
});
