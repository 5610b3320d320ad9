import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { Fingerprint, Hashes } from './fingerprint.js';
import { signed } from './hash-index.js';

/** SQL of bringing genuine photos stored before migration 049 up to date (genuine-refresh.ts). */

/** The client's genuine photos without an upper part (stored before migration 049), oldest first. */
export async function stalePhotos(db: Db | Tx, clientId: number): Promise<{ photo_id: number; file_name: string }[]> {
  return db.selectFrom('genuine_photo').select(['photo_id', 'file_name']).where('client_id', '=', clientId).where('upper_phash', 'is', null).orderBy('photo_id').execute();
}

/** A photo's windows and upper part as computed now, its matches by the rule of then dropped. */
export async function storeRefreshedPrints(tx: Db | Tx, photoId: number, prints: { own: Fingerprint; windows: Hashes[] }): Promise<void> {
  await tx
    .updateTable('genuine_photo')
    .set({
      window_phash: prints.windows.map((w) => signed(w.phash)),
      window_dhash: prints.windows.map((w) => signed(w.dhash)),
      upper_phash: signed(prints.own.upper.phash),
      upper_dhash: signed(prints.own.upper.dhash),
    })
    .where('photo_id', '=', photoId)
    .execute();
  await sql`DELETE FROM picture_match WHERE photo_id = ${photoId}`.execute(tx);
}
