import { sql, type Kysely } from 'kysely';

/** Users, sessions, verification codes, throttles, clients (basic) and notices (count only for now). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable('client')
    .addColumn('client_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('client_tel', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('client_address', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('client_remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('client_create_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'serial', (c) => c.primaryKey())
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('user_mail', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('user_tel', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_role', 'integer', (c) => c.notNull().check(sql`user_role BETWEEN 1 AND 7`))
    .addColumn('user_department', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_locale', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .addColumn('client_id', 'integer', (c) => c.references('client.client_id'))
    .addColumn('user_last_used_date', 'timestamptz')
    .addColumn('user_create_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // One live account per mail; a removed account keeps its row (and its history) without blocking the mail.
  await sql`CREATE UNIQUE INDEX users_mail_live ON users (user_mail) WHERE deleted_at IS NULL`.execute(db);
  await db.schema.createIndex('users_client').on('users').column('client_id').execute();

  await db.schema
    .createTable('client_contract')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('service', 'varchar(8)', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('fee', sql`numeric(14,2)`, (c) => c.notNull())
    .addColumn('currency', 'integer', (c) => c.notNull())
    .addColumn('remind_mail', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('client_contract_pk', ['client_id', 'service'])
    .execute();

  await db.schema
    .createTable('client_manager')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addPrimaryKeyConstraint('client_manager_pk', ['client_id', 'user_id'])
    .execute();
  await db.schema.createIndex('client_manager_user').on('client_manager').column('user_id').execute();

  await db.schema
    .createTable('session_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('session_token_user').on('session_token').column('user_id').execute();

  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('mail', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('verification_code_mail').on('verification_code').columns(['mail', 'created_at']).execute();

  await db.schema
    .createTable('throttle')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notice')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('sender', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('send_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('viewed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // The badge counts unviewed notices of one user on every poll: a partial index keeps that cheap.
  await sql`CREATE INDEX notice_unviewed ON notice (user_id) WHERE NOT viewed`.execute(db);
  await db.schema.createIndex('notice_user_date').on('notice').columns(['user_id', 'send_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['notice', 'throttle', 'verification_code', 'session_token', 'client_manager', 'client_contract', 'users', 'client']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
