import { describe, expect, it } from 'vitest';
import { LIVE_PERIOD_MS, liveCatalogue } from './market-live.js';

/** The demo market's live corner gives each five-minute run of the demo watch something to say. */
describe("the demo market's live corner", () => {
  const at = (period: number) => period * LIVE_PERIOD_MS + 1000;
  const diff = (a: number, b: number) => {
    const before = liveCatalogue(at(a));
    const after = liveCatalogue(at(b));
    return {
      added: [...after.keys()].filter((n) => !before.has(n)),
      removed: [...before.keys()].filter((n) => !after.has(n)),
      repriced: [...after.keys()].filter((n) => before.has(n) && before.get(n)!.price !== after.get(n)!.price),
    };
  };

  it('is the same within a period', () => {
    expect(liveCatalogue(at(500))).toEqual(liveCatalogue(at(500) + LIVE_PERIOD_MS - 2000));
  });

  it('from one period to the next: one new listing and a price changed, every time', () => {
    for (const p of [1000, 1001, 1002, 1003]) {
      const d = diff(p, p + 1);
      expect(d.added.filter((n) => n >= 100)).toHaveLength(1);
      expect(d.repriced.length).toBeGreaterThan(0);
    }
  });

  it('a regular listing is away for two periods, so a watch confirms it gone, and comes back', () => {
    const away = [...liveCatalogue(at(999)).keys()].filter((n) => n < 100 && !liveCatalogue(at(1000)).has(n));
    expect(away).toHaveLength(1);
    expect(liveCatalogue(at(1001)).has(away[0]!)).toBe(false);
    expect(liveCatalogue(at(1002)).has(away[0]!)).toBe(true);
    // Newcomers stay three periods, then leave: gone after two runs miss them.
    const newcomer = 100 + (1000 % 900);
    expect([1000, 1001, 1002, 1003].map((p) => liveCatalogue(at(p)).has(newcomer))).toEqual([true, true, true, false]);
  });
});
