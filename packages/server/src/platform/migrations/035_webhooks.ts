import { sql, type Kysely } from 'kysely';

/**
 * Webhooks for other programs (issue 30, point 4). An endpoint belongs to a client and to the user who made it
 * (told when it is disabled); `for_client` marks one made by a client user, which only ever receives what that
 * company's users may see (posted records). The signing secret is needed to sign, so it is sealed with the
 * platform's SecretBox, not hashed. `failing_since` is the first failed attempt since the last success: an
 * endpoint failing for the give-up time (a day) is disabled.
 *
 * A delivery row is the durable queue's truth: the pg-boss job only says "try delivery N now"; the row holds the
 * exact body signed (so every attempt sends the same bytes), its attempts, the last answer and when to try next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('for_client', 'boolean', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('failing_since', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_endpoint_client').on('webhook_endpoint').column('client_id').execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoint.id').onDelete('cascade'))
    .addColumn('message_id', 'varchar(60)', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // 1 pending, 2 delivered, 3 failed (gave up).
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_answer', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('first_attempt_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    // Held by an attempt in flight until then; a worker that died mid-attempt leaves it to be taken again after.
    .addColumn('leased_until', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('webhook_delivery_endpoint').on('webhook_delivery').columns(['endpoint_id', 'id']).execute();
  await db.schema.createIndex('webhook_delivery_pending').on('webhook_delivery').column('next_attempt_at').where(sql.ref('status'), '=', 1).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').ifExists().execute();
  await db.schema.dropTable('webhook_endpoint').ifExists().execute();
}
