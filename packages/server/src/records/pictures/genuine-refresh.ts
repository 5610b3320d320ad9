import type { Db } from '../../platform/db.js';
import { fileBytes } from '../../platform/files.js';
import { photoFingerprints, PictureError } from './fingerprint.js';
import { stalePhotos, storeRefreshedPrints } from './genuine-refresh-queries.js';
import { matchGenuinePhoto } from './picture-queries.js';

/**
 * Genuine photos stored before migration 049 have no upper part and no mirror window. The client's pictures job
 * (queue.ts) computes them from each photo's stored bytes before it looks at listings, and matches the photo again
 * from scratch (its earlier matches were by the rule of then). Answers how many photos it brought up to date.
 */
export async function refreshGenuinePhotos(db: Db, clientId: number): Promise<number> {
  let refreshed = 0;
  for (const photo of await stalePhotos(db, clientId)) {
    const bytes = await fileBytes(db, photo.file_name);
    if (!bytes) continue;
    // Read when it was uploaded: a photo that cannot be read now stays as it was.
    const prints = await photoFingerprints(bytes).catch((err: unknown) => {
      if (err instanceof PictureError) return null;
      throw err;
    });
    if (!prints) continue;
    await db.transaction().execute(async (tx) => {
      await storeRefreshedPrints(tx, photo.photo_id, prints);
      await matchGenuinePhoto(tx, clientId, photo.photo_id, [prints.own, ...prints.windows], prints.own.upper);
    });
    refreshed += 1;
  }
  return refreshed;
}
