import type { Kysely } from 'kysely';

/** Test purchases: a client's products to buy on a site in a region, and how many. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_purchase')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('region', 'varchar(2)', (c) => c.notNull())
    .addColumn('site', 'varchar(200)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_purchase_client').on('test_purchase').column('client_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_purchase').ifExists().execute();
}
