import { sql, type Kysely } from 'kysely';

/**
 * Alerts (issue 30 point 3): each user's choice, per client, of which watch events reach them and how
 * (`alert_setting`; no row: the defaults), the user's time zone for the daily digest (`users.alert_timezone`), what
 * waits for the next digest (`alert_digest_item`) and the days a digest left (`alert_digest_sent`: one a day).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE alert_setting (
    user_id integer NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    client_id integer NOT NULL REFERENCES client(client_id),
    events jsonb NOT NULL DEFAULT '{}',
    price_floor numeric,
    price_drop_percent numeric,
    PRIMARY KEY (user_id, client_id)
  )`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN alert_timezone text`.execute(db);
  await sql`CREATE TABLE alert_digest_item (
    id bigserial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    client_id integer NOT NULL,
    line text NOT NULL,
    created_at timestamptz NOT NULL,
    sent_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX alert_digest_pending ON alert_digest_item (user_id, id) WHERE sent_at IS NULL`.execute(db);
  await sql`CREATE TABLE alert_digest_sent (
    user_id integer NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
    local_date date NOT NULL,
    PRIMARY KEY (user_id, local_date)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS alert_digest_sent`.execute(db);
  await sql`DROP TABLE IF EXISTS alert_digest_item`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS alert_timezone`.execute(db);
  await sql`DROP TABLE IF EXISTS alert_setting`.execute(db);
}
