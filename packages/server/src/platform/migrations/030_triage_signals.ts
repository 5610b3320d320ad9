import { sql, type Kysely } from 'kysely';

/**
 * Triage signals (issue 19, points 4 and 5), computed per client by a pg-boss job and read by the triage rules, the
 * record lists and the seller-network page. Derived data: a recomputation replaces a client's rows whole.
 *
 * - `triage_price_score`: a marketplace record's price in US dollars against comparable listings (same brand model
 *   if a keyword maps to one, else same search keyword and site): a robust score (median - price) / (1.4826 x MAD),
 *   positive when cheaper than its peers, and the ratio to the brand model's master price.
 * - `triage_seller_cluster` / `triage_seller_member` / `triage_seller_link`: sellers (EC) and accounts (SNS, site is
 *   the platform's code) linked by a shared seller URL or id, a normalized name, a phone, a mail or a shop address.
 *   A member's `seller` is the value as the records carry it, so records join on (client_id, kind, site, seller).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE triage_price_score (
      ec_id bigint PRIMARY KEY REFERENCES ec_record (ec_id) ON DELETE CASCADE,
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      price_usd numeric NOT NULL,
      peer_group varchar(600) NOT NULL,
      peer_count integer NOT NULL,
      peer_median_usd numeric,
      peer_mad_usd numeric,
      score double precision,
      model_price_usd numeric,
      model_ratio double precision,
      computed_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX triage_price_score_client ON triage_price_score (client_id, score DESC NULLS LAST)`.execute(db);
  await sql`
    CREATE TABLE triage_seller_cluster (
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      cluster_id integer NOT NULL,
      sellers integer NOT NULL,
      records integer NOT NULL,
      takedowns integer NOT NULL,
      repeat_offender boolean NOT NULL,
      computed_at timestamptz NOT NULL,
      PRIMARY KEY (client_id, cluster_id)
    )`.execute(db);
  await sql`
    CREATE TABLE triage_seller_member (
      client_id integer NOT NULL,
      cluster_id integer NOT NULL,
      member_id integer NOT NULL,
      kind varchar(3) NOT NULL CHECK (kind IN ('ec', 'sns')),
      site varchar(200) NOT NULL,
      seller varchar(500) NOT NULL,
      records integer NOT NULL,
      takedowns integer NOT NULL,
      PRIMARY KEY (client_id, kind, site, seller),
      UNIQUE (client_id, member_id),
      FOREIGN KEY (client_id, cluster_id) REFERENCES triage_seller_cluster (client_id, cluster_id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX triage_seller_member_cluster ON triage_seller_member (client_id, cluster_id)`.execute(db);
  await sql`
    CREATE TABLE triage_seller_link (
      client_id integer NOT NULL,
      cluster_id integer NOT NULL,
      from_member integer NOT NULL,
      to_member integer NOT NULL,
      reason varchar(20) NOT NULL CHECK (reason IN ('seller-url', 'seller-id', 'name', 'phone', 'mail', 'address')),
      PRIMARY KEY (client_id, from_member, to_member, reason),
      FOREIGN KEY (client_id, cluster_id) REFERENCES triage_seller_cluster (client_id, cluster_id) ON DELETE CASCADE
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['triage_seller_link', 'triage_seller_member', 'triage_seller_cluster', 'triage_price_score']) {
    await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
  }
}
