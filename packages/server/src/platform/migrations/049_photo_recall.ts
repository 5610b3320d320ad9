import { sql, type Kysely } from 'kysely';

/**
 * "Same photo" for captioned and mirrored copies (issue 31, the pictures benchmark; records/pictures/same-photo.ts):
 * - a listing picture's fingerprints also of its upper part (the upper 80 %, above where sellers put a caption),
 *   with the four bands of that pHash indexed as the whole picture's are (migration 048: covering), so a genuine photo added
 *   later finds the listings whose upper part is its own;
 * - a genuine photo's upper part (no bands: the photos of a client are few and read whole by matchPicture).
 * Rows stored before have none (NULL) and match as they did until looked at again: a listing when its picture
 * address changes; a genuine photo at its client's next pictures job, which computes the upper part and the mirror
 * window (fingerprint.ts photoFingerprints) from the photo's stored bytes and matches it again (genuine-refresh.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE record_picture ADD COLUMN upper_phash bigint, ADD COLUMN upper_dhash bigint,
      ADD COLUMN upper_band0 integer, ADD COLUMN upper_band1 integer, ADD COLUMN upper_band2 integer, ADD COLUMN upper_band3 integer`.execute(db);
  for (const band of ['upper_band0', 'upper_band1', 'upper_band2', 'upper_band3']) {
    await sql`CREATE INDEX ${sql.id(`record_picture_${band}`)} ON record_picture (client_id, ${sql.ref(band)}) INCLUDE (upper_phash, upper_dhash, picture_id) WHERE state = 'done' AND upper_phash IS NOT NULL`.execute(db);
  }
  await sql`ALTER TABLE genuine_photo ADD COLUMN upper_phash bigint, ADD COLUMN upper_dhash bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE genuine_photo DROP COLUMN upper_phash, DROP COLUMN upper_dhash`.execute(db);
  await sql`
    ALTER TABLE record_picture DROP COLUMN upper_phash, DROP COLUMN upper_dhash,
      DROP COLUMN upper_band0, DROP COLUMN upper_band1, DROP COLUMN upper_band2, DROP COLUMN upper_band3`.execute(db);
}
