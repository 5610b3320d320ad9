import { sql, type Kysely } from 'kysely';

/**
 * Where each field of a crawled listing came from (spec README "Reading real pages"): the product reader's witness
 * per field (`recipe`, `json-ld`, `microdata`, `opengraph`, `page`). The scraped listing keeps it by listing field
 * (`crawler_listing.field_sources`); the EC record its task's report makes keeps it by record field
 * (`ec_record.ec_field_sources`). NULL on listings scraped before this column and on records made by uploads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE crawler_listing ADD COLUMN field_sources jsonb`.execute(db);
  await sql`ALTER TABLE ec_record ADD COLUMN ec_field_sources jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ec_record DROP COLUMN IF EXISTS ec_field_sources`.execute(db);
  await sql`ALTER TABLE crawler_listing DROP COLUMN IF EXISTS field_sources`.execute(db);
}
