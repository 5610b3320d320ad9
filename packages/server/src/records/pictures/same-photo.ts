import { hamming, type Fingerprint, type Hashes } from './fingerprint.js';

/**
 * The "same photo" decision (issue 31 point 3) as one pure function. The server decides it in SQL over the band
 * indexes (picture-queries.ts, with these constants); the benchmark (bench/pictures.ts) and the tests decide it here,
 * so both measure one rule. Three tests, any one enough, each with the pHash within a bound that follows the client's
 * distance and the dHash within a fixed one:
 * - near: the pHash within the distance, the dHash within DHASH_CONFIRM;
 * - wide: the pHash a little farther (seven fifths of the distance: 14 at 10, none at 0), the dHash much nearer
 *   (WIDE.dhash). A watermark or a caption moves
 *   a few low frequencies of the pHash past the distance, while the dHash, a gradient of a 9 × 8 copy, keeps nearly
 *   every bit; two unrelated photos seldom agree that closely on both;
 * - upper: the upper parts (fingerprint.ts UPPER_PART) nearer than the distance (UPPER.less), confirmed by the dHash
 *   of those parts: a caption in the lower part of a listing leaves its upper part as the photo's.
 * The first two ask the genuine photo's own hashes or one of its windows' (crops and the mirror image); the third
 * the genuine photo's own upper part. The bounds were chosen on bench/pictures.ts (docs/benchmarks.md, "Pictures").
 */

/** The client's largest pHash distance for "same photo" when it has set none (bits of 64). */
export const DEFAULT_DISTANCE = 10;
/**
 * The largest dHash distance that confirms a pHash match. A resized, recompressed, brightened, padded or 10 %
 * cropped copy of a photo stays within 6 bits, a 5° rotation about 13 (fingerprint.test.ts); two unrelated photos
 * differ by 25 and more, but objects cut out on white (round fruit, a cymbal: the benchmark's false positives) by
 * 17-20 when their pHashes agree. At 16 rather than 20, 7 of the benchmark's 15 false positives go, for one
 * brightened copy in 508 (which the wide test finds again), two rotations and two 20 % crops.
 */
export const DHASH_CONFIRM = 16;
/** The wide test: the pHash within `fifths` fifths of the distance (rounded down), the dHash within `dhash`. */
export const WIDE = { fifths: 7, dhash: 8 } as const;
/** The wide test's pHash bound at a distance: 14 at the default 10, 15 at the largest a client may set (11). */
export const wideDistance = (distance: number): number => Math.floor((distance * WIDE.fifths) / 5);
/** The upper parts' test: their pHash within the distance less `less` bits, their dHash within `dhash`. */
export const UPPER = { less: 2, dhash: 12 } as const;

export type { Hashes } from './fingerprint.js';

/** Whether two fingerprinted pictures are the same photo at a pHash distance (the client's, default 10). */
export function isSamePhoto(a: Hashes, b: Hashes, distance: number = DEFAULT_DISTANCE): boolean {
  return hamming(a.phash, b.phash) <= distance && hamming(a.dhash, b.dhash) <= DHASH_CONFIRM;
}

/** The near or the wide test between two pictures' hashes. */
function nearOrWide(a: Hashes, b: Hashes, distance: number): boolean {
  const p = hamming(a.phash, b.phash);
  const d = hamming(a.dhash, b.dhash);
  return (p <= distance && d <= DHASH_CONFIRM) || (p <= wideDistance(distance) && d <= WIDE.dhash);
}

/**
 * Whether a listing picture is the same photo as a genuine one: its whole picture near or wide of the photo or one of
 * its windows (fingerprint.ts photoFingerprints), or its upper part near the photo's. The SQL of matchPicture and
 * matchGenuinePhoto asks the same. A photo stored before migration 049 without an upper part is asked by the first two.
 */
export function isSameAsGenuine(genuine: { own: Hashes & { upper?: Hashes | null }; windows: Hashes[] }, picture: Fingerprint, distance: number = DEFAULT_DISTANCE): boolean {
  if ([genuine.own, ...genuine.windows].some((h) => nearOrWide(h, picture, distance))) return true;
  const upper = genuine.own.upper;
  return !!upper && hamming(upper.phash, picture.upper.phash) <= distance - UPPER.less && hamming(upper.dhash, picture.upper.dhash) <= UPPER.dhash;
}
