import { hamming } from './fingerprint.js';

/**
 * The "same photo" decision (issue 31 point 3) as one pure function. The server decides it in SQL over the band
 * index (picture-queries.ts, with these constants); the benchmark (bench/pictures.ts) and the tests decide it here,
 * so both measure one rule: the pHash within the client's distance and the dHash within DHASH_CONFIRM.
 */

/** The client's largest pHash distance for "same photo" when it has set none (bits of 64). */
export const DEFAULT_DISTANCE = 10;
/**
 * The largest dHash distance that confirms a pHash match. A resized, recompressed, brightened, padded or 10 %
 * cropped copy of a photo stays within 6 bits, a 5° rotation about 13 (fingerprint.test.ts); two unrelated photos
 * differ by 25 and more. At 20, the chance that two unrelated pictures agree by accident is about 0.2 % for the
 * dHash alone and, with the pHash within 10 too, about one in a billion (bench/pictures.ts measures it on photos).
 */
export const DHASH_CONFIRM = 20;

export interface Hashes {
  phash: string;
  dhash: string;
}

/** Whether two fingerprinted pictures are the same photo at a pHash distance (the client's, default 10). */
export function isSamePhoto(a: Hashes, b: Hashes, distance: number = DEFAULT_DISTANCE): boolean {
  return hamming(a.phash, b.phash) <= distance && hamming(a.dhash, b.dhash) <= DHASH_CONFIRM;
}

/**
 * Whether a picture is the same photo as a genuine one: near the photo itself or one of its windows (a crop of it:
 * fingerprint.ts photoFingerprints). The SQL of matchPicture and matchGenuinePhoto asks the same.
 */
export function isSameAsGenuine(genuine: { own: Hashes; windows: Hashes[] }, picture: Hashes, distance: number = DEFAULT_DISTANCE): boolean {
  return [genuine.own, ...genuine.windows].some((h) => isSamePhoto(h, picture, distance));
}
