import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { madePhoto, pngBomb } from '../../testing/photos.js';
import { fingerprint, hamming, MAX_PICTURE_PIXELS, photoFingerprints, PictureError, type Fingerprint } from './fingerprint.js';
import { isSameAsGenuine, isSamePhoto } from './same-photo.js';

/**
 * The fingerprints of listing pictures on made photographs (testing/photos.ts: smooth colour fields with grain, built
 * from a seed, since the repository ships no photographs): the same bytes always give the same hashes; copies
 * resized, recompressed, brightened, contrasted, padded to a square, cropped a little or rotated a little stay within
 * the "same photo" distances; other photos are far; a picture too large to decode is refused before decoding.
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
    expect(own).toEqual({ phash: 'a38e16273ca56791', dhash: '804004868e1e1e1e' });
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

  it('give a genuine photo nine windows, so a listing cropped 10 % from a corner is still the same photo', async () => {
    const prints = await photoFingerprints(photo);
    expect(prints.own).toEqual(own);
    expect(prints.windows).toHaveLength(9);
    expect(await photoFingerprints(Buffer.from(photo))).toEqual(prints);
    const cropped = await fingerprint(await sharp(photo).extract({ left: 0, top: 0, width: 576, height: 432 }).jpeg({ quality: 85 }).toBuffer());
    // The whole photo's hashes lose it (22 bits apart); its top left window keeps it.
    expect(isSamePhoto(own, cropped)).toBe(false);
    expect(isSameAsGenuine(prints, cropped)).toBe(true);
    expect(isSameAsGenuine(prints, await fingerprint(await madePhoto(2)))).toBe(false);
  });

  it('turn a picture upright by its EXIF orientation', async () => {
    // Stored sideways with "rotate 90° to show": the same photo once turned.
    const sideways = await sharp(photo).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const d = within(await fingerprint(sideways));
    expect(d.p).toBeLessThanOrEqual(4);
  });

  it('keep other photos far apart', async () => {
    for (let seed = 2; seed <= 7; seed++) {
      const other = await fingerprint(await madePhoto(seed));
      expect(isSamePhoto(own, other)).toBe(false);
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
