import { crc32 } from 'node:zlib';
import type { ImageType } from '@portal/contract';
import type { UploadedFile } from './context.js';
import { AppError, type ErrorName } from './errors.js';

/**
 * Every image upload (trademark images, request images, evidence screenshots) is checked here by decoding its
 * header, never by its name or its first bytes alone: a PNG must be a chain of chunks with good CRCs from IHDR to
 * IEND and nothing after; a JPEG a chain of segments from SOI to a frame header (SOF) with its size; a GIF a
 * logical screen followed by a block; a BMP a known DIB header that agrees with the file. A file that starts
 * like an image but is not one (a PNG signature followed by HTML) is refused with its own message.
 */
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** Larger than any camera's picture; a header claiming more is not a real image. */
export const MAX_IMAGE_SIDE = 30_000;

/** The image the bytes are, with its size; `damaged` when they start like an image of that type but are not one. */
export type ImageCheck = { ok: true; image: ImageHeader } | { ok: false; damaged: ImageType | null };

export function decodeImageHeader(b: Buffer): ImageCheck {
  const type = signatureOf(b);
  if (!type) return { ok: false, damaged: null };
  const size = DECODERS[type](b);
  if (!size || !sane(size.width) || !sane(size.height)) return { ok: false, damaged: type };
  return { ok: true, image: { type, ...size } };
}

/**
 * The one file of an upload, an image of one of the allowed types by its decoded header. A type not allowed
 * answers `wrongType` (the call's own list of types); a damaged or disguised image answers `imageDamaged`.
 */
export function uploadedImage(
  files: UploadedFile[],
  allowed: readonly ImageType[],
  wrongType: ErrorName,
): { file: { filename: string; bytes: Buffer }; image: ImageHeader } {
  const file = files[0];
  if (!file?.bytes) throw new AppError('fileRequired');
  const check = decodeImageHeader(file.bytes);
  if (!check.ok && check.damaged && allowed.includes(check.damaged)) throw new AppError('imageDamaged', { type: check.damaged.toUpperCase() });
  if (!check.ok || !allowed.includes(check.image.type)) throw new AppError(wrongType);
  return { file: { filename: file.filename, bytes: file.bytes }, image: check.image };
}

type Size = { width: number; height: number } | null;

const sane = (side: number) => Number.isInteger(side) && side >= 1 && side <= MAX_IMAGE_SIDE;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function signatureOf(b: Buffer): ImageType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  return null;
}

const DECODERS: Record<ImageType, (b: Buffer) => Size> = { png: pngSize, jpeg: jpegSize, gif: gifSize, bmp: bmpSize };

/** Valid bit depths per PNG colour type (greyscale, RGB, palette, grey+alpha, RGBA). */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function pngSize(b: Buffer): Size {
  let at = 8;
  let size: Size = null;
  let sawData = false;
  for (let index = 0; at + 12 <= b.length; index++) {
    const length = b.readUInt32BE(at);
    const type = b.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length)) return null;
    const data = b.subarray(at + 8, at + 8 + length);
    if (index === 0) {
      // IHDR first, 13 bytes: width, height, bit depth, colour type, compression 0, filter 0, interlace 0 or 1.
      if (type !== 'IHDR' || length !== 13) return null;
      const [depth, colour, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
      if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
      size = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
    }
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData && end === b.length ? size : null;
    at = end;
  }
  return null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other tables. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(b: Buffer): Size {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7; SOI again or EOI before a frame header means no image.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    if (SOF.has(marker)) {
      // precision, height, width, component count (1-4), then 3 bytes per component.
      if (length < 8) return null;
      const components = b[at + 9]!;
      if (components < 1 || components > 4 || length !== 8 + 3 * components) return null;
      return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

function gifSize(b: Buffer): Size {
  if (b.length < 14) return null;
  const flags = b[10]!;
  const tableBytes = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
  // After the screen descriptor and its colour table: an extension, an image, or the trailer.
  const next = b[13 + tableBytes];
  if (next !== 0x21 && next !== 0x2c && next !== 0x3b) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

const BMP_DEPTHS = [1, 4, 8, 16, 24, 32];

function bmpSize(b: Buffer): Size {
  if (b.length < 26) return null;
  const dibSize = b.readUInt32LE(14);
  const pixelsAt = b.readUInt32LE(10);
  if (pixelsAt < 14 + dibSize || pixelsAt >= b.length) return null;
  if (dibSize === 12) {
    // BITMAPCOREHEADER: 16-bit sizes, planes, bits per pixel.
    if (b.readUInt16LE(22) !== 1 || !BMP_DEPTHS.includes(b.readUInt16LE(24))) return null;
    return { width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
  }
  if (![40, 52, 56, 64, 108, 124].includes(dibSize) || b.length < 30) return null;
  if (b.readUInt16LE(26) !== 1 || !BMP_DEPTHS.includes(b.readUInt16LE(28))) return null;
  // A negative height is a top-down bitmap.
  return { width: b.readInt32LE(18), height: Math.abs(b.readInt32LE(22)) };
}
