/**
 * Finding where a picture's words are before reading them (issue 31, "shows the word mark"). Tesseract's own page
 * layout finds no text line in a busy photo (leaves, branches, a city at night), least of all in outlined words, so
 * ocr.ts reads the lines this finds, cropped and cleaned, when its first whole-picture passes gave no word mark. No
 * text-detector model ships in a package here (EAST, CRAFT), so this is the classical way, close to MSER: words put on
 * a picture are letters of one flat colour, near black or near white, each a blob cut off from its neighbours by its
 * own edge (the outline of outlined words keeps a white letter apart from a bright sky). The grey picture is cut at a
 * few levels, dark side and light side; the blobs of each cut that are shaped like letters (size, aspect, fill) are
 * chained with their neighbours of a like height on a like line; a chain of letters is a text line. A line a flat
 * letter colour makes is found at many levels, a chance row of leaves at few, so the count of levels that found a line
 * ranks it.
 */

export interface TextLine {
  /** The box of the letters in the grey picture given (no padding). */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The letters are lighter than their ground (then the reading inverts them). */
  light: boolean;
  /** The grey level that cuts the letters from their ground best: the middle of the levels that found the line. */
  level: number;
  /** Letter blobs in the line, and how many levels found it: the rank. */
  letters: number;
  levels: number;
}

/** The cuts: a dark letter is darker than the level, a light one lighter. Outlined words are found at most of them. */
const LEVELS = [40, 80, 120, 160, 200, 235];

interface Blob {
  left: number;
  top: number;
  right: number;
  bottom: number;
  area: number;
}

/**
 * The text lines of a grey picture (one byte a pixel, `width` × `height`), best first: at most `max`. The picture is
 * expected at a reading size (longest side some hundreds of pixels): letters under 8 px high are not looked for.
 */
export function findTextLines(grey: Uint8Array, width: number, height: number, max = 6): TextLine[] {
  const found: TextLine[] = [];
  const mask = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  for (const light of [false, true]) {
    for (const level of LEVELS) {
      for (let i = 0; i < mask.length; i++) mask[i] = (light ? grey[i]! > level : grey[i]! < level) ? 1 : 0;
      const letters = blobsOf(mask, stack, width, height).filter((b) => letterLike(b, width, height));
      for (const line of chain(letters)) found.push({ ...line, light, level, levels: 1 });
    }
  }
  return merge(found).slice(0, max);
}

/** The connected blobs (4-neighbours) of the set pixels, with their boxes and areas; the mask is cleared. */
function blobsOf(mask: Uint8Array, stack: Int32Array, width: number, height: number): Blob[] {
  const blobs: Blob[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1) continue;
    const blob = { left: width, top: height, right: 0, bottom: 0, area: 0 };
    let size = 0;
    stack[size++] = start;
    mask[start] = 0;
    while (size > 0) {
      const at = stack[--size]!;
      const x = at % width;
      const y = (at - x) / width;
      blob.area++;
      if (x < blob.left) blob.left = x;
      if (x > blob.right) blob.right = x;
      if (y < blob.top) blob.top = y;
      if (y > blob.bottom) blob.bottom = y;
      for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, y > 0 ? at - width : -1, y < height - 1 ? at + width : -1]) {
        if (next < 0 || mask[next] !== 1) continue;
        mask[next] = 0;
        stack[size++] = next;
      }
    }
    blobs.push(blob);
  }
  return blobs;
}

/**
 * Shaped like a letter (or a piece of a Japanese character): 8 px high at least and at most a third of the picture,
 * not touching its edge (that is ground), at most three times as wide as high (letters touching each other in bold
 * faces), and filling 12-95 % of its box (a stroke, not a speck or a filled patch; a narrow "I" or "l" may fill it).
 */
function letterLike(b: Blob, width: number, height: number): boolean {
  const w = b.right - b.left + 1;
  const h = b.bottom - b.top + 1;
  if (h < 8 || h > height / 3 || w > 3 * h || b.area < 20) return false;
  if (b.left === 0 || b.top === 0 || b.right === width - 1 || b.bottom === height - 1) return false;
  const fill = b.area / (w * h);
  return fill >= 0.12 && (fill <= 0.95 || w < 0.35 * h);
}

/**
 * Letters chained into lines: each letter links to its nearest neighbour on the right that shares most of its rows,
 * is of a like height (a Japanese character's pieces differ, so up to twice) and is less than a letter's height away.
 * A chain of at least three blobs, with most of them of the line's usual height, is a line.
 */
function chain(blobs: Blob[]): Omit<TextLine, 'light' | 'level' | 'levels'>[] {
  blobs.sort((a, b) => a.left - b.left);
  const parent = blobs.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < blobs.length; i++) {
    const a = blobs[i]!;
    const ha = a.bottom - a.top + 1;
    let best = -1;
    let bestGap = Infinity;
    for (let j = i + 1; j < blobs.length; j++) {
      const b = blobs[j]!;
      const hb = b.bottom - b.top + 1;
      const reach = Math.max(ha, hb);
      if (b.left - a.right > 1.5 * reach) break;
      const gap = b.left - a.right;
      if (gap > reach || gap < -0.3 * Math.min(ha, hb) || Math.max(ha, hb) > 2 * Math.min(ha, hb)) continue;
      const shared = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
      if (shared < 0.6 * Math.min(ha, hb)) continue;
      if (gap < bestGap) {
        best = j;
        bestGap = gap;
      }
    }
    if (best >= 0) parent[root(best)] = root(i);
  }
  const groups = new Map<number, Blob[]>();
  blobs.forEach((b, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), b]));
  const lines: Omit<TextLine, 'light' | 'level' | 'levels'>[] = [];
  for (const members of groups.values()) {
    if (members.length < 3) continue;
    const heights = members.map((m) => m.bottom - m.top + 1).sort((a, b) => a - b);
    const usual = heights[Math.floor(heights.length / 2)]!;
    const regular = heights.filter((h) => h >= 0.7 * usual && h <= 1.4 * usual).length;
    if (regular < 0.6 * members.length) continue;
    const left = Math.min(...members.map((m) => m.left));
    const top = Math.min(...members.map((m) => m.top));
    const right = Math.max(...members.map((m) => m.right));
    const bottom = Math.max(...members.map((m) => m.bottom));
    lines.push({ left, top, width: right - left + 1, height: bottom - top + 1, letters: members.length });
  }
  return lines;
}

const overlap = (a: TextLine, b: TextLine) => {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
};

/**
 * One line for the same place found at several levels of one side, counted once per level. Ranked by levels, then
 * letters.
 */
function merge(lines: TextLine[]): TextLine[] {
  const places: TextLine[][] = [];
  for (const line of lines) {
    const place = places.find((p) => p[0]!.light === line.light && p.some((l) => overlap(l, line) > 0.5));
    if (place) place.push(line);
    else places.push([line]);
  }
  return places
    .map((p) => {
      // The box of the level that chained most letters (at others a letter touching the ground drops out of the
      // line), the middle level of those that found it to cut the letters from the ground (the most margin both ways:
      // an extreme one loses a serif's thin strokes).
      const widest = p.reduce((a, b) => (b.letters > a.letters ? b : a));
      const levels = [...new Set(p.map((l) => l.level))].sort((a, b) => a - b);
      return { ...widest, level: levels[Math.floor(levels.length / 2)]!, levels: levels.length };
    })
    .sort((a, b) => b.levels - a.levels || b.letters - a.letters);
}

/**
 * A line's crop (grey, `width` × `height`, enlarged to reading size, the letters in rows `top` to `bottom`) made black
 * letters on white: the pixels on the letters' side of the line's level are ink, and of the ink blobs only the
 * letters' are kept. A blob touching the crop's edge is ground cut by the crop (a branch, the sky beyond an outline);
 * one mostly above or below the letters' rows, or taller than a letter, is ground too; a speck (under a sixth of the
 * letters' height both ways) is grain or a leaf's glint. What is left is the letters and their parts (a Japanese
 * character's dots and dashes are bigger than a speck).
 */
export function cleanLine(grey: Uint8Array, width: number, height: number, line: { light: boolean; level: number; top: number; bottom: number }): Uint8Array {
  const { light, level, top, bottom } = line;
  const rows = bottom - top + 1;
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = (light ? grey[i]! > level : grey[i]! < level) ? 1 : 0;
  const out = new Uint8Array(width * height).fill(255);
  const pixels: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (ink[start] !== 1) continue;
    pixels.length = 0;
    pixels.push(start);
    ink[start] = 0;
    let [left, right, up, down] = [width, 0, height, 0];
    for (let k = 0; k < pixels.length; k++) {
      const at = pixels[k]!;
      const x = at % width;
      const y = (at - x) / width;
      left = Math.min(left, x);
      right = Math.max(right, x);
      up = Math.min(up, y);
      down = Math.max(down, y);
      for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, y > 0 ? at - width : -1, y < height - 1 ? at + width : -1]) {
        if (next < 0 || ink[next] !== 1) continue;
        ink[next] = 0;
        pixels.push(next);
      }
    }
    const h = down - up + 1;
    const inRows = Math.min(down, bottom) - Math.max(up, top) + 1;
    const edge = left === 0 || up === 0 || right === width - 1 || down === height - 1;
    const speck = h < rows / 6 && right - left + 1 < rows / 6;
    if (edge || speck || h > 1.3 * rows || inRows < 0.5 * h) continue;
    for (const at of pixels) out[at] = 0;
  }
  return out;
}
