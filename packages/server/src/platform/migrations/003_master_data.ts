import { sql, type Kysely } from 'kysely';

/**
 * The master data analysts keep per client (document 1, section 3). Every table carries client_id; names are
 * unique per client (case-insensitively) where the spec asks for "no duplicate names within a client".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brand')
    .addColumn('brand_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('brand_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX brand_name_unique ON brand (client_id, lower(brand_name))`.execute(db);

  await db.schema
    .createTable('brand_keyword')
    .addColumn('keyword_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.brand_id').onDelete('cascade'))
    .addColumn('keyword_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX brand_keyword_unique ON brand_keyword (brand_id, lower(keyword_name))`.execute(db);
  await db.schema.createIndex('brand_keyword_client').on('brand_keyword').column('client_id').execute();

  await db.schema
    .createTable('brand_model')
    .addColumn('model_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.brand_id').onDelete('cascade'))
    .addColumn('model_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('model_price', sql`numeric(14,2)`, (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX brand_model_unique ON brand_model (brand_id, lower(model_name))`.execute(db);
  await db.schema.createIndex('brand_model_client').on('brand_model').column('client_id').execute();

  await db.schema
    .createTable('product_category')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX product_category_name_unique ON product_category (client_id, lower(name))`.execute(db);
  await sql`CREATE UNIQUE INDEX product_category_code_unique ON product_category (client_id, lower(code))`.execute(db);

  await db.schema
    .createTable('custom_column')
    .addColumn('column_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('column_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('column_category', 'integer', (c) => c.notNull().check(sql`column_category BETWEEN 1 AND 7`))
    .addColumn('column_position', 'varchar(50)', (c) => c.notNull())
    .addColumn('column_order', 'integer', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX custom_column_name_unique ON custom_column (client_id, lower(column_name))`.execute(db);

  await db.schema
    .createTable('special_url')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type IN (1, 2)`))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('seller', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('seller_id', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('special_url_client').on('special_url').columns(['client_id', 'type']).execute();

  await db.schema
    .createTable('special_word')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type IN (1, 2)`))
    .addColumn('word', 'varchar(200)', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX special_word_unique ON special_word (client_id, type, lower(word))`.execute(db);

  await db.schema
    .createTable('attorney_letter')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id'))
    .addColumn('region', 'varchar(100)', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('remind_flag', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('attorney_letter_client').on('attorney_letter').column('client_id').execute();

  await db.schema
    .createTable('client_setting')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('client.client_id'))
    .addColumn('trademark_regions', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('impact_price_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('impact_price', sql`numeric(14,2)`)
    .addColumn('impact_count_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('impact_count', 'integer')
    .addColumn('impact_percent', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(100))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['client_setting', 'attorney_letter', 'special_word', 'special_url', 'custom_column', 'product_category', 'brand_model', 'brand_keyword', 'brand']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
