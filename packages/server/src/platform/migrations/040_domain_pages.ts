import { sql, type Kysely } from 'kysely';

/**
 * Look-alike domains, what a run learns beyond DNS (issue 32 points 2-4). The page: where it ended, its title and
 * HTTP status, its HTML's locality-sensitive hash (TLSH) and its screenshot's perceptual hash, the signals found on
 * it (jsonb: brand words, logo, shop, login form, similarities), the site category they suggest (WS_SITE_CATEGORIES)
 * and a fingerprint of what was seen, so a changed page is told apart from an unchanged one; the screenshot as a
 * stored file. The registration: registrar, created and expiry dates, and whether RDAP or WHOIS told them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE domain_candidate
    ADD COLUMN page_url text,
    ADD COLUMN page_status smallint,
    ADD COLUMN page_title text,
    ADD COLUMN page_tlsh text,
    ADD COLUMN page_phash text,
    ADD COLUMN page_signals jsonb,
    ADD COLUMN page_fingerprint text,
    ADD COLUMN site_category smallint CHECK (site_category BETWEEN 1 AND 11),
    ADD COLUMN screenshot_file text,
    ADD COLUMN checked_at timestamptz,
    ADD COLUMN registrar text,
    ADD COLUMN domain_created_at timestamptz,
    ADD COLUMN domain_expires_at timestamptz,
    ADD COLUMN registration_source text CHECK (registration_source IN ('rdap', 'whois')),
    ADD COLUMN registration_checked_at timestamptz`.execute(db);
}
