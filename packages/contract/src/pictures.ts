import { z } from 'zod';
import { id } from './validation.js';

/**
 * Pictures (issue 31; spec README "Pictures"): the brand's genuine product photos per client, what the portal
 * found in each record's listing picture, and the search of a client's records by a picture.
 */

/** Largest genuine photo or search picture accepted, and how many photos one upload may carry. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const GENUINE_PHOTOS_PER_UPLOAD = 20;
/** A record's picture as looked at by the background job: waiting, fingerprinted, or not to be had (with why). */
export const IMAGE_STATUSES = ['pending', 'done', 'failed'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];
export const IMAGE_MATCH_KINDS = ['same-photo', 'logo', 'wordmark', 'shared-photo'] as const;
export type ImageMatchKind = (typeof IMAGE_MATCH_KINDS)[number];

/** Multipart text fields come as text: digits are an id. */
const formId = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v), id);

/** Multipart text fields of upload-genuine-photos (the photos are the `file` parts, one or more). */
export const uploadGenuinePhotosInput = z.object({ clientId: formId, brand: z.string().trim().max(200, 'validation.tooLong').optional() });
export const uploadGenuinePhotosOutput = z.object({ photos: z.array(z.object({ id: z.number() })) });
export const fetchGenuinePhotosInput = z.object({ clientId: id });
export const genuinePhoto = z.object({
  id: z.number(),
  /** The brand or model the photo shows, as given at upload ('' when none). */
  brand: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  /** How many of the client's records show this photo (same-photo matches). */
  matchCount: z.number(),
});
export const fetchGenuinePhotosOutput = z.object({ photos: z.array(genuinePhoto) });
export const removeGenuinePhotoInput = z.object({ photoId: id });
export const removeGenuinePhotoOutput = z.object({});

/**
 * What was found in a record's picture: `refId` names the genuine photo (same-photo), the other record
 * (shared-photo, a record of the same kind and client from another seller) or the trademark (logo, wordmark);
 * `score` 0-100 from the fingerprints' distance or how well the logo lines up; `reason` says it in the reader's
 * language; `box`, for a logo, where the picture shows it (shares of the picture's width and height), and `image`
 * the stored name of the trademark's image (get-trademark-image), to show beside it.
 */
export const imageMatch = z.object({
  kind: z.enum(IMAGE_MATCH_KINDS),
  refId: z.number(),
  score: z.number().int().min(0).max(100),
  reason: z.string(),
  box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).optional(),
  image: z.string().optional(),
});
export type ImageMatch = z.infer<typeof imageMatch>;

/**
 * The picture fields of every record answer (get-record, search-records): absent for a record without a picture
 * URL; `imageFailure` says why a failed picture could not be looked at, in the reader's language.
 */
export const recordPictureFields = {
  imageStatus: z.enum(IMAGE_STATUSES).nullable().optional(),
  imageFailure: z.string().nullable().optional(),
  imageMatches: z.array(imageMatch).optional(),
};

/**
 * The client's matching threshold: the largest pHash distance (bits of 64) at which a listing picture is the same
 * photo as a genuine one, or the same picture as another seller's (0-11: 11 is what the fingerprint index reaches).
 */
export const SAME_PHOTO_DISTANCE_MAX = 11;
export const getPictureSettingsInput = z.object({ clientId: id });
export const pictureSettingsOutput = z.object({ samePhotoDistance: z.number() });
export const setPictureSettingsInput = z.object({
  clientId: id,
  samePhotoDistance: z
    .number({ error: 'validation.samePhotoDistance' })
    .int('validation.samePhotoDistance')
    .min(0, 'validation.samePhotoDistance')
    .max(SAME_PHOTO_DISTANCE_MAX, 'validation.samePhotoDistance'),
});

/** Multipart text fields of search-by-picture (the picture is the `file` part). */
export const searchByPictureInput = z.object({ clientId: formId });
