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
