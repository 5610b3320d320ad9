import { sql, type Kysely } from 'kysely';

/**
 * The band indexes of record_picture (migration 043) carry the hashes and the row's id (INCLUDE), so a look-up by
 * picture reads the index alone (an index-only scan per band, records/pictures/picture-queries.ts nearPictures) and
 * counts the bits of its about 8,400 candidates among a million there. Reading each candidate's row instead was one
 * random heap page each, about 6,500 pages per look-up: 400 ms and more (docs/benchmarks.md, "Pictures").
 * An index-only scan needs the table's visibility map, which VACUUM (autovacuum) keeps: pages changed since are
 * read from the heap as before. The new indexes serve the bitmap scans of the other look-ups too, so they replace
 * the old ones rather than sit beside them.
 */
const BANDS = ['band0', 'band1', 'band2', 'band3'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const band of BANDS) {
    await sql`DROP INDEX ${sql.id(`record_picture_${band}`)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(`record_picture_${band}`)} ON record_picture (client_id, ${sql.ref(band)}) INCLUDE (phash, dhash, picture_id) WHERE state = 'done'`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const band of BANDS) {
    await sql`DROP INDEX ${sql.id(`record_picture_${band}`)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(`record_picture_${band}`)} ON record_picture (client_id, ${sql.ref(band)}) WHERE state = 'done'`.execute(db);
  }
}
