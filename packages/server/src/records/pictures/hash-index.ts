/**
 * How a 64-bit fingerprint is kept and looked up in the database (migration 043): as a signed bigint (its bits) and
 * four 16-bit bands. Two hashes at most 11 bits apart have, by the pigeonhole principle, one band at most 2 bits
 * apart, so a look-up asks each band's index for the 137 values within 2 bits of its own (1 + 16 + 120) and counts
 * the bits of the few candidates exactly; nothing reads every row.
 */

/** The farthest distance (bits of 64) a look-up finds every hash within. */
export const INDEX_REACH = 11;

/** The hash's bits as the signed decimal a bigint column takes. */
export const signed = (hex: string): string => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();

/** The four 16-bit bands of a hash, high to low. */
export function bandsOf(hex: string): [number, number, number, number] {
  const x = BigInt(`0x${hex}`);
  return [48n, 32n, 16n, 0n].map((shift) => Number((x >> shift) & 0xffffn)) as [number, number, number, number];
}

/**
 * Every 16-bit value at most `bits` bits from `band` (2: 137 values; 3, for a reach of 15: 697), itself first. A
 * reach of 15 is the same-photo decision's wide test (same-photo.ts WIDE) on a genuine photo's look-up only.
 */
export function nearBand(band: number, bits = 2): number[] {
  const out = [band];
  const flip = (value: number, from: number, left: number) => {
    for (let i = from; i < 16; i++) {
      out.push(value ^ (1 << i));
      if (left > 1) flip(value ^ (1 << i), i + 1, left - 1);
    }
  };
  if (bits > 0) flip(band, 0, bits);
  return out;
}

/** The columns of a picture's upper part (migration 049): both hashes and, for a listing's, the pHash's bands. */
export function upperColumns(f: { phash: string; dhash: string }) {
  const [upper_band0, upper_band1, upper_band2, upper_band3] = bandsOf(f.phash);
  return { upper_phash: signed(f.phash), upper_dhash: signed(f.dhash), upper_band0, upper_band1, upper_band2, upper_band3 };
}

/** The columns of a fingerprint row: both hashes and the pHash's bands. */
export function hashColumns(f: { phash: string; dhash: string }) {
  const [band0, band1, band2, band3] = bandsOf(f.phash);
  return { phash: signed(f.phash), dhash: signed(f.dhash), band0, band1, band2, band3 };
}
