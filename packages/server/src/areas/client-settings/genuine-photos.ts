import type { CallOutput, DownloadQuery } from '@portal/contract';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { deleteFile, fileBytes, fileMeta, storeImage } from '../../platform/files.js';
import type { ImageHeader } from '../../platform/images.js';
import { photoFingerprints, type Fingerprint, type Hashes } from '../../records/pictures/fingerprint.js';
import { uploadedPicture } from '../../records/pictures/uploaded-picture.js';
import { matchGenuinePhoto } from '../../records/pictures/picture-queries.js';
import { deletePhoto, insertPhoto, listPhotos, photoById } from './genuine-photo-queries.js';

/**
 * The brand's genuine product photos (issue 31 point 1; spec README "Pictures"): analysts among the client's
 * managers upload many at once, each checked by its bytes and fingerprinted at once (a picture that cannot be read
 * refuses the whole upload, so nothing half-done is kept), then matched with the client's listing pictures already
 * looked at. Stored as portal files of kind `genuine`; removing a photo removes its file and its matches.
 */
export const GENUINE_FILE_KIND = 'genuine';

export async function uploadPhotos(ctx: AuthedContext, input: { clientId: number; brand?: string | undefined }): Promise<CallOutput<'/api/client-settings/upload-genuine-photos'>> {
  if (ctx.files.length === 0) throw new AppError('fileRequired');
  // Every photo checked and fingerprinted before any is stored.
  const checked = [];
  for (const file of ctx.files) {
    const { image, hashes } = await uploadedPicture(file);
    // Read once already: the windows (crops the listings may show) cannot fail where the whole picture did not.
    const { windows } = await photoFingerprints(file.bytes!);
    checked.push({ filename: file.filename, bytes: file.bytes!, image, hashes, windows });
  }
  const photos = [];
  for (const c of checked) photos.push({ id: await storePhoto(ctx, ctx.db, input, c) });
  await reevaluateRules(ctx, input.clientId);
  return { photos };
}

async function storePhoto(ctx: AuthedContext, tx: Db | Tx, input: { clientId: number; brand?: string | undefined }, c: { filename: string; bytes: Buffer; image: ImageHeader; hashes: Fingerprint; windows: Hashes[] }) {
  const now = ctx.now;
  const fileName = await storeImage(tx, { kind: GENUINE_FILE_KIND, clientId: input.clientId, type: c.image.type, originalName: c.filename, bytes: c.bytes, userId: ctx.user.userId, now, attached: true });
  const id = await insertPhoto(tx, { clientId: input.clientId, brand: input.brand?.trim() ?? '', fileName, originalName: c.filename, ...c.hashes, windows: c.windows, userId: ctx.user.userId, now });
  await matchGenuinePhoto(tx, input.clientId, id, [c.hashes, ...c.windows], c.hashes.upper);
  return id;
}

export async function fetchPhotos(ctx: AuthedContext, clientId: number): Promise<CallOutput<'/api/client-settings/fetch-genuine-photos'>> {
  const rows = await listPhotos(ctx.db, clientId);
  return { photos: rows.map((r) => ({ id: r.photo_id, brand: r.brand, fileName: r.original_name, createdAt: new Date(r.created_at).toISOString(), matchCount: r.match_count })) };
}

export async function removePhoto(ctx: AuthedContext, photoId: number): Promise<CallOutput<'/api/client-settings/remove-genuine-photo'>> {
  const removed = await deletePhoto(ctx.db, photoId);
  if (removed === undefined) throw new AppError('objectNotFound');
  await deleteFile(ctx.db, removed.fileName);
  await reevaluateRules(ctx, removed.clientId);
  return {};
}

/**
 * The client's triage rules may ask whether a listing picture is the same photo as a genuine one: they are
 * evaluated again after a photo comes or goes (the triage area's queue, by name).
 */
async function reevaluateRules(ctx: AuthedContext, clientId: number): Promise<void> {
  await ctx.services.queues.send('triage-evaluate', { clientId }, { db: ctx.db });
}

/** The client owning a photo (the owner rule of remove-genuine-photo). */
export const clientOfPhoto = async (db: Db | Tx, photoId: number) => (await photoById(db, photoId))?.client_id;

/** GET /api/client-settings/genuine-photo?clientId=&photoId=: to whoever may read the client's photos. */
export async function servePhoto(ctx: AuthedContext, { clientId, photoId }: DownloadQuery<'/api/client-settings/genuine-photo'>): Promise<DownloadAnswer> {
  const photo = await photoById(ctx.db, photoId);
  if (!photo || photo.client_id !== clientId) throw new AppError('objectNotFound');
  const [meta, bytes] = await Promise.all([fileMeta(ctx.db, photo.file_name), fileBytes(ctx.db, photo.file_name)]);
  if (!meta || !bytes) throw new AppError('objectNotFound');
  return { contentType: meta.content_type, body: bytes, cacheControl: 'private, max-age=600' };
}
