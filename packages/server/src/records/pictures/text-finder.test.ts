import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { madePhoto } from '../../testing/photos.js';
import { closeOcr, ocrBase, readText } from './ocr.js';
import { cleanLine, findTextLines } from './text-finder.js';
import { findWordMarks } from './wordmark.js';

/**
 * The text finder (text-finder.ts) and the reading of the lines it finds (ocr.ts, line-crops.ts), on made pictures
 * like the ones tesseract alone cannot read: outlined words (white with a dark outline, dark with a white one) on a
 * busy ground, a made photo covered by short dark and light strokes like grass. There the whole-picture passes read
 * the Japanese words not at all (tesseract's page layout finds no line in them; checked by leaving the crops out),
 * the lines' crops do; the English ones the passes read already, and the crops must not lose them.
 */

/** A made photo covered by 1,500 short strokes of every grey, 2-4 px wide, at every angle: grass, a thicket. */
async function busyPhoto(seed: number, width = 800, height = 600): Promise<Buffer> {
  let state = seed * 7919 + 3;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const strokes = Array.from({ length: 1500 }, () => {
    const [x, y, angle, length] = [random() * width, random() * height, random() * Math.PI, 8 + random() * 24];
    const grey = Math.round(random() * 255);
    return `<line x1="${x}" y1="${y}" x2="${x + Math.cos(angle) * length}" y2="${y + Math.sin(angle) * length}" stroke="rgb(${grey},${grey},${Math.min(255, grey + 30)})" stroke-width="${2 + random() * 2}" stroke-linecap="round"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${strokes}</svg>`;
  return sharp(await madePhoto(seed, width, height)).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 85 }).toBuffer();
}

const TEXT_TOP = 330;
const SIZE = 52;

/** `word` written across the busy photo at `TEXT_TOP`, white with a dark outline or dark with a white one. */
async function outlinedWord(seed: number, word: string, font: string, light: boolean): Promise<Buffer> {
  const paint = light ? 'fill="#ffffff" stroke="#111111"' : 'fill="#111111" stroke="#ffffff"';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <text x="400" y="${TEXT_TOP + SIZE / 2}" font-family="${font}" font-weight="700" font-size="${SIZE}" ${paint} stroke-width="3" paint-order="stroke" text-anchor="middle" dominant-baseline="central">${word}</text></svg>`;
  return sharp(await busyPhoto(seed)).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 85 }).toBuffer();
}

const MARKS = [
  { trademarkId: 1, brandId: null, text: 'SAKURA GLOW' },
  { trademarkId: 2, brandId: null, text: 'さくら美肌' },
];

const PICTURES = [
  { name: 'English, white with a dark outline', word: 'SAKURA GLOW', make: () => outlinedWord(41, 'SAKURA GLOW', 'DejaVu Sans', true) },
  { name: 'English, dark with a white outline', word: 'SAKURA GLOW', make: () => outlinedWord(42, 'SAKURA GLOW', 'Liberation Serif', false) },
  { name: 'Japanese, white with a dark outline', word: 'さくら美肌', make: () => outlinedWord(43, 'さくら美肌', 'Noto Sans CJK JP', true) },
  { name: 'Japanese, dark with a white outline', word: 'さくら美肌', make: () => outlinedWord(44, 'さくら美肌', 'Noto Serif CJK JP', false) },
];

afterAll(closeOcr);

describe('finding text lines', () => {
  it.each(PICTURES)('finds the words among its first lines: $name', async ({ make }) => {
    const { data, info } = await sharp(await ocrBase(await make())).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const lines = findTextLines(data, info.width, info.height);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(6);
    // A line over the words' rows, as wide as most of the words (centred, about 300-560 px wide at 52 px).
    const onWords = lines.filter((l) => l.top < TEXT_TOP + SIZE && l.top + l.height > TEXT_TOP && l.width > 200 && Math.abs(l.left + l.width / 2 - 400) < 80);
    expect(onWords.length).toBeGreaterThan(0);
  });

  it('cleans a crop to the letters: ground cut by the edge, specks and blobs off the line go', () => {
    // 40 × 20 crop, letters' rows 5-14: a letter (kept), a bar along the edge, a speck, a blob above the rows.
    const [w, h] = [40, 20];
    const grey = new Uint8Array(w * h).fill(200);
    const paint = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) grey[y * w + x] = 10;
    };
    paint(10, 5, 13, 14);
    paint(0, 0, 39, 1);
    paint(20, 8, 20, 8);
    paint(28, 2, 33, 4);
    const clean = cleanLine(grey, w, h, { light: false, level: 100, top: 5, bottom: 14 });
    const black = [...clean.keys()].filter((i) => clean[i] === 0);
    expect(black).toHaveLength(4 * 10);
    expect(black.every((i) => i % w >= 10 && i % w <= 13)).toBe(true);
  });
});

describe('reading the lines found', () => {
  it.each(PICTURES)('reads the word mark on the busy ground: $name', async ({ make, word }) => {
    const text = await readText(await make(), (t) => findWordMarks(t, MARKS).length > 0, 120_000);
    expect(findWordMarks(text ?? '', MARKS).map((f) => f.text)).toEqual([word]);
  }, 120_000);
});
