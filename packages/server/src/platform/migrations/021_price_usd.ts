import { sql, type Kysely } from 'kysely';

/**
 * A marketplace record's price in US dollars, so a list sorted by price compares amounts (issue 16, point 4).
 *
 * The dollar amount is stored, not computed while sorting: a sort by `price x rate` cannot use an index (the rate
 * table changes), and on a million-record client it sorted every matching row for each page. `ec_price_usd` is the
 * price at its currency's latest rate (exchange_rate, migration 014), NULL without a price or a rate;
 * `ec_price_rank` places, in both directions, amounts without a rate after the converted ones (0), and records
 * without a price (2) after those (1). Uploads fill it in their INSERT, a row trigger
 * on any other insert of a price and on every change of a price or currency; a change of rates reprices that currency's records (dashboards/rates.ts).
 * Also: news items for the readers of one language (issue 16, point 7).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A news item may be written for the readers of one language (NULL: for everyone), as the demo's are.
  await sql`ALTER TABLE news ADD COLUMN locale varchar(2)`.execute(db);
  await sql`ALTER TABLE ec_record ADD COLUMN ec_price_usd numeric,
    ADD COLUMN ec_price_rank smallint GENERATED ALWAYS AS (CASE WHEN ec_price_usd IS NOT NULL THEN 0 WHEN ec_product_price IS NOT NULL THEN 1 ELSE 2 END) STORED`.execute(db);
  await sql`CREATE FUNCTION ec_record_price_usd() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.ec_price_usd := NEW.ec_product_price * (SELECT usd_rate FROM exchange_rate WHERE currency = NEW.ec_product_currency ORDER BY rate_date DESC LIMIT 1);
      RETURN NEW;
    END $$`.execute(db);
  // Only where needed: an insert that did not convert (uploads convert in their INSERT), a changed price or currency.
  await sql`CREATE TRIGGER ec_record_price_usd_insert BEFORE INSERT ON ec_record
    FOR EACH ROW WHEN (NEW.ec_price_usd IS NULL AND NEW.ec_product_price IS NOT NULL) EXECUTE FUNCTION ec_record_price_usd()`.execute(db);
  await sql`CREATE TRIGGER ec_record_price_usd_update BEFORE UPDATE OF ec_product_price, ec_product_currency ON ec_record
    FOR EACH ROW WHEN (OLD.ec_product_price IS DISTINCT FROM NEW.ec_product_price OR OLD.ec_product_currency IS DISTINCT FROM NEW.ec_product_currency)
    EXECUTE FUNCTION ec_record_price_usd()`.execute(db);
  await sql`UPDATE ec_record r SET ec_price_usd = r.ec_product_price * x.usd_rate
    FROM (SELECT DISTINCT ON (currency) currency, usd_rate FROM exchange_rate ORDER BY currency, rate_date DESC) x
    WHERE x.currency = r.ec_product_currency AND r.ec_product_price IS NOT NULL`.execute(db);
  // One index per direction: the list reads a page of either from the index (ties by currency and amount sort in
  // small groups). PostgreSQL only: on the embedded PGlite (no autovacuum statistics, one thread) they made large
  // uploads two to three times slower, and its clients are small enough to sort a page's top 100 without them.
  const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
  if (rows[0]?.v.includes('PGlite')) return;
  await sql`CREATE INDEX ec_record_price_asc ON ec_record (client_id, ec_price_rank, ec_price_usd, ec_id)`.execute(db);
  await sql`CREATE INDEX ec_record_price_desc ON ec_record (client_id, ec_price_rank, ec_price_usd DESC, ec_id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE news DROP COLUMN IF EXISTS locale`.execute(db);
  for (const name of ['ec_record_price_usd_insert', 'ec_record_price_usd_update']) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ON ec_record`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ec_record_price_usd()`.execute(db);
  for (const name of ['ec_record_price_asc', 'ec_record_price_desc']) await sql`DROP INDEX IF EXISTS ${sql.id(name)}`.execute(db);
  await sql`ALTER TABLE ec_record DROP COLUMN IF EXISTS ec_price_rank, DROP COLUMN IF EXISTS ec_price_usd`.execute(db);
}
