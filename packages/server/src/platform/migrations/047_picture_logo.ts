import { sql, type Kysely } from 'kysely';

/**
 * Logos found in listing pictures (issue 31, "shows the logo"): a `logo` match names the client's trademark whose
 * image (a design mark) the picture shows, its score (0-100) and where, as shares of the picture's width and height.
 * Like a word mark it has no fingerprint distances. A trademark may be found both as a word and as a logo in one
 * picture, so the one-match-per-trademark rule of 045 becomes one per trademark and kind.
 */
const OLD_KINDS = `('same-photo', 'shared-photo', 'wordmark')`;
const NEW_KINDS = `('same-photo', 'shared-photo', 'wordmark', 'logo')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_kind_check`.execute(db);
  await sql.raw(`ALTER TABLE picture_match ADD CONSTRAINT picture_match_kind_check CHECK (kind IN ${NEW_KINDS})`).execute(db);
  await sql`ALTER TABLE picture_match ADD COLUMN score smallint, ADD COLUMN box_x real, ADD COLUMN box_y real, ADD COLUMN box_w real, ADD COLUMN box_h real`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_wordmark_check`.execute(db);
  await sql`
    ALTER TABLE picture_match ADD CONSTRAINT picture_match_wordmark_check CHECK (
      (kind = 'wordmark') = (found_text IS NOT NULL AND (trademark_id IS NOT NULL OR brand_id IS NOT NULL))
      AND (kind IN ('wordmark', 'logo') OR (phash_distance IS NOT NULL AND dhash_distance IS NOT NULL)))`.execute(db);
  await sql`
    ALTER TABLE picture_match ADD CONSTRAINT picture_match_logo_check CHECK (
      (kind = 'logo') = (trademark_id IS NOT NULL AND score IS NOT NULL AND box_x IS NOT NULL AND box_y IS NOT NULL AND box_w IS NOT NULL AND box_h IS NOT NULL)
      AND (score IS NULL OR score BETWEEN 0 AND 100))`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_trademark_unique`.execute(db);
  await sql`ALTER TABLE picture_match ADD CONSTRAINT picture_match_trademark_unique UNIQUE (picture_id, kind, trademark_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM picture_match WHERE kind = 'logo'`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_trademark_unique`.execute(db);
  await sql`ALTER TABLE picture_match ADD CONSTRAINT picture_match_trademark_unique UNIQUE (picture_id, trademark_id)`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_logo_check`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_wordmark_check`.execute(db);
  await sql`
    ALTER TABLE picture_match ADD CONSTRAINT picture_match_wordmark_check CHECK (
      (kind = 'wordmark') = (found_text IS NOT NULL AND (trademark_id IS NOT NULL OR brand_id IS NOT NULL))
      AND (kind = 'wordmark' OR (phash_distance IS NOT NULL AND dhash_distance IS NOT NULL)))`.execute(db);
  await sql`ALTER TABLE picture_match DROP COLUMN score, DROP COLUMN box_x, DROP COLUMN box_y, DROP COLUMN box_w, DROP COLUMN box_h`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_kind_check`.execute(db);
  await sql.raw(`ALTER TABLE picture_match ADD CONSTRAINT picture_match_kind_check CHECK (kind IN ${OLD_KINDS})`).execute(db);
}
