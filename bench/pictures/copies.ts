import sharp, { type Sharp } from 'sharp';

/**
 * The transformed copies of a photo (issue 31, "Quality and speed"): what a seller does to the brand's photo before
 * listing it. Each copy has a class, the unit the targets are stated in. Random choices (which sides a crop takes,
 * the rotation's angle) come from a seed per photo, so every run makes the same copies.
 */

export type CopyClass = 'resize' | 'recompression' | 'brightness' | 'overlay' | 'padding' | 'crop 5 %' | 'crop 10 %' | 'crop 20 %' | 'mirror' | 'rotation';
export const CLASSES: CopyClass[] = ['resize', 'recompression', 'brightness', 'overlay', 'padding', 'crop 5 %', 'crop 10 %', 'crop 20 %', 'mirror', 'rotation'];

export interface Copy {
  name: string;
  cls: CopyClass;
  bytes: Buffer;
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const jpeg = (s: Sharp, quality = 90) => s.jpeg({ quality }).toBuffer();

/** A caption in the lower part (white letters, dark outline, a twelfth of the short side high) or a faint diagonal watermark, as SVG. */
function overlaySvg(width: number, height: number, kind: 'caption' | 'watermark'): Buffer {
  const size = Math.round(Math.min(width, height) / (kind === 'caption' ? 12 : 6));
  const text =
    kind === 'caption'
      ? `<text x="50%" y="88%" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#fff" stroke="#000" stroke-width="${Math.max(1, size / 16)}">SALE 70% OFF 送料無料</text>`
      : `<text x="50%" y="50%" text-anchor="middle" font-family="sans-serif" font-size="${size}" fill="#fff" fill-opacity="0.45" transform="rotate(-30 ${width / 2} ${height / 2})">© best-shop.example</text>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text}</svg>`);
}

/** A crop keeping (100 - percent) % of each side, the part cut off shared between the two ends at random. */
function crop(width: number, height: number, percent: number, next: () => number) {
  const w = Math.round(width * (1 - percent / 100));
  const h = Math.round(height * (1 - percent / 100));
  return { left: Math.floor((width - w) * next()), top: Math.floor((height - h) * next()), width: w, height: h };
}

/** The copies of one photo (JPEG bytes of the original), 17 of them in 10 classes. */
export async function copiesOf(photo: Buffer, seed: number): Promise<Copy[]> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const next = random(seed);
  const s = () => sharp(photo);
  const side = Math.max(width, height);
  const angle = (5 + 10 * next()) * (next() < 0.5 ? -1 : 1);
  const made: [string, CopyClass, Promise<Buffer>][] = [
    ['30 %', 'resize', jpeg(s().resize(Math.max(1, Math.round(width * 0.3))))],
    ['200 %', 'resize', jpeg(s().resize(width * 2))],
    ['JPEG 20', 'recompression', jpeg(s(), 20)],
    ['JPEG 95', 'recompression', jpeg(s(), 95)],
    ['brightness +20 %', 'brightness', jpeg(s().modulate({ brightness: 1.2 }))],
    ['brightness -20 %', 'brightness', jpeg(s().modulate({ brightness: 0.8 }))],
    ['contrast +20 %', 'brightness', jpeg(s().linear(1.2, -0.2 * 128))],
    ['contrast -20 %', 'brightness', jpeg(s().linear(0.8, 0.2 * 128))],
    ['caption', 'overlay', jpeg(s().composite([{ input: overlaySvg(width, height, 'caption') }]))],
    ['watermark', 'overlay', jpeg(s().composite([{ input: overlaySvg(width, height, 'watermark') }]))],
    ['padded to a square (white)', 'padding', jpeg(s().resize(side, side, { fit: 'contain', background: '#ffffff' }))],
    ['dark border 5 %', 'padding', jpeg(s().extend({ top: Math.round(height * 0.05), bottom: Math.round(height * 0.05), left: Math.round(width * 0.05), right: Math.round(width * 0.05), background: '#202020' }))],
    ['crop 5 %', 'crop 5 %', jpeg(s().extract(crop(width, height, 5, next)))],
    ['crop 10 %', 'crop 10 %', jpeg(s().extract(crop(width, height, 10, next)))],
    ['crop 20 %', 'crop 20 %', jpeg(s().extract(crop(width, height, 20, next)))],
    ['mirror', 'mirror', jpeg(s().flop())],
    [`rotation ${angle.toFixed(1)}°`, 'rotation', jpeg(s().rotate(angle, { background: '#ffffff' }))],
  ];
  return Promise.all(made.map(async ([name, cls, bytes]) => ({ name, cls, bytes: await bytes })));
}
