import sharp from 'sharp';
import { MAX_PICTURE_PIXELS } from './fingerprint.js';
import { coarsePlaces, searchPicture, type CoarseLogo, type CoarseTemplate, type SearchPicture } from './logo-coarse.js';
import { featureOf, planeOf, resizeRgba, templatePlanes, type Feature } from './logo-planes.js';

/**
 * "Shows the logo" (issue 31): where a listing picture shows one of the client's design marks (trademark images).
 * Each logo is prepared once per job run as templates of its edges (logo-planes.ts: strength and direction, which
 * recolouring and inverting keep) at widths from 10 to 40 % of the picture's. The picture is brought to 480 px wide
 * and searched twice: first at half that width, every template correlated with the whole picture at once by FFT
 * (normalised by the picture's spread under the template's rectangle) and the best few places kept; then each is
 * refined at full width over nearby places and sizes, the correlation normalised under the logo's own shape (its
 * mask). That normalised cross-correlation, × 100, is the score. A cover over part of the logo lowers it about in
 * proportion. Not looked for: a logo rotated or skewed, or much smaller than a tenth of the picture's width.
 */

/** The width the picture is searched at (the fine pass), and the coarse pass's share of it. */
export const SEARCH_WIDTH = 480;
/**
 * The coarse pass is at half the search width, the fine one at the full width; edges are blurred twice in both (in
 * the coarse pass so that sizes 15 % apart still line up, in the fine one for a pixel or two of slack).
 */
const SHRINK = 2;
const COARSE_BLURS = 2;
const FINE_BLURS = 2;
const COARSE_WIDTH = SEARCH_WIDTH / SHRINK;
/** The tallest picture searched (a taller one is searched in its top part). */
const MAX_HEIGHT = SEARCH_WIDTH * 3;
/**
 * Logo widths looked for, as shares of the picture's: 10 to 40 % with a little to spare either side, 12 sizes a
 * factor 1.15 apart (23 when refining, 1.07 apart).
 */
const SMALLEST = 0.09;
const LARGEST = 0.42;
const COARSE_SIZES = 12;
/** How far (fine pixels) around each place of the coarse pass the fine pass looks. */
const REACH = SHRINK;

/**
 * When a logo is found (bench/logos.ts: 16 real logos pasted at 10-40 % width on 60 real photos, plain, covered or
 * recoloured, against the same photos bare and with another logo): a score of at least LOGO_THRESHOLD, and evidence
 * (the correlation × √ of the template's effective pixels) of at least LOGO_EVIDENCE. The second is why a simple
 * mark (a heart, a ring) must correlate better than a detailed one: with few edges, a photo's texture or another
 * round logo lines up with it by chance far more often (the chance best of many places falls as 1/√pixels). These
 * measure how well outlines line up, which does not depend on the brand: one setting for every client.
 */
export const LOGO_THRESHOLD = 62;
export const LOGO_EVIDENCE = 10;

interface Template {
  width: number;
  height: number;
  /** The mask's pixels as offsets in a plane of the search width's rows, and the zero-mean edge values there. */
  offsets: Int32Array;
  wx: Float32Array;
  wy: Float32Array;
  norm: number;
  /** How many independent pixels the template has in effect: its participation ratio over a blur's area. */
  dof: number;
}

/** A trademark image ready to be searched for: its templates at every size. */
export interface PreparedLogo extends CoarseLogo {
  trademarkId: number;
  fine: Template[];
}

export interface FoundLogo {
  trademarkId: number;
  score: number;
  /** Where in the picture, as shares of its width and height. */
  box: { x: number; y: number; w: number; h: number };
}

/** A logo's best place with its evidence (see LOGO_EVIDENCE). */
export interface Placed extends FoundLogo {
  evidence: number;
}

/** Whether a best place counts as the logo found. */
export const isFound = (p: Placed) => p.score >= LOGO_THRESHOLD && p.evidence >= LOGO_EVIDENCE;

const shareOf = (i: number, steps: number) => SMALLEST * Math.pow(LARGEST / SMALLEST, i / (steps - 1));

/**
 * A trademark image made ready for the search, or null when it shows nothing to look for (blank, or too small).
 * A picture without transparency is cut out from its background: the colour of its border, when that covers most
 * of it (a mark drawn on white), so the logo is found without the box it was drawn in.
 */
export async function prepareLogo(trademarkId: number, bytes: Buffer): Promise<PreparedLogo | null> {
  const img = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' })
    .rotate()
    .resize(400, 400, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = img.info;
  const rgba = cutOut(img.data, width, height);
  const box = boundsOf(rgba, width, height);
  if (!box || box.w < 8 || box.h < 8) return null;
  const cropped = await sharp(rgba, { raw: { width, height, channels: 4 } }).extract({ left: box.x, top: box.y, width: box.w, height: box.h }).raw().toBuffer();
  const from = { width: box.w, height: box.h };
  const sizeAt = (share: number, pictureWidth: number) => {
    const w = Math.max(4, Math.round(share * pictureWidth));
    return { w, h: Math.max(4, Math.round((w * box.h) / box.w)) };
  };
  const coarse: CoarseTemplate[] = [];
  for (let i = 0; i < COARSE_SIZES; i++) {
    const { w, h } = sizeAt(shareOf(i, COARSE_SIZES), COARSE_WIDTH);
    coarse.push(coarseTemplate(templatePlanes(await resizeRgba(cropped, from, w, h), w, h, COARSE_BLURS), w, h));
  }
  const fine: Template[] = [];
  for (let i = 0; i < COARSE_SIZES * 2 - 1; i++) {
    const { w, h } = sizeAt(shareOf(i, COARSE_SIZES * 2 - 1), SEARCH_WIDTH);
    fine.push(fineTemplate(templatePlanes(await resizeRgba(cropped, from, w, h), w, h, FINE_BLURS), w, h));
  }
  if (fine.some((t) => t.norm === 0) || coarse.some((t) => t.norm === 0)) return null;
  return { trademarkId, coarse, fine, spectra: new Map() };
}

/** The logo's own pixels: its alpha if it has any, else those unlike its border's colour when these are most of it. */
function cutOut(rgba: Buffer, width: number, height: number): Buffer {
  let transparent = 0;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 250) transparent++;
  if (transparent > 0.02 * width * height) return rgba;
  const border: number[][] = [[], [], []];
  const take = (x: number, y: number) => border.forEach((c, k) => c.push(rgba[(y * width + x) * 4 + k]!));
  for (let x = 0; x < width; x++) {
    take(x, 0);
    take(x, height - 1);
  }
  for (let y = 0; y < height; y++) {
    take(0, y);
    take(width - 1, y);
  }
  const ground = border.map((c) => c.sort((a, b) => a - b)[c.length >> 1]!);
  const out = Buffer.from(rgba);
  let shape = 0;
  for (let i = 0; i < width * height; i++) {
    const far = Math.max(...ground.map((g, k) => Math.abs(rgba[i * 4 + k]! - g)));
    out[i * 4 + 3] = far > 40 ? 255 : 0;
    if (far > 40) shape++;
  }
  // A photo-like mark (no one ground colour) is searched for whole.
  return shape > 0.01 * width * height && shape < 0.9 * width * height ? out : rgba;
}

function boundsOf(rgba: Buffer, width: number, height: number): { x: number; y: number; w: number; h: number } | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! < 64) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The edges under the mask less their mean there (each plane), zero outside it, and their length. */
function zeroMean(feature: Feature, mask: Uint8Array): { vx: Float32Array; vy: Float32Array; norm: number } {
  const [vx, vy] = [feature.x, feature.y].map((plane) => {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      sum += plane.data[i]!;
      n++;
    }
    const mean = n ? sum / n : 0;
    const values = new Float32Array(mask.length);
    for (let i = 0; i < mask.length; i++) if (mask[i]) values[i] = plane.data[i]! - mean;
    return values;
  }) as [Float32Array, Float32Array];
  let sq = 0;
  for (let i = 0; i < mask.length; i++) sq += vx[i]! * vx[i]! + vy[i]! * vy[i]!;
  return { vx, vy, norm: Math.sqrt(sq) };
}

function coarseTemplate(planes: { feature: Feature; mask: Uint8Array }, width: number, height: number): CoarseTemplate {
  return { width, height, ...zeroMean(planes.feature, planes.mask) };
}

function fineTemplate(planes: { feature: Feature; mask: Uint8Array }, width: number, height: number): Template {
  const { vx, vy, norm } = zeroMean(planes.feature, planes.mask);
  const offsets: number[] = [];
  const wx: number[] = [];
  const wy: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!planes.mask[y * width + x]) continue;
      offsets.push(y * SEARCH_WIDTH + x);
      wx.push(vx[y * width + x]!);
      wy.push(vy[y * width + x]!);
    }
  }
  // The participation ratio (Σ|v|)² / Σ|v|²: how many pixels carry the template, each blur's 3 × 3 counted once.
  let l1 = 0;
  for (let i = 0; i < wx.length; i++) l1 += Math.hypot(wx[i]!, wy[i]!);
  const dof = (l1 * l1) / (norm * norm) / 9;
  return { width, height, offsets: Int32Array.from(offsets), wx: Float32Array.from(wx), wy: Float32Array.from(wy), norm, dof };
}

/** The picture's edge planes at the two search widths; throws when sharp cannot read it. */
async function picturePlanes(bytes: Buffer): Promise<SearchPicture> {
  const grey = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: SEARCH_WIDTH })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const height = Math.min(grey.info.height, MAX_HEIGHT);
  const fineGrey = planeOf(grey.data.subarray(0, SEARCH_WIDTH * height), SEARCH_WIDTH, height);
  const coarseHeight = Math.max(1, Math.round(height / SHRINK));
  const small = await sharp(grey.data.subarray(0, SEARCH_WIDTH * height), { raw: { width: SEARCH_WIDTH, height, channels: 1 } })
    .resize(COARSE_WIDTH, coarseHeight, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return searchPicture(featureOf(fineGrey, FINE_BLURS), featureOf(planeOf(small, COARSE_WIDTH, coarseHeight), COARSE_BLURS));
}

/** The logos a picture shows, each at its best place; throws when sharp cannot read the picture. */
export async function findLogos(bytes: Buffer, logos: PreparedLogo[]): Promise<FoundLogo[]> {
  if (logos.length === 0) return [];
  const planes = await picturePlanes(bytes);
  const found: FoundLogo[] = [];
  for (const logo of logos) {
    const best = bestPlace(planes, logo);
    if (best && isFound(best)) found.push({ trademarkId: best.trademarkId, score: best.score, box: best.box });
  }
  return found;
}

/** The logo's best place in the picture and its score, whatever it is (the benchmark picks the threshold from these). */
export function bestPlace(planes: SearchPicture, logo: PreparedLogo): Placed | null {
  let best: { ncc: number; t: Template; x: number; y: number } | null = null;
  for (const c of coarsePlaces(planes, logo)) {
    const ct = logo.coarse[c.size]!;
    const cx = (c.x + ct.width / 2) * SHRINK;
    const cy = (c.y + ct.height / 2) * SHRINK;
    for (let f = Math.max(0, c.size * 2 - 2); f <= Math.min(logo.fine.length - 1, c.size * 2 + 2); f++) {
      const t = logo.fine[f]!;
      const x0 = Math.round(cx - t.width / 2);
      const y0 = Math.round(cy - t.height / 2);
      // Every other place within reach, then the places next to the best of them.
      let near: { ncc: number; x: number; y: number } | null = null;
      for (let y = y0 - REACH; y <= y0 + REACH; y += 2) {
        for (let x = x0 - REACH; x <= x0 + REACH; x += 2) {
          const ncc = maskedNcc(planes.fine, t, x, y);
          if (ncc !== null && (!near || ncc > near.ncc)) near = { ncc, x, y };
        }
      }
      if (!near) continue;
      for (let y = near.y - 1; y <= near.y + 1; y++) {
        for (let x = near.x - 1; x <= near.x + 1; x++) {
          const ncc = maskedNcc(planes.fine, t, x, y);
          if (ncc !== null && (!best || ncc > best.ncc)) best = { ncc, t, x, y };
        }
      }
    }
  }
  if (!best) return null;
  const { width: W, height: H } = planes.fine.x;
  return {
    trademarkId: logo.trademarkId,
    score: Math.max(0, Math.min(100, Math.round(best.ncc * 100))),
    evidence: best.ncc * Math.sqrt(best.t.dof),
    box: { x: best.x / W, y: best.y / H, w: best.t.width / W, h: best.t.height / H },
  };
}

/** The picture as searched (the benchmark: once per picture, then bestPlace per logo). */
export const searchPlanes = picturePlanes;

/** Normalised cross-correlation of the template under its mask at (x, y), or null where it does not fit. */
function maskedNcc(p: Feature, t: Template, x: number, y: number): number | null {
  if (x < 0 || y < 0 || x + t.width > p.x.width || y + t.height > p.x.height) return null;
  const base = y * SEARCH_WIDTH + x;
  const dx = p.x.data;
  const dy = p.y.data;
  let s = 0;
  let sx = 0;
  let sy = 0;
  let s2 = 0;
  for (let i = 0; i < t.offsets.length; i++) {
    const o = base + t.offsets[i]!;
    const a = dx[o]!;
    const b = dy[o]!;
    s += a * t.wx[i]! + b * t.wy[i]!;
    sx += a;
    sy += b;
    s2 += a * a + b * b;
  }
  const spread = s2 - (sx * sx + sy * sy) / t.offsets.length;
  return spread <= 1e-6 ? null : s / (Math.sqrt(spread) * t.norm);
}
