import { createRequire } from 'node:module';
import sharp from 'sharp';

// tlsh (idealista/tlsh-js, Apache-2.0): the only TLSH on npm that is a faithful port with tests against Trend Micro's
// reference digests, published in 2024 and used (~100k downloads a month); pure JavaScript, no native build. The
// others on the registry are unpublished forks or bindings to the C++ library. It ships no types (CommonJS): the
// two entry points used are typed here.
const require = createRequire(import.meta.url);
const tlsh = require('tlsh/lib/tlsh.js') as (data: string) => string;
interface Digest {
  calculateDifference(other: Digest, lengthDiff: boolean): number;
}
const DigestHashBuilder = require('tlsh/lib/digests/digest-hash-builder.js') as new () => { withHash(hash: string): { build(): Digest } };

/**
 * The two similarity measures of a look-alike's page against the brand's official one (issue 32 point 3):
 * - TLSH, a locality-sensitive hash: two inputs that share most of their byte patterns have digests a small distance
 *   apart (0 identical, over 200 unrelated). Taken of the page's markup skeleton and of its visible text separately,
 *   since a clone keeps one when it changes the other (a new template, a translation).
 * - dHash, a 64-bit perceptual hash of an image (9 × 8 greyscale, each bit "brighter than its right neighbour"): a
 *   resized, recompressed or slightly edited picture keeps most bits. For screenshots and logos. sharp decodes and
 *   resizes (it handles PNG, JPEG, GIF, WebP, SVG; its prebuilt binary comes with it from npm).
 */

/** The TLSH digest of a string (its UTF-8 bytes), or null when it is too short or too plain to have one. */
export function tlshOf(text: string): string | null {
  if (text.length < 50) return null;
  try {
    return tlsh(Buffer.from(text, 'utf8').toString('latin1'));
  } catch {
    return null;
  }
}

/** TLSH distance (length counted): 0 for the same input; unrelated pages are 200 and more apart. */
export function tlshDistance(a: string, b: string): number {
  const da = new DigestHashBuilder().withHash(a).build();
  const db = new DigestHashBuilder().withHash(b).build();
  return da.calculateDifference(db, true);
}

/**
 * 0-100 from a TLSH distance: 100 at 0, falling linearly to 0 at 150. Pages of one template with other words are
 * 40-90 apart, unrelated pages well over 150 (the page-similarity benchmark's figures).
 */
export const tlshSimilarity = (a: string | null, b: string | null): number | null => (a && b ? Math.max(0, Math.round(100 - (tlshDistance(a, b) * 100) / 150)) : null);

/** The 64-bit dHash of an image, as 16 hex digits; null when sharp cannot read it. `top` keeps the first screen only. */
export async function dHash(image: Buffer, top?: { width: number; height: number }): Promise<string | null> {
  try {
    let pipeline = sharp(image, { limitInputPixels: 40_000_000 });
    if (top) {
      const meta = await pipeline.metadata();
      pipeline = sharp(image, { limitInputPixels: 40_000_000 }).extract({ left: 0, top: 0, width: Math.min(top.width, meta.width ?? 1), height: Math.min(top.height, meta.height ?? 1) });
    }
    const { data } = await pipeline.flatten({ background: '#ffffff' }).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    let bits = 0n;
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits = (bits << 1n) | (data[y * 9 + x]! > data[y * 9 + x + 1]! ? 1n : 0n);
    return bits.toString(16).padStart(16, '0');
  } catch {
    return null;
  }
}

/** Bits that differ between two 64-bit hashes (0-64). */
export function hamming(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  for (; x; x &= x - 1n) n += 1;
  return n;
}

/** 0-100 from two dHashes: 100 when equal, 0 at 24 bits apart (two unrelated pictures differ by about 32). */
export const hashSimilarity = (a: string | null, b: string | null): number | null => (a && b ? Math.max(0, Math.round(100 - (hamming(a, b) * 100) / 24)) : null);
