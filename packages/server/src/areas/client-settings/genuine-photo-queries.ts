import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { Hashes } from '../../records/pictures/fingerprint.js';
import { hashColumns, signed } from '../../records/pictures/hash-index.js';

/** SQL of the client's genuine product photos (migration 043). */

type Conn = Db | Tx;

export async function insertPhoto(
  tx: Conn,
  p: { clientId: number; brand: string; fileName: string; originalName: string; phash: string; dhash: string; upper: Hashes; windows: Hashes[]; userId: number; now: Date },
): Promise<number> {
  const windows = { window_phash: p.windows.map((w) => signed(w.phash)), window_dhash: p.windows.map((w) => signed(w.dhash)), upper_phash: signed(p.upper.phash), upper_dhash: signed(p.upper.dhash) };
  const row = await tx
    .insertInto('genuine_photo')
    .values({ client_id: p.clientId, brand: p.brand, file_name: p.fileName, original_name: p.originalName.slice(0, 300), ...hashColumns(p), ...windows, created_by: p.userId, created_at: p.now })
    .returning('photo_id')
    .executeTakeFirstOrThrow();
  return row.photo_id;
}

/** The client's photos, newest first, with how many of its records show each. */
export async function listPhotos(db: Conn, clientId: number) {
  return db
    .selectFrom('genuine_photo as g')
    .select(['g.photo_id', 'g.brand', 'g.original_name', 'g.created_at'])
    .select(sql<number>`(SELECT count(*)::int FROM picture_match AS m WHERE m.photo_id = g.photo_id)`.as('match_count'))
    .where('g.client_id', '=', clientId)
    .orderBy('g.photo_id', 'desc')
    .execute();
}

export async function photoById(db: Conn, photoId: number) {
  return db.selectFrom('genuine_photo').select(['photo_id', 'client_id', 'file_name']).where('photo_id', '=', photoId).executeTakeFirst();
}

/** Removes the photo (its matches go with it by their key) and answers its stored file's name. */
/** Removes a photo (its matches go by their cascading key); answers its file and client, or undefined when none. */
export async function deletePhoto(tx: Conn, photoId: number): Promise<{ fileName: string; clientId: number } | undefined> {
  const row = await tx.deleteFrom('genuine_photo').where('photo_id', '=', photoId).returning(['file_name', 'client_id']).executeTakeFirst();
  return row && { fileName: row.file_name, clientId: row.client_id };
}
