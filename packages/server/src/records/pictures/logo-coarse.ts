import { fft2, fftSide } from './fft.js';
import type { Feature } from './logo-planes.js';

/**
 * The logo search's coarse pass (logo.ts): every template size correlated with the whole picture at half the search
 * width by FFT, normalised by the picture's spread under the template's rectangle, and the best places kept apart
 * from each other for the fine pass.
 */

/** Places kept per logo. */
const CANDIDATES = 4;

export interface CoarseTemplate {
  width: number;
  height: number;
  /** Zero-mean edges under the mask, zero outside it, over the template's rectangle. */
  vx: Float32Array;
  vy: Float32Array;
  norm: number;
}

/** What the coarse pass needs of a logo: its coarse templates, and their transforms kept by canvas size. */
export interface CoarseLogo {
  coarse: CoarseTemplate[];
  /** The coarse templates' FFTs by canvas size (one canvas per picture height class). */
  spectra: Map<string, { re: Float64Array; im: Float64Array }[]>;
}

/** The picture as the search takes it: edge planes at both widths, and the coarse plane's spectrum and sums. */
export interface SearchPicture {
  fine: Feature;
  coarse: Feature;
  canvas: { width: number; height: number; re: Float64Array; im: Float64Array };
  /** Integral images of both coarse planes and of the squared length, rows of the coarse width + 1. */
  sums: { x: Float64Array; y: Float64Array; sq: Float64Array };
}

/** The picture made ready once for every logo searched in it: the coarse planes transformed (x + iy) and summed. */
export function searchPicture(fine: Feature, coarse: Feature): SearchPicture {
  const { width: pw, height: ph } = coarse.x;
  const W = fftSide(pw);
  const H = fftSide(ph);
  const re = new Float64Array(W * H);
  const im = new Float64Array(W * H);
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      re[y * W + x] = coarse.x.data[y * pw + x]!;
      im[y * W + x] = coarse.y.data[y * pw + x]!;
    }
  }
  fft2(re, im, W, H);
  const iw = pw + 1;
  const [sx, sy, sq] = [0, 1, 2].map(() => new Float64Array(iw * (ph + 1))) as [Float64Array, Float64Array, Float64Array];
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      const a = coarse.x.data[y * pw + x]!;
      const b = coarse.y.data[y * pw + x]!;
      const at = (y + 1) * iw + x + 1;
      sx[at] = a + sx[at - iw]! + sx[at - 1]! - sx[at - iw - 1]!;
      sy[at] = b + sy[at - iw]! + sy[at - 1]! - sy[at - iw - 1]!;
      sq[at] = a * a + b * b + sq[at - iw]! + sq[at - 1]! - sq[at - iw - 1]!;
    }
  }
  return { fine, coarse, canvas: { width: W, height: H, re, im }, sums: { x: sx, y: sy, sq } };
}

/**
 * The coarse pass: the best places over every size, apart from each other, best first. The two edge planes are one
 * complex plane (x + iy): the real part of its correlation with the template's is the sum of both planes'. Two
 * sizes share one inverse transform: each one's real part has a symmetric spectrum, so one goes in as the real
 * and the other as the imaginary part.
 */
export function coarsePlaces(pic: SearchPicture, logo: CoarseLogo): Place[] {
  const { width: pw, height: ph } = pic.coarse.x;
  const { width: W, height: H, re, im } = pic.canvas;
  const spectra = spectraOf(logo, W, H);
  const places: Place[] = [];
  const qr = new Float64Array(W * H);
  const qi = new Float64Array(W * H);
  for (let pair = 0; pair * 2 < spectra.length; pair++) {
    const a = spectra[pair * 2]!;
    const b = spectra[pair * 2 + 1];
    for (let ky = 0; ky < H; ky++) {
      const my = ((H - ky) % H) * W;
      for (let kx = 0; kx < W; kx++) {
        const k = ky * W + kx;
        const m = my + ((W - kx) % W);
        // C[k] = picture[k] · conj(template[k]); the real part's spectrum is (C[k] + conj(C[-k])) / 2.
        const ar = (re[k]! * a.re[k]! + im[k]! * a.im[k]! + (re[m]! * a.re[m]! + im[m]! * a.im[m]!)) / 2;
        const ai = (im[k]! * a.re[k]! - re[k]! * a.im[k]! - (im[m]! * a.re[m]! - re[m]! * a.im[m]!)) / 2;
        let br = 0;
        let bi = 0;
        if (b) {
          br = (re[k]! * b.re[k]! + im[k]! * b.im[k]! + (re[m]! * b.re[m]! + im[m]! * b.im[m]!)) / 2;
          bi = (im[k]! * b.re[k]! - re[k]! * b.im[k]! - (im[m]! * b.re[m]! - re[m]! * b.im[m]!)) / 2;
        }
        qr[k] = ar - bi;
        qi[k] = ai + br;
      }
    }
    fft2(qr, qi, W, H, true);
    for (const [part, size] of [[qr, pair * 2], [qi, pair * 2 + 1]] as const) {
      const t = logo.coarse[size];
      if (!t || t.width > pw || t.height > ph) continue;
      scanSize(pic, part, W, t, size, places, logo);
    }
  }
  return places.slice(0, CANDIDATES);
}

/** Every place of one size: its correlation (from the transform) normalised by the picture's spread there. */
function scanSize(pic: SearchPicture, corr: Float64Array, W: number, t: CoarseTemplate, size: number, places: Place[], logo: CoarseLogo): void {
  const { width: pw, height: ph } = pic.coarse.x;
  const iw = pw + 1;
  const { x: sx, y: sy, sq } = pic.sums;
  const n = t.width * t.height;
  for (let y = 0; y + t.height <= ph; y++) {
    for (let x = 0; x + t.width <= pw; x++) {
      const p00 = y * iw + x;
      const p01 = p00 + t.width;
      const p10 = p00 + t.height * iw;
      const p11 = p10 + t.width;
      const a = sx[p11]! - sx[p01]! - sx[p10]! + sx[p00]!;
      const b = sy[p11]! - sy[p01]! - sy[p10]! + sy[p00]!;
      const spread = sq[p11]! - sq[p01]! - sq[p10]! + sq[p00]! - (a * a + b * b) / n;
      if (spread <= 1e-6) continue;
      const ncc = corr[y * W + x]! / (Math.sqrt(spread) * t.norm);
      if (places.length < CANDIDATES * 8 || ncc > places[places.length - 1]!.ncc) keep(places, { size, x, y, ncc }, logo);
    }
  }
}

type Place = { size: number; x: number; y: number; ncc: number };

/** Keeps `place` in the list (best first) unless a better one overlaps it; drops the ones it overlaps and beats. */
function keep(places: Place[], place: Place, logo: CoarseLogo): void {
  for (let i = 0; i < places.length; i++) {
    if (!overlap(logo, place, places[i]!)) continue;
    if (places[i]!.ncc >= place.ncc) return;
    places.splice(i--, 1);
  }
  let at = places.findIndex((o) => o.ncc < place.ncc);
  if (at < 0) at = places.length;
  places.splice(at, 0, place);
  if (places.length > CANDIDATES * 8) places.pop();
}

/** Whether two places cover more than 30 % of the smaller one's rectangle in common. */
function overlap(logo: CoarseLogo, p: Place, o: Place): boolean {
  const t = logo.coarse[p.size]!;
  const u = logo.coarse[o.size]!;
  const w = Math.min(p.x + t.width, o.x + u.width) - Math.max(p.x, o.x);
  const h = Math.min(p.y + t.height, o.y + u.height) - Math.max(p.y, o.y);
  return w > 0 && h > 0 && w * h > 0.3 * Math.min(t.width * t.height, u.width * u.height);
}

/** The coarse templates' FFTs (x + iy) on a `width` × `height` canvas, kept on the logo. */
function spectraOf(logo: CoarseLogo, width: number, height: number): { re: Float64Array; im: Float64Array }[] {
  const key = `${width}x${height}`;
  const kept = logo.spectra.get(key);
  if (kept) return kept;
  const out = logo.coarse.map((t) => {
    const re = new Float64Array(width * height);
    const im = new Float64Array(width * height);
    if (t.width <= width && t.height <= height) {
      for (let y = 0; y < t.height; y++) {
        for (let x = 0; x < t.width; x++) {
          re[y * width + x] = t.vx[y * t.width + x]!;
          im[y * width + x] = t.vy[y * t.width + x]!;
        }
      }
    }
    fft2(re, im, width, height);
    return { re, im };
  });
  logo.spectra.set(key, out);
  return out;
}
