import { sql, type Kysely } from 'kysely';

/**
 * Issue 17: service requests (legal services, offline protection, business support), their messages and files.
 * Files live in stored_file (kind `srq`); service_request_file ties each to its request and, once sent, its message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_request')
    .addColumn('request_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('assignee_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('due_date', 'date')
    .addColumn('fee', 'numeric(14, 2)')
    .addColumn('currency', 'varchar(3)')
    .addColumn('draft', 'boolean', (c) => c.notNull().defaultTo(false))
    // The trademark a portal-proposed renewal is for (one proposal per trademark and expiry date).
    .addColumn('source_key', 'varchar(100)', (c) => c.unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_request_client').on('service_request').columns(['client_id', 'request_id']).execute();
  await sql`CREATE INDEX service_request_due ON service_request (due_date) WHERE status IN (1, 2, 3)`.execute(db);

  await db.schema
    .createTable('service_request_message')
    .addColumn('message_id', 'serial', (c) => c.primaryKey())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('service_request.request_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('body', 'varchar(5000)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_request_message_request').on('service_request_message').columns(['request_id', 'message_id']).execute();

  await db.schema
    .createTable('service_request_file')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey().references('stored_file.name').onDelete('cascade'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('service_request.request_id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.references('service_request_message.message_id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('service_request_file_request').on('service_request_file').columns(['request_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_request_file').ifExists().execute();
  await db.schema.dropTable('service_request_message').ifExists().execute();
  await db.schema.dropTable('service_request').ifExists().execute();
}
