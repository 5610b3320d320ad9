import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTANCE, DHASH_CONFIRM, isSameAsGenuine, isSamePhoto } from './same-photo.js';

/** A 64-bit hash (16 hex digits) with its lowest `bits` bits set: `bits` away from the zero hash. */
const withBits = (bits: number) => ((1n << BigInt(bits)) - 1n).toString(16).padStart(16, '0');
const zero = { phash: withBits(0), dhash: withBits(0) };

describe('the same-photo test', () => {
  it('takes a pHash within the distance (default 10) confirmed by a dHash within 20, both bounds included', () => {
    expect([DEFAULT_DISTANCE, DHASH_CONFIRM]).toEqual([10, 20]);
    expect(isSamePhoto(zero, { phash: withBits(10), dhash: withBits(20) })).toBe(true);
    expect(isSamePhoto(zero, { phash: withBits(11), dhash: withBits(0) })).toBe(false);
    expect(isSamePhoto(zero, { phash: withBits(0), dhash: withBits(21) })).toBe(false);
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
    const near = { phash: withBits(9), dhash: withBits(19) };
    expect(isSameAsGenuine({ own: far, windows: [] }, zero)).toBe(false);
    expect(isSameAsGenuine({ own: far, windows: [far, near] }, zero)).toBe(true);
    expect(isSameAsGenuine({ own: far, windows: [far, near] }, zero, 8)).toBe(false);
    expect(isSameAsGenuine({ own: near, windows: [] }, zero)).toBe(true);
  });
});
