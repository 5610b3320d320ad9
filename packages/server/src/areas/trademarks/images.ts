import { TRADEMARK_IMAGE_TYPES, type DownloadQuery, type trademarks } from '@portal/contract';
import type { z } from 'zod';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { deleteFile, fileBytes, fileMeta, setAttached, storeImage } from '../../platform/files.js';
import { uploadedImage } from '../../platform/images.js';
import { checkFileReader, checkTrademarkOfClient, updateTrademark } from './repo.js';

/** Trademark images are stored as kind `tm`; the images of registration requests as `tmreq` (never served). */
export const TRADEMARK_IMAGE_KIND = 'tm';

export async function uploadImage(ctx: AuthedContext, input: z.output<typeof trademarks.uploadImageInput>) {
  await checkTrademarkOfClient(ctx, input.trademarkId, input.clientId);
  const { file, image } = uploadedImage(ctx.files, TRADEMARK_IMAGE_TYPES, 'imageTypeTrademark');
  const name = await storeImage(ctx.db, {
    kind: TRADEMARK_IMAGE_KIND,
    clientId: input.clientId,
    type: image.type,
    originalName: file.filename,
    bytes: file.bytes,
    userId: ctx.user.userId,
    now: ctx.now,
  });
  return { name };
}

/** An uploaded, not yet saved image of this client becomes a trademark's image. */
export async function attachImage(ctx: AuthedContext, name: string, clientId: number): Promise<void> {
  const meta = await fileMeta(ctx.db, name);
  if (!meta || meta.kind !== TRADEMARK_IMAGE_KIND || meta.client_id !== clientId || meta.attached) throw new AppError('imageNotFound');
  await setAttached(ctx.db, name, true);
}

export async function dropImage(ctx: AuthedContext, name: string): Promise<void> {
  await deleteFile(ctx.db, name);
}

/**
 * Removes an image at once: an upload not yet saved, or the saved image of the trademark named (which then has
 * none). An image of another client, or of another trademark, answers as one that does not exist.
 */
export async function removeImage(ctx: AuthedContext, input: z.output<typeof trademarks.removeImageInput>) {
  const meta = await fileMeta(ctx.db, input.name);
  if (!meta || meta.kind !== TRADEMARK_IMAGE_KIND || meta.client_id !== input.clientId) throw new AppError('imageNotFound');
  if (meta.attached) {
    const owner = await checkTrademarkOfClient(ctx, input.trademarkId, input.clientId);
    if (!owner || owner.image !== input.name) throw new AppError('imageNotFound');
    await updateTrademark(ctx.db, owner.trademark_id, { image: null, updated_at: ctx.now });
  }
  await deleteFile(ctx.db, input.name);
  return {};
}

/** GET /api/trademark/get-trademark-image?name=&clientId=: only to people who may see the owning client's trademarks. */
export async function serveImage(ctx: AuthedContext, { name, clientId }: DownloadQuery<'/api/trademark/get-trademark-image'>): Promise<DownloadAnswer> {
  const meta = await fileMeta(ctx.db, name);
  const named = clientId === undefined || clientId === meta?.client_id;
  if (!meta || meta.kind !== TRADEMARK_IMAGE_KIND || !named || !(await checkFileReader(ctx, meta.client_id))) {
    throw new AppError('objectNotFound');
  }
  const bytes = await fileBytes(ctx.db, name);
  if (!bytes) throw new AppError('objectNotFound');
  return { contentType: meta.content_type, body: bytes };
}
