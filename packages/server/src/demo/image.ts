import sharp from 'sharp';
import { encodePng } from '../platform/png-shrink.js';

/** A small PNG logo for the demo trademarks: a coloured disc on white, drawn here so no binary sits in the repo. */
export function demoLogo(rgb: readonly [number, number, number], size = 96): Buffer {
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3, 255);
    row[0] = 0; // no filter
    for (let x = 0; x < size; x++) {
      const inside = (x - r + 0.5) ** 2 + (y - r + 0.5) ** 2 <= (r - 4) ** 2;
      if (inside) row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  return encodePng(Buffer.concat(rows), size, size, 'rgb');
}

/**
 * Sakura's design mark (issue 31, "shows the logo"): a five-petalled flower in a ring over a bar, in the brand's
 * pink on a transparent ground, as SVG. The first SAKURA GLOW trademark carries it as its image, and the demo
 * market's fourth listing picture shows it (genuine-photos.ts), so the pictures job finds the logo there.
 */
export const SAKURA_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="322" height="372" viewBox="39 9 322 372">
  <circle cx="200" cy="170" r="150" fill="none" stroke="#db2777" stroke-width="22"/>
  ${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="200" cy="105" rx="34" ry="62" fill="#db2777" transform="rotate(${a} 200 170)"/>`).join('')}
  <circle cx="200" cy="170" r="22" fill="#ffffff"/>
  <rect x="70" y="345" width="260" height="36" rx="10" fill="#db2777"/></svg>`;

/** The design mark as the trademark's PNG image. */
export const sakuraMark = () => sharp(Buffer.from(SAKURA_MARK_SVG)).resize({ width: 240 }).png().toBuffer();
