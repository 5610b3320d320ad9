import { crc32, deflateSync } from 'node:zlib';
import sharp, { type OverlayOptions } from 'sharp';

/**
 * Made photographs for tests of the picture fingerprints (records/pictures): the repository ships no real photos,
 * so each is built from a seed like a photo is made of light: a smooth field of a few coloured blobs over a
 * gradient, with fine grain, as a JPEG. Two seeds give unrelated pictures; the same seed the same bytes.
 */
export async function madePhoto(seed: number, width = 640, height = 480): Promise<Buffer> {
  let state = seed * 2654435761 + 1;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  // The light at a quarter of the size (it is smooth), enlarged, then the grain at full size.
  const [w, h] = [Math.ceil(width / 4), Math.ceil(height / 4)];
  const blobs = Array.from({ length: 7 }, () => ({ x: random() * w, y: random() * h, r: (0.1 + random() * 0.35) * w, rgb: [random() * 255, random() * 255, random() * 255] }));
  const tilt = [random() * 2 - 1, random() * 2 - 1];
  const field = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const base = 128 + 60 * (tilt[0]! * (x / w - 0.5) + tilt[1]! * (y / h - 0.5));
      const rgb = [base, base, base];
      for (const b of blobs) {
        const weight = Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (b.r * b.r));
        for (let c = 0; c < 3; c++) rgb[c] = rgb[c]! * (1 - weight) + b.rgb[c]! * weight;
      }
      for (let c = 0; c < 3; c++) field[(y * w + x) * 3 + c] = Math.round(rgb[c]!);
    }
  }
  const pixels = await sharp(field, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  for (let i = 0; i < pixels.length; i += 3) {
    const grain = Math.round((random() - 0.5) * 16);
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, pixels[i + c]! + grain));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A decompression bomb: a PNG whose header claims 30,000 × 30,000 pixels (2.7 GB decoded) in a few dozen bytes, its
 * chunks well formed (right CRCs), so only the claimed size can refuse it.
 */
export function pngBomb(side = 30_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, not interlaced
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A made photo with a word on it, as a seller's listing picture shows a brand (issue 31, word marks): the word in a
 * font of this machine (fontconfig names: DejaVu, Liberation, Noto CJK), dark on a pale plate, at `size` px.
 */
export async function photoWithWord(seed: number, word: string, font: string, opts: { size?: number; weight?: number; width?: number; height?: number } = {}): Promise<Buffer> {
  const { size = 48, weight = 400, width = 640, height = 480 } = opts;
  const escaped = word.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const plate = { w: Math.round(width * 0.8), h: Math.round(size * 1.8) };
  const top = Math.round(height * 0.62);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="${(width - plate.w) / 2}" y="${top}" width="${plate.w}" height="${plate.h}" rx="12" fill="#ffffff" fill-opacity="0.8"/>
    <text x="${width / 2}" y="${top + plate.h / 2}" font-family="${font}" font-weight="${weight}" font-size="${size}" fill="#1f2937" text-anchor="middle" dominant-baseline="central">${escaped}</text></svg>`;
  return sharp(await madePhoto(seed, width, height)).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Made design marks for the logo tests (issue 31, "shows the logo"), as SVG drawn by sharp on a transparent ground:
 * `sakura` a five-petalled flower in a ring with a bar below, `wave` three waves over a triangle. `colour` recolours
 * the whole mark.
 */
export async function madeLogo(kind: 'sakura' | 'wave', colour = '#c2185b', size = 400): Promise<Buffer> {
  const shapes =
    kind === 'sakura'
      ? `<circle cx="200" cy="170" r="150" fill="none" stroke="${colour}" stroke-width="22"/>
         ${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="200" cy="105" rx="34" ry="62" fill="${colour}" transform="rotate(${a} 200 170)"/>`).join('')}
         <circle cx="200" cy="170" r="22" fill="#ffffff"/>
         <rect x="70" y="345" width="260" height="36" rx="10" fill="${colour}"/>`
      : `<polygon points="200,30 370,370 30,370" fill="none" stroke="${colour}" stroke-width="24"/>
         ${[170, 230, 290].map((y) => `<path d="M90 ${y} q 27 -30 55 0 t 55 0 t 55 0 t 55 0" fill="none" stroke="${colour}" stroke-width="16"/>`).join('')}`;
  // The drawing's own bounds, so a logo pasted at a share of a picture's width shows that wide.
  const [x, y, w, h] = kind === 'sakura' ? [39, 9, 322, 372] : [14, 8, 372, 376];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">${shapes}</svg>`;
  return sharp(Buffer.from(svg)).resize({ width: size }).png().toBuffer();
}

/**
 * A made photo with a logo pasted on it at `share` of its width, its left top corner at (`x`, `y`) as shares of the
 * picture, and, with `cover`, a grey box over that share of the logo's area (its right part), as a listing hides
 * part of a mark.
 */
export async function photoWithLogo(seed: number, logo: Buffer, opts: { share: number; x: number; y: number; cover?: number; width?: number; height?: number }): Promise<Buffer> {
  const { width = 640, height = 480, cover = 0 } = opts;
  const w = Math.round(width * opts.share);
  const pasted = await sharp(logo).resize({ width: w }).png().toBuffer();
  const h = (await sharp(pasted).metadata()).height ?? w;
  const left = Math.round(width * opts.x);
  const top = Math.round(height * opts.y);
  const layers: OverlayOptions[] = [{ input: pasted, left, top }];
  if (cover > 0) {
    const cw = Math.max(1, Math.round(w * cover));
    layers.push({ input: { create: { width: cw, height: h, channels: 3, background: '#8a8f94' } }, left: left + w - cw, top });
  }
  return sharp(await madePhoto(seed, width, height)).composite(layers).jpeg({ quality: 85 }).toBuffer();
}
