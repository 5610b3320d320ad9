import { sql, type Kysely } from 'kysely';

/**
 * A capture pinned to the addresses a domain watch's own resolvers answered (issue 32): the evidence of a promoted
 * look-alike is taken from the server the watch scored, not wherever the system resolver says a minute later (a
 * name whose answers change between the watch and the capture, or one only the watch's resolvers know). Stored as `{host, addresses}`:
 * only that host is pinned (a redirect elsewhere resolves as usual). Kept on the row as part of the evidence: where
 * the page was fetched from. Null: the system resolver, as every other capture.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE evidence_capture ADD COLUMN pinned_host jsonb`.execute(db);
}
