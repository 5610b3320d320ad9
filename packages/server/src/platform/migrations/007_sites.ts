import { sql, type Kysely } from 'kysely';

/** Marketplace sites and the crawler's accounts on them; passwords, cookies and headers are stored sealed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ec_site')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('region', 'varchar(2)', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('infringement_category.id').onDelete('set null'))
    .addColumn('has_crawler', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`CREATE UNIQUE INDEX ec_site_name ON ec_site (lower(name))`.execute(db);
  await db.schema
    .createTable('ec_site_account')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('ec_site.id').onDelete('cascade'))
    .addColumn('account', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_sealed', 'text', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('freeze_seconds', 'integer')
    .addColumn('headers_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cookies_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('ec_site_account_site').on('ec_site_account').column('site_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ec_site_account').ifExists().execute();
  await db.schema.dropTable('ec_site').ifExists().execute();
}
