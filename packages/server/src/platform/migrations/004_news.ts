import { sql, type Kysely } from 'kysely';

/** News items (title and external link) shown to everyone, kept by administrators. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('news')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('news_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('news_date').on('news').columns(['news_date', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('news').ifExists().execute();
}
