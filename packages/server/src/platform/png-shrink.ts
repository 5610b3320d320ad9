import { crc32, createInflate, deflateSync } from 'node:zlib';

/**
 * A PNG made smaller without an image library (the project has none; sharp and the like bring native builds):
 * the picture's top, at most `maxRatio` times as tall as it is wide (a full-page capture is mostly its first
 * screen in a thumbnail), averaged down into a box of `maxWidth` × `maxHeight` and written as an 8-bit RGBA PNG.
 * Rows are inflated as a stream and the inflater stops once the rows kept are read, so a 1280 × 16,000 capture
 * never sits in memory whole. Answers null for what it does not read (interlaced PNGs, a damaged stream): the
 * caller serves the original then.
 */
export interface ShrinkBox {
  maxWidth: number;
  maxHeight: number;
  /** Rows kept: at most this times the width (default 1.5). */
  maxRatio?: number;
}

interface Header {
  width: number;
  height: number;
  depth: number;
  colour: number;
  interlaced: boolean;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Parsed {
  header: Header;
  palette: Buffer | null;
  alpha: Buffer | null;
  data: Buffer[];
}

function parse(b: Buffer): Parsed | null {
  if (b.length < 8 || !b.subarray(0, 8).equals(SIGNATURE)) return null;
  let header: Header | null = null;
  let palette: Buffer | null = null;
  let alpha: Buffer | null = null;
  const data: Buffer[] = [];
  for (let at = 8; at + 12 <= b.length; ) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    const body = b.subarray(at + 8, at + 8 + length);
    if (body.length !== length) return null;
    if (type === 'IHDR') {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colour: body[9]!, interlaced: body[12] === 1 };
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') alpha = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || header.width < 1 || header.height < 1 || CHANNELS[header.colour] === undefined || data.length === 0) return null;
  if (![1, 2, 4, 8, 16].includes(header.depth)) return null;
  return { header, palette, alpha, data };
}

/** Inflates the image data until `wanted` bytes are out, then stops reading. */
function inflateFirst(data: Buffer[], wanted: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    const out: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: Buffer | null) => {
      if (done) return;
      done = true;
      inflate.removeAllListeners('data');
      inflate.on('error', () => {});
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      out.push(chunk);
      size += chunk.length;
      if (size >= wanted) finish(Buffer.concat(out).subarray(0, wanted));
    });
    inflate.on('error', () => finish(null));
    inflate.on('end', () => finish(size >= wanted ? Buffer.concat(out).subarray(0, wanted) : null));
    for (const part of data) {
      if (done) break;
      inflate.write(part);
    }
    inflate.end();
  });
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Undoes one row's filter in place (`prior`: the row above, unfiltered). */
function unfilter(filter: number, row: Buffer, prior: Buffer, bpp: number): boolean {
  for (let i = 0; i < row.length; i++) {
    const left = i >= bpp ? row[i - bpp]! : 0;
    const up = prior[i]!;
    const upLeft = i >= bpp ? prior[i - bpp]! : 0;
    const add = filter === 0 ? 0 : filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : -1;
    if (add < 0) return false;
    row[i] = (row[i]! + add) & 0xff;
  }
  return true;
}

/** One unfiltered row as RGBA, 8 bits a channel. */
function toRgba(row: Buffer, p: Parsed, out: Uint8Array): void {
  const { width, depth, colour } = p.header;
  const channels = CHANNELS[colour]!;
  const sample = (index: number): number => {
    if (depth === 8) return row[index]!;
    if (depth === 16) return row[index * 2]!;
    const bit = index * depth;
    return (row[bit >> 3]! >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
  };
  const scale = colour === 3 || depth >= 8 ? 1 : 255 / ((1 << depth) - 1);
  for (let x = 0; x < width; x++) {
    const o = x * 4;
    const s = x * channels;
    if (colour === 3) {
      const i = sample(s);
      out[o] = p.palette?.[i * 3] ?? 0;
      out[o + 1] = p.palette?.[i * 3 + 1] ?? 0;
      out[o + 2] = p.palette?.[i * 3 + 2] ?? 0;
      out[o + 3] = p.alpha?.[i] ?? 255;
    } else if (colour === 0 || colour === 4) {
      const g = Math.round(sample(s) * scale);
      out[o] = out[o + 1] = out[o + 2] = g;
      out[o + 3] = colour === 4 ? sample(s + 1) : 255;
    } else {
      out[o] = sample(s);
      out[o + 1] = sample(s + 1);
      out[o + 2] = sample(s + 2);
      out[o + 3] = colour === 6 ? sample(s + 3) : 255;
    }
  }
}

export async function shrinkPng(bytes: Buffer, box: ShrinkBox): Promise<{ png: Buffer; width: number; height: number } | null> {
  const p = parse(bytes);
  if (!p || p.header.interlaced) return null;
  const { width, depth, colour } = p.header;
  const rows = Math.min(p.header.height, Math.max(1, Math.round(width * (box.maxRatio ?? 1.5))));
  const scale = Math.min(1, box.maxWidth / width, box.maxHeight / rows);
  const outW = Math.max(1, Math.round(width * scale));
  const outH = Math.max(1, Math.round(rows * scale));
  const rowBytes = Math.ceil((width * CHANNELS[colour]! * depth) / 8);
  const bpp = Math.max(1, (CHANNELS[colour]! * depth) >> 3);
  const raw = await inflateFirst(p.data, rows * (rowBytes + 1));
  if (!raw) return null;

  const out = Buffer.alloc(outH * (1 + outW * 4));
  const sums = new Float64Array(outW * 4);
  const counts = new Float64Array(outW);
  const rgba = new Uint8Array(width * 4);
  let prior = Buffer.alloc(rowBytes);
  let outRow = 0;
  const flush = () => {
    const base = outRow * (1 + outW * 4);
    out[base] = 0;
    for (let x = 0; x < outW; x++) {
      for (let c = 0; c < 4; c++) out[base + 1 + x * 4 + c] = counts[x]! ? Math.round(sums[x * 4 + c]! / counts[x]!) : 0;
    }
    sums.fill(0);
    counts.fill(0);
  };
  for (let y = 0; y < rows; y++) {
    const start = y * (rowBytes + 1);
    const row = Buffer.from(raw.subarray(start + 1, start + 1 + rowBytes));
    if (!unfilter(raw[start]!, row, prior, bpp)) return null;
    prior = row;
    const target = Math.min(outH - 1, Math.floor((y * outH) / rows));
    if (target !== outRow) {
      flush();
      outRow = target;
    }
    toRgba(row, p, rgba);
    for (let x = 0; x < width; x++) {
      const ox = Math.min(outW - 1, Math.floor((x * outW) / width));
      for (let c = 0; c < 4; c++) sums[ox * 4 + c]! += rgba[x * 4 + c]!;
      counts[ox]! += 1;
    }
  }
  flush();
  return { png: encodeRgba(out, outW, outH), width: outW, height: outH };
}

/** Rows of 8-bit RGB or RGBA pixels, each after its filter byte (0), as a PNG (one IDAT). */
export function encodePng(filteredRows: Buffer, width: number, height: number, colour: 'rgb' | 'rgba'): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(8 + data.length + 4);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), 8 + data.length);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colour === 'rgb' ? 2 : 6; // truecolour, or truecolour with alpha
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(filteredRows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Rows of RGBA pixels, each after its filter byte (0), as a PNG. */
export const encodeRgba = (filteredRows: Buffer, width: number, height: number): Buffer => encodePng(filteredRows, width, height, 'rgba');
