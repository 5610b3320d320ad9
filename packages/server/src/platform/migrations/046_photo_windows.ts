import { sql, type Kysely } from 'kysely';

/**
 * Windows of the genuine photos (issue 31, the pictures benchmark): each photo's fingerprints also for nine crops of
 * 90 % of each side (records/pictures/fingerprint.ts photoFingerprints), as two arrays of the same order, so a
 * listing that crops the photo by up to about 10 % is still the same photo. Photos stored before keep empty arrays
 * and match as they did (their whole picture only) until uploaded again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE genuine_photo ADD COLUMN window_phash bigint[] NOT NULL DEFAULT '{}', ADD COLUMN window_dhash bigint[] NOT NULL DEFAULT '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE genuine_photo DROP COLUMN window_phash, DROP COLUMN window_dhash`.execute(db);
}
