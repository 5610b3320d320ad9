import type { AuthedContext } from '../../platform/context.js';
import { DEFAULT_DISTANCE, rematchClient } from '../../records/pictures/picture-queries.js';
import { queuePictureLook } from '../../records/pictures/queue.js';
import { settingsOf, upsert } from './repo.js';

/**
 * The client's picture matching threshold (issue 31 point 5): the largest pHash distance at which a listing picture
 * is the same photo as a genuine one, or as another seller's picture. A change matches the client's pictures again
 * in the background with it (their fingerprints are kept: nothing is fetched again).
 */
export async function getPictureSettings(ctx: AuthedContext, clientId: number): Promise<{ samePhotoDistance: number }> {
  return { samePhotoDistance: (await settingsOf(ctx.db, clientId))?.picture_distance ?? DEFAULT_DISTANCE };
}

export async function setPictureSettings(ctx: AuthedContext, input: { clientId: number; samePhotoDistance: number }): Promise<{ samePhotoDistance: number }> {
  const before = await getPictureSettings(ctx, input.clientId);
  await upsert(ctx.db, input.clientId, { picture_distance: input.samePhotoDistance });
  if (before.samePhotoDistance !== input.samePhotoDistance) {
    await rematchClient(ctx.db, input.clientId);
    for (const kind of ['ec', 'sns']) await queuePictureLook(ctx.services, ctx.db, input.clientId, kind);
  }
  return getPictureSettings(ctx, input.clientId);
}
