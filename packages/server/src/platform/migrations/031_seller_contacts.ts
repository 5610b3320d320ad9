import { sql, type Kysely } from 'kysely';

/**
 * Seller contact details for the seller networks (issue 19, point 5). Neither record kind had a phone, mail or shop
 * address of the seller (EC keeps the seller's name and URL, SNS the account's name, id and URL; no free seller-info
 * text either), so each gets three optional columns, empty by default, that the crawler, a sheet or the demo fill;
 * the triage-signals job links sellers sharing a non-empty one. Adding a column with a constant default rewrites
 * nothing, so this is instant on a million-record client. Also an index for removing a network's links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ec_record
    ADD COLUMN ec_seller_phone varchar(100) NOT NULL DEFAULT '',
    ADD COLUMN ec_seller_mail varchar(320) NOT NULL DEFAULT '',
    ADD COLUMN ec_seller_address varchar(1000) NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE sns_record
    ADD COLUMN contact_phone varchar(100) NOT NULL DEFAULT '',
    ADD COLUMN contact_mail varchar(320) NOT NULL DEFAULT '',
    ADD COLUMN contact_address varchar(1000) NOT NULL DEFAULT ''`.execute(db);
  // The cascade from a network to its links (030 indexes members by network, not links).
  await sql`CREATE INDEX triage_seller_link_cluster ON triage_seller_link (client_id, cluster_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS triage_seller_link_cluster`.execute(db);
  await sql`ALTER TABLE ec_record DROP COLUMN IF EXISTS ec_seller_phone, DROP COLUMN IF EXISTS ec_seller_mail, DROP COLUMN IF EXISTS ec_seller_address`.execute(db);
  await sql`ALTER TABLE sns_record DROP COLUMN IF EXISTS contact_phone, DROP COLUMN IF EXISTS contact_mail, DROP COLUMN IF EXISTS contact_address`.execute(db);
}
