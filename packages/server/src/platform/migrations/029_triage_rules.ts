import { sql, type Kysely } from 'kysely';

/**
 * Triage rules and their suggestions (issue 19, points 1 to 3).
 *
 * - `triage_rule`: a client's ordered rules (one list per client, each rule for one record kind); the first rule of
 *   the kind whose conditions all hold suggests its subcategory, product category and remark.
 * - `triage_suggestion`: what the evaluation job (areas/triage/evaluate.ts) found for each record a rule matched,
 *   with its trace (the rule and each condition with the values that matched). Derived data: a run replaces the
 *   rows of the record ids it walked. record_id is the kind's record id; rows of removed records are dropped by the
 *   next run over their range (the three kinds' tables cannot share one foreign key).
 * - `record_batch_item.value` / `.also`: accepting suggestions is a batch whose records get different values (each
 *   its own suggestion) and some companion columns (EC's aggregate category, product category, remark). The undo
 *   (records/batches/batches.ts) compares each record with its own value and restores the companions too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE triage_rule (
      rule_id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      kind varchar(3) NOT NULL CHECK (kind IN ('ec', 'ws', 'sns')),
      position integer NOT NULL,
      name varchar(200) NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      conditions jsonb NOT NULL,
      subcategory_id integer NOT NULL,
      product_category_id integer REFERENCES product_category (id) ON DELETE SET NULL,
      remark varchar(2000) NOT NULL DEFAULT '',
      created_by integer REFERENCES users (user_id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX triage_rule_client ON triage_rule (client_id, position)`.execute(db);
  await sql`
    CREATE TABLE triage_suggestion (
      client_id integer NOT NULL REFERENCES client (client_id) ON DELETE CASCADE,
      kind varchar(3) NOT NULL CHECK (kind IN ('ec', 'ws', 'sns')),
      record_id bigint NOT NULL,
      rule_id integer NOT NULL REFERENCES triage_rule (rule_id) ON DELETE CASCADE,
      subcategory_id integer NOT NULL,
      product_category_id integer,
      remark varchar(2000) NOT NULL DEFAULT '',
      trace jsonb NOT NULL,
      computed_at timestamptz NOT NULL,
      PRIMARY KEY (client_id, kind, record_id)
    )`.execute(db);
  await sql`CREATE INDEX triage_suggestion_subcategory ON triage_suggestion (client_id, kind, subcategory_id)`.execute(db);
  await sql`ALTER TABLE record_batch_item ADD COLUMN value integer, ADD COLUMN also jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE record_batch_item DROP COLUMN IF EXISTS value, DROP COLUMN IF EXISTS also`.execute(db);
  await sql`DROP TABLE IF EXISTS triage_suggestion`.execute(db);
  await sql`DROP TABLE IF EXISTS triage_rule`.execute(db);
}
