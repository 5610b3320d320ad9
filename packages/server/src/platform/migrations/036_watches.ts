import { sql, type Kysely } from 'kysely';

/**
 * Watches (issue 30, spec README "Watches and webhooks"): a client's saved search run on a schedule. A watch owns a
 * crawler task of its own (type 3, hidden from the task list) whose subtasks are its sources, so the crawler's
 * politeness, resumption and workers serve it unchanged. Each run is a row; what the watch knows of each listing
 * (its last fields, runs missed, gone, reported back) is `watch_listing`; what a run found changed is
 * `watch_change`. `crawler_listing.seen_run` is the task run that last found the listing on a search page, so a
 * run knows what it saw, and its `etag` and `last_modified` let the next read ask whether the page changed. One
 * running run per watch, by a partial unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE watch (
    id serial PRIMARY KEY,
    client_id integer NOT NULL REFERENCES client(client_id),
    name text NOT NULL,
    kind text NOT NULL DEFAULT 'ec',
    schedule jsonb NOT NULL,
    schedule_anchor timestamptz NOT NULL,
    target_count integer NOT NULL,
    capture_evidence boolean NOT NULL DEFAULT false,
    paused boolean NOT NULL DEFAULT false,
    task_id integer NOT NULL UNIQUE REFERENCES crawler_task(id),
    next_run_at timestamptz,
    created_by integer,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX watch_due ON watch (next_run_at) WHERE NOT paused`.execute(db);
  await sql`CREATE INDEX watch_client ON watch (client_id, id)`.execute(db);
  await sql`CREATE TABLE watch_run (
    id serial PRIMARY KEY,
    watch_id integer NOT NULL REFERENCES watch(id) ON DELETE CASCADE,
    run_no integer NOT NULL,
    status smallint NOT NULL,
    started_at timestamptz NOT NULL,
    finished_at timestamptz,
    counts jsonb NOT NULL DEFAULT '{"new":0,"changed":0,"gone":0,"back":0,"unchanged":0}',
    error text,
    report_id integer
  )`.execute(db);
  await sql`CREATE INDEX watch_run_watch ON watch_run (watch_id, id DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX watch_run_one_running ON watch_run (watch_id) WHERE status = 1`.execute(db);
  await sql`CREATE TABLE watch_listing (
    id serial PRIMARY KEY,
    watch_id integer NOT NULL REFERENCES watch(id) ON DELETE CASCADE,
    url text NOT NULL,
    record_id integer,
    fields jsonb NOT NULL DEFAULT '{}',
    first_run integer NOT NULL,
    last_seen_run integer NOT NULL,
    missed smallint NOT NULL DEFAULT 0,
    gone boolean NOT NULL DEFAULT false,
    back_reported boolean NOT NULL DEFAULT false,
    UNIQUE (watch_id, url)
  )`.execute(db);
  await sql`CREATE TABLE watch_change (
    id bigserial PRIMARY KEY,
    run_id integer NOT NULL REFERENCES watch_run(id) ON DELETE CASCADE,
    listing_id integer NOT NULL REFERENCES watch_listing(id) ON DELETE CASCADE,
    change text NOT NULL,
    fields jsonb NOT NULL DEFAULT '[]'
  )`.execute(db);
  await sql`CREATE INDEX watch_change_run ON watch_change (run_id, change, id)`.execute(db);
  await sql`ALTER TABLE crawler_listing ADD COLUMN seen_run integer NOT NULL DEFAULT 0`.execute(db);
  // The listing page's validators, for a conditional request when a watch reads it again.
  await sql`ALTER TABLE crawler_listing ADD COLUMN etag text, ADD COLUMN last_modified text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE crawler_listing DROP COLUMN IF EXISTS seen_run, DROP COLUMN IF EXISTS etag, DROP COLUMN IF EXISTS last_modified`.execute(db);
  await sql`DROP TABLE IF EXISTS watch_change`.execute(db);
  await sql`DROP TABLE IF EXISTS watch_listing`.execute(db);
  await sql`DROP TABLE IF EXISTS watch_run`.execute(db);
  await sql`DROP TABLE IF EXISTS watch`.execute(db);
}
