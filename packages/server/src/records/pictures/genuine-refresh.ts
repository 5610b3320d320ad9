import { sql } from 'kysely';
import type { Db } from '../../platform/db.js';
import { fileBytes } from '../../platform/files.js';
import { photoFingerprints, PictureError } from './fingerprint.js';
import { signed } from './hash-index.js';
import { matchGenuinePhoto } from './picture-queries.js';

/**
 * Genuine photos stored before migration 049 have no upper part and no mirror window. The client's pictures job
 * (queue.ts) computes them from each photo's stored bytes before it looks at listings, and matches the photo again
 * from scratch (its earlier matches were by the rule of then). Answers how many photos it brought up to date.
 */
export async function refreshGenuinePhotos(db: Db, clientId: number): Promise<number> {
  const stale = await db.selectFrom('genuine_photo').select(['photo_id', 'file_name']).where('client_id', '=', clientId).where('upper_phash', 'is', null).orderBy('photo_id').execute();
  let refreshed = 0;
  for (const photo of stale) {
    const bytes = await fileBytes(db, photo.file_name);
    if (!bytes) continue;
    // Read when it was uploaded: a photo that cannot be read now stays as it was.
    const prints = await photoFingerprints(bytes).catch((err: unknown) => {
      if (err instanceof PictureError) return null;
      throw err;
    });
    if (!prints) continue;
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('genuine_photo')
        .set({
          window_phash: prints.windows.map((w) => signed(w.phash)),
          window_dhash: prints.windows.map((w) => signed(w.dhash)),
          upper_phash: signed(prints.own.upper.phash),
          upper_dhash: signed(prints.own.upper.dhash),
        })
        .where('photo_id', '=', photo.photo_id)
        .execute();
      await sql`DELETE FROM picture_match WHERE photo_id = ${photo.photo_id}`.execute(tx);
      await matchGenuinePhoto(tx, clientId, photo.photo_id, [prints.own, ...prints.windows], prints.own.upper);
    });
    refreshed += 1;
  }
  return refreshed;
}
