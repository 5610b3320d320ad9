import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BMP_1X1, GIF_1X1, JPEG_1X1, PNG_1X1 } from '../testing/images.js';
import { MAX_IMAGE_SIDE, decodeImageHeader, uploadedImage } from './images.js';

/** A copy with bytes written at an offset. */
function patched(b: Buffer, at: number, bytes: number[]): Buffer {
  const copy = Buffer.from(b);
  Buffer.from(bytes).copy(copy, at);
  return copy;
}
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

describe('image headers', () => {
  it('decodes the type and size of real PNG, JPEG, GIF and BMP files', () => {
    for (const [bytes, type] of [[PNG_1X1, 'png'], [JPEG_1X1, 'jpeg'], [GIF_1X1, 'gif'], [BMP_1X1, 'bmp']] as const) {
      expect(decodeImageHeader(bytes)).toEqual({ ok: true, image: { type, width: 1, height: 1 } });
    }
  });

  it('refuses a PNG signature followed by HTML, a bad CRC, a wrong first chunk, bytes after IEND, an absurd size', () => {
    const html = Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('<html><body>hello</body></html>')]);
    expect(decodeImageHeader(html)).toEqual({ ok: false, damaged: 'png' });
    expect(decodeImageHeader(patched(PNG_1X1, 29, [0, 0, 0, 0]))).toEqual({ ok: false, damaged: 'png' }); // IHDR's CRC
    expect(decodeImageHeader(patched(PNG_1X1, 12, [0x49, 0x44, 0x41, 0x54]))).toEqual({ ok: false, damaged: 'png' }); // IDAT first
    expect(decodeImageHeader(Buffer.concat([PNG_1X1, Buffer.from('<script>')]))).toEqual({ ok: false, damaged: 'png' });
    expect(decodeImageHeader(PNG_1X1.subarray(0, PNG_1X1.length - 12))).toEqual({ ok: false, damaged: 'png' }); // no IEND
    // A sound chunk chain whose IHDR claims more than any real picture.
    expect(decodeImageHeader(pngWithSize(MAX_IMAGE_SIDE + 1, 1))).toEqual({ ok: false, damaged: 'png' });
    expect(decodeImageHeader(pngWithSize(640, 480))).toEqual({ ok: true, image: { type: 'png', width: 640, height: 480 } });
  });

  it('reaches a JPEG frame header by walking its segments, and refuses one that ends first or breaks the chain', () => {
    // An extra APP1 segment before the frame: still found.
    const app1 = Buffer.from([0xff, 0xe1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66]);
    expect(decodeImageHeader(Buffer.concat([JPEG_1X1.subarray(0, 2), app1, JPEG_1X1.subarray(2)]))).toMatchObject({ ok: true, image: { type: 'jpeg' } });
    expect(decodeImageHeader(JPEG_1X1.subarray(0, 30))).toEqual({ ok: false, damaged: 'jpeg' });
    expect(decodeImageHeader(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html></html>')]))).toEqual({ ok: false, damaged: 'jpeg' });
  });

  it('refuses a GIF or BMP whose header does not hold together', () => {
    expect(decodeImageHeader(Buffer.from('GIF89a<html><body></body></html>'))).toEqual({ ok: false, damaged: 'gif' });
    expect(decodeImageHeader(patched(BMP_1X1, 26, [2, 0]))).toEqual({ ok: false, damaged: 'bmp' }); // two planes
    expect(decodeImageHeader(Buffer.from('BM<html></html>....................'))).toEqual({ ok: false, damaged: 'bmp' });
  });

  it('answers an unknown format as no image, and an upload with the call\'s own message or the damaged one', () => {
    expect(decodeImageHeader(Buffer.from('%PDF-1.7'))).toEqual({ ok: false, damaged: null });
    const upload = (bytes: Buffer) => () => uploadedImage([{ filename: 'x', size: bytes.length, bytes }], ['png', 'jpeg'], 'imageTypeTrademark');
    expect(upload(PNG_1X1)()).toMatchObject({ image: { type: 'png' } });
    expect(upload(GIF_1X1)).toThrow(expect.objectContaining({ key: 'error.imageTypeTrademark' }));
    expect(upload(Buffer.from('GIF89a<html>'))).toThrow(expect.objectContaining({ key: 'error.imageTypeTrademark' }));
    expect(upload(Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('<html>')]))).toThrow(expect.objectContaining({ key: 'error.imageDamaged', params: { type: 'PNG' } }));
    expect(() => uploadedImage([], ['png'], 'imageTypeTrademark')).toThrow(expect.objectContaining({ key: 'error.fileRequired' }));
  });
});

/** A PNG of the size given: the 1x1 file's chunks with IHDR's width, height and CRC rewritten. */
function pngWithSize(width: number, height: number): Buffer {
  const b = patched(PNG_1X1, 16, [...u32(width), ...u32(height)]);
  return patched(b, 29, u32(crc32(b.subarray(12, 29))));
}
