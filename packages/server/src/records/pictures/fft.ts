/**
 * A two-dimensional radix-2 FFT on split real and imaginary arrays, in place: what the logo search (logo.ts) uses
 * to correlate a template with a whole picture at once instead of position by position. Twiddle factors and the
 * bit-reversal order are kept per length (the search uses two or three lengths).
 */

/** The power of two at or above `n`: a side of the canvas an FFT can take. */
export function fftSide(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

interface Table {
  cos: Float64Array;
  sin: Float64Array;
  reversed: Uint32Array;
}

const tables = new Map<number, Table>();

function tableOf(n: number): Table {
  let t = tables.get(n);
  if (t) return t;
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) {
    cos[k] = Math.cos((-2 * Math.PI * k) / n);
    sin[k] = Math.sin((-2 * Math.PI * k) / n);
  }
  const reversed = new Uint32Array(n);
  const bits = Math.log2(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reversed[i] = r;
  }
  t = { cos, sin, reversed };
  tables.set(n, t);
  return t;
}

/** One FFT of length n over re/im at offset, stride; `sign` -1 forward, +1 inverse (unscaled). */
function fft1(re: Float64Array, im: Float64Array, n: number, offset: number, stride: number, sign: number, t: Table): void {
  const { cos, sin, reversed } = t;
  for (let i = 0; i < n; i++) {
    const j = reversed[i]!;
    if (i < j) {
      const a = offset + i * stride;
      const b = offset + j * stride;
      const tr = re[a]!;
      re[a] = re[b]!;
      re[b] = tr;
      const ti = im[a]!;
      im[a] = im[b]!;
      im[b] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const cr = cos[k * step]!;
        const ci = -sign * sin[k * step]!;
        const a = offset + (i + k) * stride;
        const b = a + half * stride;
        const xr = re[b]! * cr - im[b]! * ci;
        const xi = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
}

/** The 2-D FFT of a `width` × `height` canvas (both powers of two, rows of `width`); the inverse is scaled. */
export function fft2(re: Float64Array, im: Float64Array, width: number, height: number, inverse = false): void {
  const sign = inverse ? 1 : -1;
  const rows = tableOf(width);
  const columns = tableOf(height);
  for (let y = 0; y < height; y++) fft1(re, im, width, y * width, 1, sign, rows);
  for (let x = 0; x < width; x++) fft1(re, im, height, x, width, sign, columns);
  if (inverse) {
    const scale = 1 / (width * height);
    for (let i = 0; i < re.length; i++) {
      re[i] = re[i]! * scale;
      im[i] = im[i]! * scale;
    }
  }
}
