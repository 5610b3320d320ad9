import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeImageHeader } from './images.js';
import { encodeRgba, shrinkPng } from './png-shrink.js';
import { demoLogo } from '../demo/image.js';

/** The RGBA pixels of an 8-bit RGBA PNG written by encodeRgba (one IDAT, every row filter 0). */
function pixels(png: Buffer): { width: number; at: (x: number, y: number) => number[] } {
  const width = png.readUInt32BE(16);
  const idat = png.indexOf('IDAT', 0, 'latin1');
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  return { width, at: (x, y) => [...raw.subarray(y * (1 + width * 4) + 1 + x * 4, y * (1 + width * 4) + 5 + x * 4)] };
}

describe('shrinkPng', () => {
  it('averages an RGBA picture into the box, keeping its proportions and colours', async () => {
    const rows = Buffer.alloc(200 * (1 + 400 * 4));
    for (let y = 0; y < 200; y++) for (let x = 0; x < 400; x++) rows.set(x < 200 ? [255, 0, 0, 255] : [0, 0, 255, 128], y * 1601 + 1 + x * 4);
    const shrunk = await shrinkPng(encodeRgba(rows, 400, 200), { maxWidth: 100, maxHeight: 100 });
    expect([shrunk?.width, shrunk?.height]).toEqual([100, 50]);
    const check = decodeImageHeader(shrunk!.png);
    expect(check.ok && check.image).toEqual({ type: 'png', width: 100, height: 50 });
    const p = pixels(shrunk!.png);
    expect(p.at(0, 0)).toEqual([255, 0, 0, 255]);
    expect(p.at(99, 49)).toEqual([0, 0, 255, 128]);
  });

  it('reads truecolour without alpha, and keeps only the top of a tall page', async () => {
    // demoLogo: a 320 px RGB disc on white, filter 0.
    const shrunk = await shrinkPng(demoLogo([0, 128, 0], 320), { maxWidth: 32, maxHeight: 32 });
    const p = pixels(shrunk!.png);
    expect(p.at(0, 0)).toEqual([255, 255, 255, 255]);
    expect(p.at(16, 16)).toEqual([0, 128, 0, 255]);
    const tall = Buffer.alloc(3000 * 101);
    const top = await shrinkPng(encodeRgba(tall, 25, 3000), { maxWidth: 50, maxHeight: 50, maxRatio: 1 });
    expect([top?.width, top?.height]).toEqual([25, 25]);
  });

  it('answers null for what is not a PNG it reads', async () => {
    expect(await shrinkPng(Buffer.from('<html>'), { maxWidth: 10, maxHeight: 10 })).toBeNull();
    const broken = demoLogo([1, 2, 3], 64);
    broken.fill(0, 60, 80);
    expect(await shrinkPng(broken, { maxWidth: 10, maxHeight: 10 })).toBeNull();
  });
});
