import { describe, expect, it } from 'vitest';
import { bandsOf, nearBand, signed } from './hash-index.js';
import { hamming } from './fingerprint.js';

describe('the fingerprint index', () => {
  it('keeps the 64 bits as a signed bigint and four bands', () => {
    expect(signed('ffffffffffffffff')).toBe('-1');
    expect(signed('7fffffffffffffff')).toBe('9223372036854775807');
    expect(bandsOf('0123456789abcdef')).toEqual([0x0123, 0x4567, 0x89ab, 0xcdef]);
  });

  it('reaches every band value within 2 bits, and only those', () => {
    const near = nearBand(0x5a5a);
    expect(near).toHaveLength(137);
    expect(new Set(near).size).toBe(137);
    for (const v of near) expect(hamming(v.toString(16).padStart(16, '0'), '0000000000005a5a')).toBeLessThanOrEqual(2);
  });

  it('reaches every band value within 3 bits for the wide test, and only those', () => {
    const near = nearBand(0x5a5a, 3);
    expect(near).toHaveLength(1 + 16 + 120 + 560);
    expect(new Set(near).size).toBe(697);
    expect(near[0]).toBe(0x5a5a);
    for (const v of near) expect(hamming(v.toString(16).padStart(16, '0'), '0000000000005a5a')).toBeLessThanOrEqual(3);
    expect(nearBand(0x5a5a, 0)).toEqual([0x5a5a]);
  });
});
