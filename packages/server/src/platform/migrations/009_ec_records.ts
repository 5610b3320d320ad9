import { sql, type Kysely } from 'kysely';

/**
 * Marketplace reports and records (document 3), at the scale of millions of records per client: every query
 * filters by client first, so every index leads with client_id (and the table can later be partitioned by it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ec_report')
    .addColumn('report_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('report_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('upload_date', 'timestamptz', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('send_date', 'timestamptz')
    .addColumn('inherited_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ec_report_client').on('ec_report').columns(['client_id', 'report_id']).execute();

  const date = 'date';
  await db.schema
    .createTable('ec_record')
    .addColumn('ec_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('ec_report.report_id').onDelete('cascade'))
    .addColumn('ec_no', 'integer')
    .addColumn('ec_site', 'varchar(200)', (c) => c.notNull())
    .addColumn('ec_scan_date', date)
    .addColumn('ec_search_keyword', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_no', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_title', 'varchar(2000)', (c) => c.notNull())
    .addColumn('ec_product_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('ec_product_brand', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_seller', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_seller_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_price', sql`numeric(18,2)`)
    .addColumn('ec_product_currency', 'varchar(3)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_image_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_onsell_count', 'integer')
    .addColumn('ec_product_sold_count', 'integer')
    .addColumn('ec_product_region', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_city', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_categorize_date', date)
    .addColumn('ec_blacklist_object', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_whitelist_object', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_is_need_to_check', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ec_title_hint_word', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_brand_hint_word', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_product_category_id', 'integer', (c) => c.references('product_category.id').onDelete('set null'))
    .addColumn('ec_category_rule_id', 'integer')
    .addColumn('ec_category_id', 'integer', (c) => c.references('infringement_subcategory.id').onDelete('set null'))
    .addColumn('ec_category_common_type_id', 'smallint')
    .addColumn('ec_categorize_remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_response_action', 'smallint')
    .addColumn('ec_response_reason', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_response_trademark', 'integer', (c) => c.references('trademark.trademark_id').onDelete('set null'))
    .addColumn('ec_response_remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_response_date', date)
    .addColumn('ec_process1_date', date)
    .addColumn('ec_process1_result', 'smallint')
    .addColumn('ec_process1_confirm_date', date)
    .addColumn('ec_process2_date', date)
    .addColumn('ec_process2_result', 'smallint')
    .addColumn('ec_process2_confirm_date', date)
    .addColumn('ec_process3_date', date)
    .addColumn('ec_process3_result', 'smallint')
    .addColumn('ec_process3_confirm_date', date)
    .addColumn('declaration_status', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ec_process_result', 'smallint')
    .addColumn('ec_process_confirm_date', date)
    .addColumn('ec_process_remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('custom_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ec_upload_image_names', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    // The listing, normalised (no scheme, no www., no trailing slash, lower-case host): repeats are found by it.
    .addColumn('url_key', 'varchar(2000)', (c) => c.notNull())
    .addColumn('is_repeat', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // Section 4's error rule, kept by the database so the error filter and count use an index.
    .addColumn('is_error', 'boolean', (c) =>
      c.generatedAlwaysAs(sql`(
        ((ec_process1_result IS NULL) <> (ec_process1_date IS NULL))
        OR ((ec_process2_result IS NULL) <> (ec_process2_date IS NULL))
        OR ((ec_process3_result IS NULL) <> (ec_process3_date IS NULL))
        OR ((ec_process2_result IS NOT NULL OR ec_process2_date IS NOT NULL) AND ec_process1_result IS NULL AND ec_process1_date IS NULL)
        OR ((ec_process3_result IS NOT NULL OR ec_process3_date IS NOT NULL) AND ec_process2_result IS NULL AND ec_process2_date IS NULL)
        OR ((ec_process_result IS NULL) <> (ec_process_confirm_date IS NULL))
        OR (ec_process_result IS NOT NULL AND ec_process1_result IS NULL AND ec_process1_date IS NULL
            AND ec_process2_result IS NULL AND ec_process2_date IS NULL AND ec_process3_result IS NULL AND ec_process3_date IS NULL)
      )`).stored(),
    )
    .execute();
  await sql`CREATE INDEX ec_record_scan ON ec_record (client_id, ec_scan_date DESC, ec_id DESC)`.execute(db);
  await sql`CREATE INDEX ec_record_report ON ec_record (report_id)`.execute(db);
  await sql`CREATE INDEX ec_record_url ON ec_record (client_id, url_key)`.execute(db);
  await sql`CREATE INDEX ec_record_errors ON ec_record (client_id) WHERE is_error`.execute(db);
  // Fuzzy title search. A large pending list keeps uploads cheap: new titles are appended and merged into the index
  // by autovacuum, instead of each insert paying for ~60 trigram entries at once.
  await sql`CREATE INDEX ec_record_title_trgm ON ec_record USING gin (ec_product_title gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 131072)`.execute(db);

  await db.schema
    .createTable('ec_record_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('ec_record.ec_id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('source', 'varchar(40)', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ec_record_history_record').on('ec_record_history').columns(['record_id', 'id']).execute();

  // What a notice was about (a report, or some records), so the list can open on exactly those.
  await db.schema.alterTable('notice').addColumn('scope', 'jsonb').execute();
  // Which record columns each user keeps open in the list.
  await db.schema.alterTable('users').addColumn('ec_columns', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('ec_columns').execute();
  await db.schema.alterTable('notice').dropColumn('scope').execute();
  await db.schema.dropTable('ec_record_history').ifExists().execute();
  await db.schema.dropTable('ec_record').ifExists().execute();
  await db.schema.dropTable('ec_report').ifExists().execute();
}
