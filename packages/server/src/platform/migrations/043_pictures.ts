import { sql, type Kysely } from 'kysely';

/**
 * Pictures (issue 31, first slice): the brand's genuine photos per client, each listing picture's state and
 * fingerprints, and the matches found between them.
 *
 * Fingerprints are 64-bit perceptual hashes (records/pictures/fingerprint.ts) stored as bigint (their bits, signed)
 * with their four 16-bit bands: a look-up for every hash within a Hamming distance d ≤ 11 asks each band's index for
 * the values within 2 bits of the asked band (by the pigeonhole principle one of four bands differs by at most
 * ⌊11 / 4⌋ = 2 bits), then counts the differing bits exactly with `bit_count`, so no look-up reads every row.
 *
 * A record's picture row hangs on its record by a cascading key (as evidence captures do), a match on both its ends
 * (a genuine photo removed, a record removed: its matches go with it). `client_setting.picture_distance` is the
 * client's largest pHash distance for "same photo" (default 10, at most 11: the index's reach).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE client_setting ADD COLUMN picture_distance smallint NOT NULL DEFAULT 10 CHECK (picture_distance BETWEEN 0 AND 11)`.execute(db);
  await sql`
    CREATE TABLE genuine_photo (
      photo_id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      brand varchar(200) NOT NULL DEFAULT '',
      file_name varchar(100) NOT NULL REFERENCES stored_file (name),
      original_name varchar(300) NOT NULL,
      phash bigint NOT NULL,
      dhash bigint NOT NULL,
      band0 integer NOT NULL,
      band1 integer NOT NULL,
      band2 integer NOT NULL,
      band3 integer NOT NULL,
      created_by integer REFERENCES users (user_id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX genuine_photo_client ON genuine_photo (client_id, photo_id)`.execute(db);
  await sql`
    CREATE TABLE record_picture (
      picture_id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      kind varchar(3) NOT NULL CHECK (kind IN ('ec', 'ws', 'sns')),
      ec_id bigint UNIQUE REFERENCES ec_record (ec_id) ON DELETE CASCADE,
      ws_id bigint UNIQUE REFERENCES ws_record (ws_id) ON DELETE CASCADE,
      sns_id bigint UNIQUE REFERENCES sns_record (sns_id) ON DELETE CASCADE,
      url varchar(2000) NOT NULL,
      state varchar(10) NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
      reason varchar(40),
      phash bigint,
      dhash bigint,
      band0 integer,
      band1 integer,
      band2 integer,
      band3 integer,
      looked_at timestamptz,
      CHECK ((ec_id IS NOT NULL)::int + (ws_id IS NOT NULL)::int + (sns_id IS NOT NULL)::int = 1),
      CHECK (state <> 'done' OR (phash IS NOT NULL AND dhash IS NOT NULL AND band3 IS NOT NULL))
    )`.execute(db);
  for (const band of ['band0', 'band1', 'band2', 'band3']) {
    await sql`CREATE INDEX ${sql.id(`record_picture_${band}`)} ON record_picture (client_id, ${sql.ref(band)}) WHERE state = 'done'`.execute(db);
  }
  await sql`CREATE INDEX record_picture_pending ON record_picture (client_id, kind, picture_id) WHERE state = 'pending'`.execute(db);
  await sql`
    CREATE TABLE picture_match (
      picture_id integer NOT NULL REFERENCES record_picture (picture_id) ON DELETE CASCADE,
      kind varchar(12) NOT NULL CHECK (kind IN ('same-photo', 'shared-photo')),
      photo_id integer REFERENCES genuine_photo (photo_id) ON DELETE CASCADE,
      other_picture_id integer REFERENCES record_picture (picture_id) ON DELETE CASCADE,
      phash_distance smallint NOT NULL,
      dhash_distance smallint NOT NULL,
      CHECK ((kind = 'same-photo') = (photo_id IS NOT NULL) AND (kind = 'shared-photo') = (other_picture_id IS NOT NULL)),
      UNIQUE (picture_id, photo_id),
      UNIQUE (picture_id, other_picture_id)
    )`.execute(db);
  await sql`CREATE INDEX picture_match_photo ON picture_match (photo_id) WHERE photo_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX picture_match_other ON picture_match (other_picture_id) WHERE other_picture_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE picture_match`.execute(db);
  await sql`DROP TABLE record_picture`.execute(db);
  await sql`DROP TABLE genuine_photo`.execute(db);
  await sql`ALTER TABLE client_setting DROP COLUMN picture_distance`.execute(db);
}
