import type { Kysely } from 'kysely';

/**
 * The record batches (issue 16, point 1): a batch update keeps who made it, on which kind, client and field, when,
 * and each record's value before it, so that its maker can undo it within ten minutes. Old batches are of no use
 * after that window; they are removed when the same user makes a newer batch of the same kind and client.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_batch')
    .addColumn('batch_id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.client_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('field', 'varchar(60)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('record_count', 'integer', (c) => c.notNull())
    // The kind's last history row once the batch's rows were written: a later row naming the field is a change since.
    .addColumn('last_history_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('undone_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('record_batch_owner').on('record_batch').columns(['user_id', 'kind', 'client_id', 'batch_id']).execute();
  await db.schema
    .createTable('record_batch_item')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('record_batch.batch_id').onDelete('cascade'))
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('previous', 'integer')
    .addPrimaryKeyConstraint('record_batch_item_pk', ['batch_id', 'record_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_batch_item').ifExists().execute();
  await db.schema.dropTable('record_batch').ifExists().execute();
}
