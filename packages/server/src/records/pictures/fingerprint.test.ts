import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { madePhoto, pngBomb } from '../../testing/photos.js';
import { fingerprint, hamming, MAX_PICTURE_PIXELS, photoFingerprints, PictureError, type Fingerprint } from './fingerprint.js';
import { isSameAsGenuine, isSamePhoto } from './same-photo.js';

/**
 * The fingerprints of listing pictures on made photographs (testing/photos.ts: smooth colour fields with grain, built
 * from a seed, since the repository ships no photographs): the same bytes always give the same hashes; copies
 * resized, recompressed, brightened, contrasted, padded to a square, cropped a little or rotated a little stay within
 * the "same photo" distances, a mirrored or captioned one is found by a genuine photo's mirror window or upper part;
 * other photos are far; a picture too large to decode is refused before decoding.
 */
let photo: Buffer;
let own: Fingerprint;

beforeAll(async () => {
  photo = await madePhoto(1);
  own = await fingerprint(photo);
});

const within = (f: Fingerprint) => ({ p: hamming(own.phash, f.phash), d: hamming(own.dhash, f.dhash) });

describe('picture fingerprints', () => {
  it('are 16 hex digits each and stable for the same bytes', async () => {
    expect(own.phash).toMatch(/^[0-9a-f]{16}$/);
    expect(own.dhash).toMatch(/^[0-9a-f]{16}$/);
    // Known values of made photo 1: a change of the hashing (or of its normalisation) shows here.
    expect(own).toEqual({ phash: 'a38e16273ca56791', dhash: '804004868e1e1e1e', upper: { phash: '234e69a6f3648e64', dhash: '80c04006868e9e1e' } });
    expect(await fingerprint(Buffer.from(photo))).toEqual(own);
  });

  it('keep a transformed copy within the same-photo distances', async () => {
    const copies: Record<string, Buffer> = {
      'half size, JPEG 60': await sharp(photo).resize(320).jpeg({ quality: 60 }).toBuffer(),
      'double size PNG': await sharp(photo).resize(1280).png().toBuffer(),
      'JPEG 20': await sharp(photo).jpeg({ quality: 20 }).toBuffer(),
      brighter: await sharp(photo).modulate({ brightness: 1.25 }).jpeg().toBuffer(),
      'more contrast': await sharp(photo).linear(1.3, -30).jpeg().toBuffer(),
      'padded to a square': await sharp(photo).extend({ top: 80, bottom: 80, background: '#ffffff' }).jpeg().toBuffer(),
      'cropped 10 %': await sharp(photo).extract({ left: 32, top: 24, width: 576, height: 432 }).jpeg().toBuffer(),
    };
    for (const [name, bytes] of Object.entries(copies)) {
      expect({ name, near: isSamePhoto(own, await fingerprint(bytes)) }).toEqual({ name, near: true });
    }
  });

  it('give a genuine photo nine windows and its mirror image, so a listing cropped 10 % from a corner is still the same photo', async () => {
    const prints = await photoFingerprints(photo);
    expect(prints.own).toEqual(own);
    expect(prints.windows).toHaveLength(10);
    expect(await photoFingerprints(Buffer.from(photo))).toEqual(prints);
    const cropped = await fingerprint(await sharp(photo).extract({ left: 0, top: 0, width: 576, height: 432 }).jpeg({ quality: 85 }).toBuffer());
    // The whole photo's hashes lose it (22 bits apart); its top left window keeps it.
    expect(isSamePhoto(own, cropped)).toBe(false);
    expect(isSameAsGenuine(prints, cropped)).toBe(true);
    expect(isSameAsGenuine(prints, await fingerprint(await madePhoto(2)))).toBe(false);
  });

  it('find a mirrored copy by the mirror window, and a captioned one by the upper part', async () => {
    const prints = await photoFingerprints(photo);
    const mirrored = await fingerprint(await sharp(photo).flop().jpeg({ quality: 85 }).toBuffer());
    // The mirror image is 30 bits from the photo, the same as its mirror window.
    expect(isSamePhoto(own, mirrored)).toBe(false);
    expect(isSamePhoto(prints.windows[9]!, mirrored)).toBe(true);
    expect(isSameAsGenuine(prints, mirrored)).toBe(true);
    // A dark band with a caption across the lower fifth, as marketplaces' sellers add: the whole picture is 20 bits
    // away, its upper part none; without the upper part (a photo stored before migration 049) it is not found.
    const band = (w: number, h: number) =>
      `<rect x="0" y="${h * 0.82}" width="${w}" height="${h * 0.1}" fill="#000"/><text x="50%" y="90%" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${h / 12}" fill="#fff">SALE 70% OFF</text>`;
    const captioned = await fingerprint(await sharp(photo).composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">${band(640, 480)}</svg>`) }]).jpeg().toBuffer());
    expect(hamming(own.phash, captioned.phash)).toBeGreaterThan(14);
    expect(isSameAsGenuine({ own: { ...prints.own, upper: null }, windows: prints.windows }, captioned)).toBe(false);
    expect(isSameAsGenuine(prints, captioned)).toBe(true);
    // White letters outlined in black, no band (the benchmark's caption): within the wide test.
    const outlined = `<text x="50%" y="88%" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="40" fill="#fff" stroke="#000" stroke-width="3">SALE 70% OFF 送料無料</text>`;
    expect(isSameAsGenuine(prints, await fingerprint(await sharp(photo).composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">${outlined}</svg>`) }]).jpeg().toBuffer()))).toBe(true);
  });

  it('turn a picture upright by its EXIF orientation', async () => {
    // Stored sideways with "rotate 90° to show": the same photo once turned.
    const sideways = await sharp(photo).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const d = within(await fingerprint(sideways));
    expect(d.p).toBeLessThanOrEqual(4);
  });

  it('keep other photos far apart', async () => {
    const prints = await photoFingerprints(photo);
    for (let seed = 2; seed <= 7; seed++) {
      const other = await fingerprint(await madePhoto(seed));
      expect(isSamePhoto(own, other)).toBe(false);
      expect(isSameAsGenuine(prints, other)).toBe(false);
      const d = within(other);
      expect(d.p).toBeGreaterThanOrEqual(18);
    }
  });

  it('refuse a decompression bomb before decoding it, and bytes that are no picture', async () => {
    await expect(fingerprint(pngBomb())).rejects.toEqual(new PictureError('too-many-pixels'));
    // Just over the limit: refused too, however the header is read.
    await expect(fingerprint(pngBomb(Math.ceil(Math.sqrt(MAX_PICTURE_PIXELS)) + 1))).rejects.toEqual(new PictureError('too-many-pixels'));
    await expect(fingerprint(Buffer.from('<!doctype html><title>not a picture</title>'))).rejects.toEqual(new PictureError('unreadable'));
  });
});
