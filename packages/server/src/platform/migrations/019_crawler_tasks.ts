import { sql, type Kysely } from 'kysely';

/**
 * Crawler tasks (document 3, spec README "Crawler tasks"): a task of a client with its subtasks (a site, a keyword,
 * a start URL, a desired count), and the crawler's own work tables: each search page and each listing is one row,
 * unique per subtask (pages) and per task (listings), so a job queued twice or a worker restarted never scrapes a
 * listing twice. Sites gain a crawl recipe and their politeness settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ec_site')
    .addColumn('crawl_recipe', 'jsonb')
    .addColumn('max_concurrency', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('ignore_robots', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('crawler_task')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('plan_start_date', 'date', (c) => c.notNull())
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    /** Each start is a run; price monitoring keeps one price per listing per run. */
    .addColumn('run_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_id', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('crawler_task_client').on('crawler_task').columns(['client_id', 'id']).execute();
  await db.schema
    .createTable('crawler_subtask')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('crawler_task.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('ec_site.id'))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('keyword', 'varchar(500)', (c) => c.notNull())
    .addColumn('start_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('target_count', 'integer')
    .addColumn('record_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(2000)')
    .execute();
  await db.schema.createIndex('crawler_subtask_task').on('crawler_subtask').column('task_id').execute();
  await db.schema
    .createTable('crawler_page')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subtask_id', 'integer', (c) => c.notNull().references('crawler_subtask.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('page_no', 'integer', (c) => c.notNull())
    /** 0 queued, 1 done, 2 failed */
    .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('crawler_page_once', ['subtask_id', 'url'])
    .execute();
  await db.schema
    .createTable('crawler_listing')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('crawler_task.id').onDelete('cascade'))
    .addColumn('subtask_id', 'integer', (c) => c.notNull().references('crawler_subtask.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    /** 0 queued, 1 scraped, 2 failed */
    .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fields', 'jsonb')
    .addColumn('error', 'varchar(2000)')
    .addColumn('scraped_at', 'timestamptz')
    .addUniqueConstraint('crawler_listing_once', ['task_id', 'url'])
    .execute();
  await db.schema.createIndex('crawler_listing_subtask').on('crawler_listing').columns(['subtask_id', 'state']).execute();
  await db.schema
    .createTable('crawler_price')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('crawler_listing.id').onDelete('cascade'))
    .addColumn('run_no', 'integer', (c) => c.notNull())
    .addColumn('price', 'varchar(100)')
    .addColumn('currency', 'varchar(10)')
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('crawler_price_pk', ['listing_id', 'run_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['crawler_price', 'crawler_listing', 'crawler_page', 'crawler_subtask', 'crawler_task']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('ec_site').dropColumn('crawl_recipe').dropColumn('max_concurrency').dropColumn('ignore_robots').execute();
}
