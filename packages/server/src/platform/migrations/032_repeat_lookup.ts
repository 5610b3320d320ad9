import { sql, type Kysely } from 'kysely';

/**
 * The repeat lookup of a marketplace upload (is this listing already recorded for the client?) as a plan that does
 * not depend on statistics. An upload asks, for each chunk of rows, which of its URL keys the client already has.
 * With the index on (client_id, url_key) the planner weighed it against every other index leading with client_id;
 * while a client's records are new to the statistics (a new client, a first large upload, a table autovacuum has not
 * analyzed yet, PGlite that never analyzes) it took one of those and read all of the client's records for each chunk:
 * the upload's cost grew with the square of its rows (100 ms per chunk at 100,000 records, 2,000 keys each).
 * Keyed by URL first, the index is the only one the lookup can use (the client is compared as `client_id + 0`, which no
 * index serves), and the function keeps the planner off a sequential scan whatever it believes the table holds: one
 * index probe per key, however many records the client has. The inherit query's `url_key = ... AND client_id = ...`
 * is served by it as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS ec_record_url`.execute(db);
  await sql`CREATE INDEX ec_record_url ON ec_record (url_key, client_id)`.execute(db);
  await sql`CREATE FUNCTION ec_known_url_keys(p_client integer, p_keys text[]) RETURNS SETOF text
    LANGUAGE sql STABLE SET enable_seqscan = off
    AS $$ SELECT DISTINCT url_key FROM ec_record WHERE url_key = ANY (p_keys) AND client_id + 0 = p_client $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ec_known_url_keys(integer, text[])`.execute(db);
  await sql`DROP INDEX IF EXISTS ec_record_url`.execute(db);
  await sql`CREATE INDEX ec_record_url ON ec_record (client_id, url_key)`.execute(db);
}
