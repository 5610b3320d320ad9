import { PICTURE_MAX_BYTES, downloadHref, type ImageMatch } from '@portal/contract';

/**
 * The browser's first look at a picture for the picture calls (genuine photos, find by picture): its extension and
 * size, so a wrong file is named at once; the server checks the bytes themselves (PNG, JPEG or GIF) anyway.
 */
export const PICTURE_ACCEPT = '.png,.jpg,.jpeg,.gif';
export const PICTURE_MAX_MB = PICTURE_MAX_BYTES / (1024 * 1024);
const EXTENSIONS = PICTURE_ACCEPT.split(',');

export type PictureFileProblem = 'badType' | 'tooLarge' | null;

export function pictureFileProblem(file: { name: string; size: number }): PictureFileProblem {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((ext) => name.endsWith(ext))) return 'badType';
  if (file.size > PICTURE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** A genuine photo through its download route (the client's users and analysts may read it). */
export const genuinePhotoUrl = (clientId: number, photoId: number) => downloadHref('/api/client-settings/genuine-photo', { clientId, photoId });

/** A trademark's stored image (a logo match's design mark), served to a signed-in browser by its cookie. */
export const trademarkImageUrl = (name: string, clientId: number) => downloadHref('/api/trademark/get-trademark-image', { name, clientId });

/** The picture fields of a record answer (EC, SNS; spec README "Pictures"); absent for a record without a picture. */
export interface PictureFacts {
  imageStatus?: 'pending' | 'done' | 'failed' | null | undefined;
  imageFailure?: string | null | undefined;
  imageMatches?: ImageMatch[] | undefined;
}
