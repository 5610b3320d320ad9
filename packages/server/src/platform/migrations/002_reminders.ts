import { sql, type Kysely } from 'kysely';

/** Which reminder mails went out, so each is sent once (per object, end date and threshold). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminder_sent')
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('reminder_sent_pk', ['kind', 'object_key', 'end_date', 'days_before'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_sent').ifExists().execute();
}
