import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTANCE, DHASH_CONFIRM, isSameAsGenuine, isSamePhoto, UPPER, WIDE, wideDistance } from './same-photo.js';

/** A 64-bit hash (16 hex digits) with its lowest `bits` bits set: `bits` away from the zero hash. */
const withBits = (bits: number) => ((1n << BigInt(bits)) - 1n).toString(16).padStart(16, '0');
const zero = { phash: withBits(0), dhash: withBits(0) };
/** A listing picture: its whole hashes and its upper part's (far from anything unless given). */
const listing = (whole: { phash: string; dhash: string }, upper = { phash: 'ffffffffffffffff', dhash: 'ffffffffffffffff' }) => ({ ...whole, upper });

describe('the same-photo test', () => {
  it('takes a pHash within the distance (default 10) confirmed by a dHash within 16, both bounds included', () => {
    expect([DEFAULT_DISTANCE, DHASH_CONFIRM]).toEqual([10, 16]);
    expect(isSamePhoto(zero, { phash: withBits(10), dhash: withBits(16) })).toBe(true);
    expect(isSamePhoto(zero, { phash: withBits(11), dhash: withBits(0) })).toBe(false);
    expect(isSamePhoto(zero, { phash: withBits(0), dhash: withBits(17) })).toBe(false);
    expect(isSamePhoto(zero, zero)).toBe(true);
  });

  it("follows the client's distance and is symmetric", () => {
    const b = { phash: withBits(7), dhash: withBits(3) };
    expect(isSamePhoto(zero, b, 6)).toBe(false);
    expect(isSamePhoto(zero, b, 7)).toBe(true);
    expect(isSamePhoto(b, zero, 7)).toBe(true);
    // The highest bit counts like any other (hashes are compared as 64 unsigned bits).
    expect(isSamePhoto(zero, { phash: 'ffe0000000000000', dhash: withBits(0) })).toBe(false);
    expect(isSamePhoto(zero, { phash: 'ffe0000000000000', dhash: withBits(0) }, 11)).toBe(true);
    expect(isSamePhoto(zero, { phash: 'ffc0000000000000', dhash: withBits(0) })).toBe(true);
  });

  it('takes a genuine photo by itself or any of its windows, at the same distances', () => {
    const far = { phash: withBits(30), dhash: withBits(30) };
    const near = { phash: withBits(9), dhash: withBits(15) };
    expect(isSameAsGenuine({ own: far, windows: [] }, listing(zero))).toBe(false);
    expect(isSameAsGenuine({ own: far, windows: [far, near] }, listing(zero))).toBe(true);
    expect(isSameAsGenuine({ own: far, windows: [far, near] }, listing(zero), 8)).toBe(false);
    expect(isSameAsGenuine({ own: near, windows: [] }, listing(zero))).toBe(true);
  });

  it('takes a pHash within seven fifths of the distance when the dHash is within 8 (the wide test), by the photo or a window', () => {
    expect(WIDE).toEqual({ fifths: 7, dhash: 8 });
    expect([0, 1, 6, 8, 10, 11].map(wideDistance)).toEqual([0, 1, 8, 11, 14, 15]);
    const wide = { phash: withBits(14), dhash: withBits(8) };
    expect(isSameAsGenuine({ own: wide, windows: [] }, listing(zero))).toBe(true);
    expect(isSameAsGenuine({ own: { phash: withBits(30), dhash: withBits(30) }, windows: [wide] }, listing(zero))).toBe(true);
    // One bit past either bound, or the client's distance lower: not the same photo.
    expect(isSameAsGenuine({ own: { phash: withBits(15), dhash: withBits(0) }, windows: [] }, listing(zero))).toBe(false);
    expect(isSameAsGenuine({ own: { phash: withBits(12), dhash: withBits(9) }, windows: [] }, listing(zero))).toBe(false);
    expect(isSameAsGenuine({ own: wide, windows: [] }, listing(zero), 9)).toBe(false);
    // At distance 0 (identical pictures only) the wide test asks for identical pHashes too.
    expect(isSameAsGenuine({ own: { phash: withBits(1), dhash: withBits(0) }, windows: [] }, listing(zero), 0)).toBe(false);
    // Two listings are compared by the near test alone.
    expect(isSamePhoto(wide, zero)).toBe(false);
  });

  it("takes the upper parts within the distance less 2, confirmed by their dHash within 12, when the photo has one", () => {
    expect(UPPER).toEqual({ less: 2, dhash: 12 });
    const far = { phash: withBits(30), dhash: withBits(30) };
    const picture = listing({ phash: 'ffffffffffffffff', dhash: 'ffffffffffffffff' }, zero);
    expect(isSameAsGenuine({ own: { ...far, upper: { phash: withBits(8), dhash: withBits(12) } }, windows: [] }, picture)).toBe(true);
    expect(isSameAsGenuine({ own: { ...far, upper: { phash: withBits(10), dhash: withBits(0) } }, windows: [] }, picture)).toBe(false);
    expect(isSameAsGenuine({ own: { ...far, upper: { phash: withBits(0), dhash: withBits(13) } }, windows: [] }, picture)).toBe(false);
    expect(isSameAsGenuine({ own: { ...far, upper: { phash: withBits(8), dhash: withBits(0) } }, windows: [] }, picture, 9)).toBe(false);
    // A photo stored before migration 049 has no upper part: the whole picture only.
    expect(isSameAsGenuine({ own: { ...far, upper: null }, windows: [] }, picture)).toBe(false);
  });
});
