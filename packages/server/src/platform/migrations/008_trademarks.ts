import { sql, type Kysely } from 'kysely';

/**
 * Stored files (trademark images, request images; later evidence and reports): in the database, so embedded and
 * server mode keep one store to back up. Trademarks of each client, and the registration requests sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_file')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    // Uploads wait unattached until the form that asked for them is saved; housekeeping drops the forgotten ones.
    .addColumn('attached', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX stored_file_unattached ON stored_file (created_at) WHERE NOT attached`.execute(db);

  await db.schema
    .createTable('trademark')
    .addColumn('trademark_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('no', 'varchar(200)', (c) => c.notNull())
    .addColumn('region', 'varchar(2)', (c) => c.notNull())
    .addColumn('type', 'varchar(2)', (c) => c.notNull())
    .addColumn('text', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'varchar(100)', (c) => c.references('stored_file.name').onDelete('set null'))
    .addColumn('register_date', 'date')
    .addColumn('invalid_date', 'date')
    .addColumn('remind_flag', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('belongsto', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_ja', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_cn', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'smallint')
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trademark_client').on('trademark').columns(['client_id', 'trademark_id']).execute();
  await sql`CREATE INDEX trademark_reminder ON trademark (invalid_date) WHERE remind_flag`.execute(db);

  await db.schema
    .createTable('trademark_request')
    .addColumn('request_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(100)', (c) => c.references('stored_file.name').onDelete('set null'))
    .addColumn('detail', 'varchar(200)', (c) => c.notNull())
    .addColumn('company', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('mail', 'varchar(200)', (c) => c.notNull())
    .addColumn('tel', 'varchar(200)', (c) => c.notNull())
    .addColumn('fax', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trademark_request_client').on('trademark_request').columns(['client_id', 'request_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trademark_request').ifExists().execute();
  await db.schema.dropTable('trademark').ifExists().execute();
  await db.schema.dropTable('stored_file').ifExists().execute();
}
