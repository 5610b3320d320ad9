import type { Db, Tx } from '../../platform/db.js';

/** SQL of the one row of settings per client. */

type Conn = Db | Tx;

/** The client's settings row, if it has one yet. */
export async function settingsOf(db: Conn, clientId: number) {
  return db.selectFrom('client_setting').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** Sets the columns given, making the client's row when it has none. */
export async function upsert(db: Conn, clientId: number, values: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('client_setting')
    .values({ client_id: clientId, ...values })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
    .execute();
}

/** Attorney letters of live clients with the reminder flag whose end date is in the range (inclusive). */
export function lettersEndingBetween(db: Conn, from: string, to: string) {
  return db
    .selectFrom('attorney_letter as l')
    .innerJoin('client as c', 'c.client_id', 'l.client_id')
    .select(['l.id', 'l.client_id', 'l.region', 'l.end_date', 'c.client_name'])
    .where('l.remind_flag', '=', true)
    .where('c.deleted_at', 'is', null)
    .where('l.end_date', '>=', from)
    .where('l.end_date', '<=', to)
    .execute();
}
