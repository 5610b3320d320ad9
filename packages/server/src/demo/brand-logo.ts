import { encodePng } from '../platform/png-shrink.js';

/**
 * The logos of the demo brand sites (brand-sites.ts), drawn here so no binary sits in the repo: SAKURA BEAUTY's
 * five-petal blossom, the mark a clone swaps for its own (a blue diamond), and the unrelated shops' marks.
 * Drawn by a test on every pixel, so the bytes are the same on every run and every machine.
 */
type Rgb = readonly [number, number, number];
type Shape = (x: number, y: number, size: number) => boolean;

function draw(size: number, ink: Rgb, inside: Shape, background: Rgb = [255, 255, 255]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    row[0] = 0; // no filter
    for (let x = 0; x < size; x++) row.set(inside(x + 0.5, y + 0.5, size) ? ink : background, 1 + x * 3);
    rows.push(row);
  }
  return encodePng(Buffer.concat(rows), size, size, 'rgb');
}

/** Five petals around a centre: polar rose r = |cos(5θ/2)|, filled, plus a white heart in the middle. */
const blossom: Shape = (x, y, size) => {
  const c = size / 2;
  const dx = x - c;
  const dy = y - c;
  const r = Math.hypot(dx, dy) / (c - 2);
  if (r < 0.18) return false;
  const theta = Math.atan2(dy, dx) + Math.PI / 2;
  return r <= 0.35 + 0.65 * Math.abs(Math.cos((5 * theta) / 2));
};

const diamond: Shape = (x, y, size) => Math.abs(x - size / 2) + Math.abs(y - size / 2) <= size / 2 - 4;
const stripes: Shape = (x, y, size) => Math.floor((x + y) / (size / 6)) % 2 === 0;
const ring: Shape = (x, y, size) => {
  const r = Math.hypot(x - size / 2, y - size / 2);
  return r <= size / 2 - 4 && r >= size / 4;
};
const mountain: Shape = (x, y, size) => y >= size - 8 - (size - 16) * (1 - Math.abs(x - size / 2) / (size / 2));

export const SAKURA_LOGO = draw(128, [214, 51, 132], blossom);
/** What the `changed-logo` clone shows instead: same size and place, another mark. */
export const OTHER_LOGO = draw(128, [30, 90, 200], diamond);
export const SHOP_LOGOS = {
  outdoor: draw(96, [40, 110, 60], mountain),
  tea: draw(96, [90, 130, 40], ring),
  electronics: draw(96, [20, 20, 20], stripes, [250, 200, 0]),
  cosmetics: draw(96, [120, 60, 160], ring, [245, 240, 250]),
} as const;
