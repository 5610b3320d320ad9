import { sql, type Kysely } from 'kysely';

/**
 * Website reports and records (document 3, "Website record"), built like the marketplace ones (009): every query
 * filters by client first, so every index leads with client_id; section 4's error rule is a generated column with a
 * partial index; the list's fuzzy keyword on the page URL and domain uses trigram indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ws_report')
    .addColumn('report_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('report_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('upload_date', 'timestamptz', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('send_date', 'timestamptz')
    .execute();
  await db.schema.createIndex('ws_report_client').on('ws_report').columns(['client_id', 'report_id']).execute();

  const date = 'date';
  await db.schema
    .createTable('ws_record')
    .addColumn('ws_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('ws_report.report_id').onDelete('cascade'))
    .addColumn('ws_no', 'integer')
    .addColumn('search_engine', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('scan_date', date)
    .addColumn('search_keyword', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('page_domain', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('page_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('domain_region', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('tld', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('domain_contact', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('categorize_date', date)
    .addColumn('category_id', 'smallint')
    .addColumn('remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('whois', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('domain_created_at', date)
    .addColumn('domain_expire_at', date)
    .addColumn('domain_updated_at', date)
    .addColumn('action', 'smallint')
    .addColumn('response_remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('trademark_id', 'integer', (c) => c.references('trademark.trademark_id').onDelete('set null'))
    .addColumn('response_date', date)
    .addColumn('process1_date', date)
    .addColumn('process1_result', 'smallint')
    .addColumn('process1_confirm_date', date)
    .addColumn('process2_date', date)
    .addColumn('process2_result', 'smallint')
    .addColumn('process2_confirm_date', date)
    .addColumn('process3_date', date)
    .addColumn('process3_result', 'smallint')
    .addColumn('process3_confirm_date', date)
    .addColumn('process_result', 'smallint')
    .addColumn('process_confirm_date', date)
    .addColumn('process_remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('is_error', 'boolean', (c) =>
      c.generatedAlwaysAs(sql`(
        ((process1_result IS NULL) <> (process1_date IS NULL))
        OR ((process2_result IS NULL) <> (process2_date IS NULL))
        OR ((process3_result IS NULL) <> (process3_date IS NULL))
        OR ((process2_result IS NOT NULL OR process2_date IS NOT NULL) AND process1_result IS NULL AND process1_date IS NULL)
        OR ((process3_result IS NOT NULL OR process3_date IS NOT NULL) AND process2_result IS NULL AND process2_date IS NULL)
        OR ((process_result IS NULL) <> (process_confirm_date IS NULL))
        OR (process_result IS NOT NULL AND process1_result IS NULL AND process1_date IS NULL
            AND process2_result IS NULL AND process2_date IS NULL AND process3_result IS NULL AND process3_date IS NULL)
      )`).stored(),
    )
    .execute();
  await sql`CREATE INDEX ws_record_scan ON ws_record (client_id, scan_date DESC, ws_id DESC)`.execute(db);
  await sql`CREATE INDEX ws_record_report ON ws_record (report_id)`.execute(db);
  await sql`CREATE INDEX ws_record_errors ON ws_record (client_id) WHERE is_error`.execute(db);
  await sql`CREATE INDEX ws_record_url_trgm ON ws_record USING gin (page_url gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 131072)`.execute(db);
  await sql`CREATE INDEX ws_record_domain_trgm ON ws_record USING gin (page_domain gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 131072)`.execute(db);

  await db.schema
    .createTable('ws_record_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('ws_record.ws_id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('source', 'varchar(40)', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ws_record_history_record').on('ws_record_history').columns(['record_id', 'id']).execute();

  await db.schema.alterTable('users').addColumn('ws_columns', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('ws_columns').execute();
  await db.schema.dropTable('ws_record_history').ifExists().execute();
  await db.schema.dropTable('ws_record').ifExists().execute();
  await db.schema.dropTable('ws_report').ifExists().execute();
}
