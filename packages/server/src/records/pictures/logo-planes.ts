import sharp from 'sharp';

/**
 * The pixel planes the logo search works on (logo.ts): grey values and their edges. Edges (the gradient's
 * magnitude) are what a recoloured logo keeps: a red mark turned blue, or light on dark where it was dark on light,
 * changes its grey values but not where its outlines are. They are blurred a little so that a logo a few per cent
 * larger or smaller than the nearest template size, or a pixel off, still lines up.
 */

export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}

/**
 * Edge strength at which an edge counts half (Sobel units: a step of 30 grey levels). Edges saturate above it, so a
 * logo's outline weighs about the same against a ground close to its colour as against a contrasting one, and the
 * fine grain of a photo (steps of a few levels) weighs little.
 */
const SATURATION = 120;

/**
 * Edges of a grey plane as two planes: the Sobel gradient's saturated strength times the cosine and sine of twice its
 * angle. Twice the angle makes an edge from dark to light the same as from light to dark (a logo inverted or laid on
 * a ground lighter or darker than its own), while keeping the edge's direction, which tells a logo's outline from
 * the photo's texture far better than strength alone. The border rows and columns have none.
 */
export function edges(grey: Plane): { x: Plane; y: Plane } {
  const { width: w, height: h, data: g } = grey;
  const ox = new Float32Array(w * h);
  const oy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = g[i - w + 1]! + 2 * g[i + 1]! + g[i + w + 1]! - g[i - w - 1]! - 2 * g[i - 1]! - g[i + w - 1]!;
      const gy = g[i + w - 1]! + 2 * g[i + w]! + g[i + w + 1]! - g[i - w - 1]! - 2 * g[i - w]! - g[i - w + 1]!;
      const sq = gx * gx + gy * gy;
      if (sq === 0) continue;
      const m = Math.sqrt(sq);
      const strength = m / (m + SATURATION);
      ox[i] = (strength * (gx * gx - gy * gy)) / sq;
      oy[i] = (strength * 2 * gx * gy) / sq;
    }
  }
  return { x: { data: ox, width: w, height: h }, y: { data: oy, width: w, height: h } };
}

/** A 3 × 3 box blur (borders averaged over the pixels that exist). */
export function blur(p: Plane): Plane {
  const { width: w, height: h, data } = p;
  const rows = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let d = -1; d <= 1; d++) {
        const xx = x + d;
        if (xx >= 0 && xx < w) {
          s += data[y * w + xx]!;
          n++;
        }
      }
      rows[y * w + x] = s / n;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let d = -1; d <= 1; d++) {
        const yy = y + d;
        if (yy >= 0 && yy < h) {
          s += rows[yy * w + x]!;
          n++;
        }
      }
      out[y * w + x] = s / n;
    }
  }
  return { data: out, width: w, height: h };
}

/** Two planes of edges, as the search compares them (blurred). */
export interface Feature {
  x: Plane;
  y: Plane;
}

/** What the search compares: blurred edges. */
export function featureOf(grey: Plane, blurs = 1): Feature {
  const e = edges(grey);
  return blurred(e, blurs);
}

function blurred(f: Feature, times: number): Feature {
  let out = f;
  for (let i = 0; i < times; i++) out = { x: blur(out.x), y: blur(out.y) };
  return out;
}

/** A grey plane from one-channel raw bytes. */
export function planeOf(bytes: Buffer, width: number, height: number): Plane {
  const data = new Float32Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = bytes[i]!;
  return { data, width, height };
}

/** A raw RGBA picture resized to `width` × `height` (sharp weighs colour by alpha, so edges keep no fringe). */
export async function resizeRgba(rgba: Buffer, from: { width: number; height: number }, width: number, height: number): Promise<Buffer> {
  return sharp(rgba, { raw: { width: from.width, height: from.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
}

/**
 * The template planes of an RGBA logo: its edges laid on black and on white, the stronger kept (a logo's outline
 * shows against whatever the picture puts behind it, dark or light), and where the logo is (alpha over a quarter,
 * widened by a pixel so the outline's outer half is inside).
 */
export function templatePlanes(rgba: Buffer, width: number, height: number, blurs = 1): { feature: Feature; mask: Uint8Array } {
  const onBlack = new Float32Array(width * height);
  const onWhite = new Float32Array(width * height);
  const solid = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const a = rgba[i * 4 + 3]! / 255;
    const grey = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
    onBlack[i] = grey * a;
    onWhite[i] = grey * a + 255 * (1 - a);
    solid[i] = a > 0.25 ? 1 : 0;
  }
  const b = edges({ data: onBlack, width, height });
  const w = edges({ data: onWhite, width, height });
  for (let i = 0; i < width * height; i++) {
    if (Math.hypot(w.x.data[i]!, w.y.data[i]!) <= Math.hypot(b.x.data[i]!, b.y.data[i]!)) continue;
    b.x.data[i] = w.x.data[i]!;
    b.y.data[i] = w.y.data[i]!;
  }
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let on = 0;
      for (let dy = -1; dy <= 1 && !on; dy++) {
        for (let dx = -1; dx <= 1 && !on; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width && solid[yy * width + xx]) on = 1;
        }
      }
      mask[y * width + x] = on;
    }
  }
  return { feature: blurred(b, blurs), mask };
}
