import { sql, type Kysely } from 'kysely';

/** The infringement category master shared by all clients: main categories and their subcategories. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('infringement_category')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`CREATE UNIQUE INDEX infringement_category_name ON infringement_category (lower(name))`.execute(db);

  await db.schema
    .createTable('infringement_subcategory')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('infringement_category.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('common_category', 'integer', (c) => c.notNull().check(sql`common_category BETWEEN 1 AND 17`))
    .execute();
  await sql`CREATE UNIQUE INDEX infringement_subcategory_name ON infringement_subcategory (category_id, lower(name))`.execute(db);
  await sql`CREATE UNIQUE INDEX infringement_subcategory_code ON infringement_subcategory (lower(code))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('infringement_subcategory').ifExists().execute();
  await db.schema.dropTable('infringement_category').ifExists().execute();
}
