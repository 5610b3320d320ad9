import sharp, { type Metadata } from 'sharp';

/**
 * Perceptual fingerprints of a listing's picture or a genuine photo (issue 31 point 2), 64 bits each as 16 hex
 * digits: a DCT pHash (the picture's coarse shape of light and dark: survives resizing, recompression, brightness
 * and contrast, small overlays) and a dHash (each pixel of a 9 × 8 grey copy brighter than its right neighbour: a
 * second, differently built opinion that confirms a pHash match). Before hashing, the picture is turned upright by
 * its EXIF orientation, laid on white (transparency), and stripped of uniform borders, so a photo padded to a
 * square or framed by a marketplace hashes as the photo itself. A listing picture also has the hashes of its upper
 * part (UPPER_PART of its height), compared with the genuine photo's upper part: a caption across the lower part of a
 * listing changes the whole picture's low frequencies beyond the test, not those of the part above it.
 */

/** Pixels sharp may decode: a 40-megapixel camera picture passes; a decompression bomb stops before decoding. */
export const MAX_PICTURE_PIXELS = 40_000_000;
/** How different from the corner colour a border may be and still be trimmed (sharp's 0-255 distance). */
const TRIM_THRESHOLD = 12;

export interface Hashes {
  phash: string;
  dhash: string;
}

/** A picture's fingerprints: the whole picture's and those of its upper part. */
export interface Fingerprint extends Hashes {
  upper: Hashes;
}

/**
 * The share of the height, from the top, of a picture's upper part. A seller's caption sits in the lower fifth (the
 * benchmark's at 81-89 % of the height); the upper 80 % of a captioned copy stays within a few bits of the photo's.
 */
export const UPPER_PART = 0.8;

/** Why a picture yields no fingerprint: more pixels than allowed, or not a picture sharp can read. */
export class PictureError extends Error {
  constructor(readonly reason: 'too-many-pixels' | 'unreadable') {
    super(reason);
  }
}

/** The fingerprints of a picture's bytes; throws PictureError when they cannot be had. */
export async function fingerprint(bytes: Buffer): Promise<Fingerprint> {
  return fingerprintOf(await normalised(bytes));
}

async function fingerprintOf(picture: Normalised): Promise<Fingerprint> {
  const { width, height } = picture.raw;
  const [own, upper] = await Promise.all([hashesOf(picture), hashesOf(await cut(picture, { left: 0, top: 0, width, height: Math.max(1, Math.round(height * UPPER_PART)) }))]);
  return { ...own, upper };
}

async function cut(picture: Normalised, area: { left: number; top: number; width: number; height: number }): Promise<Normalised> {
  const out = await sharp(picture.data, { raw: picture.raw }).extract(area).raw().toBuffer({ resolveWithObject: true });
  return { data: out.data, raw: { width: out.info.width, height: out.info.height, channels: picture.raw.channels } };
}

/** Windows of a genuine photo: this share of each side, at the start, middle and end of the margin left, both ways. */
const WINDOW_SIDE = 0.9;
const WINDOW_AT = [0, 0.5, 1];

/**
 * A genuine photo's fingerprints, and its windows: nine crops of 90 % of each side, then the photo mirrored. A listing
 * that crops the photo by up to about 10 % of a side shows one crop give or take 2.5 % of its frame, which its hashes
 * survive, where the whole photo's do not (bench/pictures.ts: recall on 10 % crops from about a fifth to nearly all);
 * a mirrored copy differs from the photo in every odd horizontal frequency of the pHash, and is the mirrored photo's.
 * Only genuine photos carry windows: a listing compared with another listing has no original to know the crop from.
 */
export async function photoFingerprints(bytes: Buffer): Promise<{ own: Fingerprint; windows: Hashes[] }> {
  const picture = await normalised(bytes);
  const { width, height } = picture.raw;
  const w = Math.round(width * WINDOW_SIDE);
  const h = Math.round(height * WINDOW_SIDE);
  const windows: Hashes[] = [];
  for (const fx of WINDOW_AT) {
    for (const fy of WINDOW_AT) windows.push(await hashesOf(await cut(picture, { left: Math.floor((width - w) * fx), top: Math.floor((height - h) * fy), width: w, height: h })));
  }
  const mirrored = await sharp(picture.data, { raw: picture.raw }).flop().raw().toBuffer();
  windows.push(await hashesOf({ data: mirrored, raw: picture.raw }));
  return { own: await fingerprintOf(picture), windows };
}

type Normalised = { data: Buffer; raw: Raw['raw'] };

/** Upright, on white, grey, at most 512 px, without uniform borders; throws PictureError when it cannot be had. */
async function normalised(bytes: Buffer): Promise<Normalised> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    throw new PictureError(/pixel limit/i.test((err as Error).message) ? 'too-many-pixels' : 'unreadable');
  }
  // The header's size, before any pixel is decoded (sharp refuses it too, but only once it starts decoding).
  if ((meta.width ?? 0) * (meta.height ?? 0) * (meta.pages ?? 1) > MAX_PICTURE_PIXELS) throw new PictureError('too-many-pixels');
  try {
    // Upright and on white, as a grey picture small enough to trim fast but large enough to keep a border's edge.
    const upright = await open().rotate().flatten({ background: '#ffffff' }).greyscale().resize(512, 512, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    return await trim(upright.data, { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } });
  } catch (err) {
    if (err instanceof PictureError) throw err;
    throw new PictureError(/pixel limit/i.test((err as Error).message) ? 'too-many-pixels' : 'unreadable');
  }
}

/** The pHash and dHash of a normalised picture. */
async function hashesOf(picture: Normalised): Promise<Hashes> {
  const grey = (w: number, h: number) => sharp(picture.data, { raw: picture.raw }).resize(w, h, { fit: 'fill', kernel: 'lanczos3' }).extractChannel(0).raw().toBuffer();
  const [small, tiny] = await Promise.all([grey(32, 32), grey(9, 8)]);
  return { phash: dctHash(small), dhash: diffHash(tiny) };
}

type Raw = { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/** The picture without uniform borders; unchanged when trimming would leave almost nothing (a plain picture). */
async function trim(data: Buffer, raw: Raw): Promise<Normalised> {
  // Too small to have a border (sharp trims from 3 × 3).
  if (raw.raw.width < 16 || raw.raw.height < 16) return { data, raw: raw.raw };
  const out = await sharp(data, raw).trim({ threshold: TRIM_THRESHOLD }).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = out.info;
  if (width < 16 || height < 16) return { data, raw: raw.raw };
  return { data: out.data, raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } };
}

const N = 32;
/** cos((2x + 1) u π / 2N), by u and x. */
const COS = Array.from({ length: N }, (_, u) => Float64Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))));
/** The 64 lowest frequencies but the average (DC), in JPEG's zig-zag order: the coarse shape of the picture. */
const LOW = zigzag(N).slice(1, 65);

function zigzag(n: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let s = 0; s < 2 * n - 1; s++) {
    const line: [number, number][] = [];
    for (let u = Math.max(0, s - n + 1); u <= Math.min(s, n - 1); u++) line.push([u, s - u]);
    cells.push(...(s % 2 === 0 ? line.reverse() : line));
  }
  return cells;
}

/** DCT pHash of a 32 × 32 grey picture: each of the 64 low frequencies above or below their median. */
export function dctHash(grey: Buffer): string {
  // Separable 2-D DCT-II: rows, then columns, of the frequencies used only.
  const rows: Float64Array[] = [];
  for (let y = 0; y < N; y++) {
    const row = new Float64Array(N);
    for (let v = 0; v < 12; v++) {
      let sum = 0;
      for (let x = 0; x < N; x++) sum += grey[y * N + x]! * COS[v]![x]!;
      row[v] = sum;
    }
    rows.push(row);
  }
  const coeff = LOW.map(([u, v]) => {
    let sum = 0;
    for (let y = 0; y < N; y++) sum += rows[y]![v]! * COS[u]![y]!;
    return sum;
  });
  const median = [...coeff].sort((a, b) => a - b)[32]!;
  let bits = 0n;
  for (const c of coeff) bits = (bits << 1n) | (c > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** dHash of a 9 × 8 grey picture: each pixel brighter than its right neighbour. */
export function diffHash(grey: Buffer): string {
  let bits = 0n;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits = (bits << 1n) | (grey[y * 9 + x]! > grey[y * 9 + x + 1]! ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** Bits that differ between two 64-bit hashes (0-64). */
export function hamming(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  for (; x; x &= x - 1n) n += 1;
  return n;
}
