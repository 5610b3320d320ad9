import { sql, type Kysely } from 'kysely';

/**
 * Word marks read in listing pictures (issue 31, "shows the word mark"): a `wordmark` match names the client's
 * trademark whose word the picture shows (or, for a brand name kept without a trademark, the brand) and the word as
 * read. It has no fingerprint distances, so those become optional (the two photo kinds still always have them).
 */
const OLD_KINDS = `('same-photo', 'shared-photo')`;
const NEW_KINDS = `('same-photo', 'shared-photo', 'wordmark')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_kind_check`.execute(db);
  await sql.raw(`ALTER TABLE picture_match ADD CONSTRAINT picture_match_kind_check CHECK (kind IN ${NEW_KINDS})`).execute(db);
  await sql`ALTER TABLE picture_match ADD COLUMN trademark_id integer REFERENCES trademark (trademark_id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE picture_match ADD COLUMN brand_id integer REFERENCES brand (brand_id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE picture_match ADD COLUMN found_text varchar(200)`.execute(db);
  await sql`ALTER TABLE picture_match ALTER COLUMN phash_distance DROP NOT NULL, ALTER COLUMN dhash_distance DROP NOT NULL`.execute(db);
  await sql`
    ALTER TABLE picture_match ADD CONSTRAINT picture_match_wordmark_check CHECK (
      (kind = 'wordmark') = (found_text IS NOT NULL AND (trademark_id IS NOT NULL OR brand_id IS NOT NULL))
      AND (kind = 'wordmark' OR (phash_distance IS NOT NULL AND dhash_distance IS NOT NULL)))`.execute(db);
  await sql`ALTER TABLE picture_match ADD CONSTRAINT picture_match_trademark_unique UNIQUE (picture_id, trademark_id)`.execute(db);
  await sql`ALTER TABLE picture_match ADD CONSTRAINT picture_match_brand_unique UNIQUE (picture_id, brand_id)`.execute(db);
  await sql`CREATE INDEX picture_match_trademark ON picture_match (trademark_id) WHERE trademark_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX picture_match_brand ON picture_match (brand_id) WHERE brand_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM picture_match WHERE kind = 'wordmark'`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_wordmark_check`.execute(db);
  await sql`ALTER TABLE picture_match DROP COLUMN trademark_id, DROP COLUMN brand_id, DROP COLUMN found_text`.execute(db);
  await sql`ALTER TABLE picture_match ALTER COLUMN phash_distance SET NOT NULL, ALTER COLUMN dhash_distance SET NOT NULL`.execute(db);
  await sql`ALTER TABLE picture_match DROP CONSTRAINT picture_match_kind_check`.execute(db);
  await sql.raw(`ALTER TABLE picture_match ADD CONSTRAINT picture_match_kind_check CHECK (kind IN ${OLD_KINDS})`).execute(db);
}
