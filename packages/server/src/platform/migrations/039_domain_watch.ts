import { sql, type Kysely } from 'kysely';

/**
 * Look-alike domains (issue 32, spec README "Look-alike domains"): a client's domain watch (its lists as jsonb
 * arrays), its runs, and the candidates its runs found, one per (watch, ASCII domain). A candidate's `fingerprint`
 * is what the last run saw of it (registration and DNS answers), so a dismissed one comes back only when that
 * changes. Reasons are message keys with parameters, translated for each reader. A promoted candidate names the WS record it became.
 * One running run per watch. A watch
 * with a schedule has its next run's time (null: run by hand only), counted as the watches' (issue 30) are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE domain_watch (
    id serial PRIMARY KEY,
    client_id integer NOT NULL REFERENCES client(client_id),
    domains jsonb NOT NULL,
    words jsonb NOT NULL DEFAULT '[]',
    keywords jsonb,
    fuzzers jsonb NOT NULL,
    tlds jsonb NOT NULL DEFAULT '[]',
    schedule jsonb,
    schedule_anchor timestamptz,
    next_run_at timestamptz,
    created_by integer,
    updated_by integer,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX domain_watch_client ON domain_watch (client_id, id)`.execute(db);
  await sql`CREATE INDEX domain_watch_due ON domain_watch (next_run_at) WHERE next_run_at IS NOT NULL`.execute(db);
  await sql`CREATE TABLE domain_watch_run (
    id serial PRIMARY KEY,
    watch_id integer NOT NULL REFERENCES domain_watch(id) ON DELETE CASCADE,
    status smallint NOT NULL CHECK (status IN (1, 2, 3)),
    started_at timestamptz NOT NULL,
    finished_at timestamptz,
    counts jsonb NOT NULL DEFAULT '{"permutations":0,"registered":0,"live":0,"new":0,"changed":0}',
    capped boolean NOT NULL DEFAULT false,
    error text
  )`.execute(db);
  await sql`CREATE INDEX domain_watch_run_watch ON domain_watch_run (watch_id, id DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX domain_watch_run_one_running ON domain_watch_run (watch_id) WHERE status = 1`.execute(db);
  await sql`CREATE TABLE domain_candidate (
    id serial PRIMARY KEY,
    watch_id integer NOT NULL REFERENCES domain_watch(id) ON DELETE CASCADE,
    domain text NOT NULL,
    unicode text NOT NULL,
    fuzzer text NOT NULL,
    registered boolean,
    live boolean NOT NULL DEFAULT false,
    score smallint NOT NULL DEFAULT 0 CHECK (score BETWEEN 0 AND 100),
    reasons jsonb NOT NULL DEFAULT '[]',
    dns jsonb NOT NULL DEFAULT '{"a":[],"aaaa":[],"mx":[],"ns":[]}',
    state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'promoted', 'dismissed')),
    fingerprint text NOT NULL,
    first_seen_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    first_run_id integer,
    last_run_id integer,
    record_id integer,
    UNIQUE (watch_id, domain)
  )`.execute(db);
  await sql`CREATE INDEX domain_candidate_state ON domain_candidate (watch_id, state, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS domain_candidate`.execute(db);
  await sql`DROP TABLE IF EXISTS domain_watch_run`.execute(db);
  await sql`DROP TABLE IF EXISTS domain_watch`.execute(db);
}
