import { sql, type Kysely } from 'kysely';

/**
 * Social media (SNS) reports and records, the third record kind, built as the website ones (010, 011): every
 * index leads with client_id, section 4's error rule is a generated column with a partial index, a new upload is
 * invisible while `importing_since` is set, and the list's fuzzy keyword uses trigram indexes on the fields it
 * searches by default (account name, account id, post text; the web's SNS_INITIAL_SEARCH). The URLs have none: on
 * 100,000-row uploads their two indexes of long unique strings cost a third of the upload's time, and a search on
 * them alone walks the scan-date index (fast when it finds rows, up to about a second on a million when not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sns_report')
    .addColumn('report_id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('report_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('upload_date', 'timestamptz', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('send_date', 'timestamptz')
    .addColumn('importing_since', 'timestamptz')
    .execute();
  await db.schema.createIndex('sns_report_client').on('sns_report').columns(['client_id', 'report_id']).execute();
  await sql`CREATE INDEX sns_report_importing ON sns_report (client_id) WHERE importing_since IS NOT NULL`.execute(db);

  const date = 'date';
  await db.schema
    .createTable('sns_record')
    .addColumn('sns_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('sns_report.report_id').onDelete('cascade'))
    .addColumn('sns_no', 'integer')
    .addColumn('platform', 'smallint', (c) => c.notNull())
    .addColumn('scan_date', date)
    .addColumn('search_keyword', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_name', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_id', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('followers', 'bigint')
    .addColumn('post_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('post_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('posted_at', date)
    .addColumn('region', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('blacklist', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('whitelist', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('categorize_date', date)
    .addColumn('category_id', 'smallint')
    .addColumn('remarks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
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
  await sql`CREATE INDEX sns_record_scan ON sns_record (client_id, scan_date DESC, sns_id DESC)`.execute(db);
  await sql`CREATE INDEX sns_record_report ON sns_record (report_id)`.execute(db);
  await sql`CREATE INDEX sns_record_errors ON sns_record (client_id) WHERE is_error`.execute(db);
  for (const column of ['account_name', 'account_id', 'post_text']) {
    await sql`CREATE INDEX ${sql.id(`sns_record_${column}_trgm`)} ON sns_record USING gin (${sql.ref(column)} gin_trgm_ops) WITH (fastupdate = on, gin_pending_list_limit = 131072)`.execute(db);
  }

  await db.schema
    .createTable('sns_record_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('sns_record.sns_id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('source', 'varchar(40)', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sns_record_history_record').on('sns_record_history').columns(['record_id', 'id']).execute();

  await db.schema.alterTable('users').addColumn('sns_columns', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sns_columns').execute();
  await db.schema.dropTable('sns_record_history').ifExists().execute();
  await db.schema.dropTable('sns_record').ifExists().execute();
  await db.schema.dropTable('sns_report').ifExists().execute();
}
