import { sql, type Kysely } from 'kysely';

/**
 * Seller networks linked by one listing picture (issue 31): `same-photo` joins the reasons a link between two
 * sellers may carry (migration 030). Only the check changes; the networks are recomputed by their job.
 */
const OLD = `('seller-url', 'seller-id', 'name', 'phone', 'mail', 'address')`;
const NEW = `('seller-url', 'seller-id', 'name', 'phone', 'mail', 'address', 'same-photo')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE triage_seller_link DROP CONSTRAINT triage_seller_link_reason_check`.execute(db);
  await sql.raw(`ALTER TABLE triage_seller_link ADD CONSTRAINT triage_seller_link_reason_check CHECK (reason IN ${NEW})`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM triage_seller_link WHERE reason = 'same-photo'`.execute(db);
  await sql`ALTER TABLE triage_seller_link DROP CONSTRAINT triage_seller_link_reason_check`.execute(db);
  await sql.raw(`ALTER TABLE triage_seller_link ADD CONSTRAINT triage_seller_link_reason_check CHECK (reason IN ${OLD})`).execute(db);
}
