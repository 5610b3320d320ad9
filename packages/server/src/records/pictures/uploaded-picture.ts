import type { UploadedFile } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { decodeImageHeader, type ImageHeader } from '../../platform/images.js';
import { fingerprint, PictureError, type Fingerprint } from './fingerprint.js';

const TYPES: readonly string[] = ['png', 'jpeg', 'gif'];

/**
 * A picture a person uploads (a genuine photo, a picture to search by): a PNG, JPEG or GIF by its bytes, readable,
 * fingerprinted as listing pictures are; anything else refused with the error in the caller's language.
 */
export async function uploadedPicture(file: UploadedFile | undefined): Promise<{ image: ImageHeader; hashes: Fingerprint }> {
  if (!file?.bytes) throw new AppError('fileRequired');
  const check = decodeImageHeader(file.bytes);
  if (!check.ok && check.damaged && TYPES.includes(check.damaged)) throw new AppError('imageDamaged', { type: check.damaged.toUpperCase() });
  if (!check.ok || !TYPES.includes(check.image.type)) throw new AppError('imageTypeGenuine');
  const hashes = await fingerprint(file.bytes).catch((err: unknown) => {
    throw err instanceof PictureError ? new AppError('pictureUnreadable', { name: file.filename }) : err;
  });
  return { image: check.image, hashes };
}
