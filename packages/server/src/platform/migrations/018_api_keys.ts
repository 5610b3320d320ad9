import { sql, type Kysely } from 'kysely';

/**
 * Personal API keys (issue 16, point 9): a program signs in with one instead of a mailed code. Like session
 * tokens only the SHA-256 of the secret is kept; a key carries nothing but its user (roles and company are read
 * from the user on use), so a role change or a removal applies to the keys at once. Revoking deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_key_user').on('api_key').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key').ifExists().execute();
}
