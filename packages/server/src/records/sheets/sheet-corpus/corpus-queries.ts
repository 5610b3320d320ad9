import type { Db } from '../../../platform/db.js';

/** What the corpus run (run-corpus.ts) writes and reads back in its test portal. */

/** Makes the user a manager of the client. */
export async function addClientManager(db: Db, clientId: number, userId: number): Promise<void> {
  await db.insertInto('client_manager').values({ client_id: clientId, user_id: userId }).execute();
}

/** What an EC upload stored of the sheet's columns, in the records' order. */
export function storedEcRecords(db: Db, reportId: number) {
  return db
    .selectFrom('ec_record')
    .select(['ec_scan_date', 'ec_product_title', 'ec_product_seller', 'ec_search_keyword', 'ec_product_price'])
    .where('report_id', '=', reportId)
    .orderBy('ec_id')
    .execute();
}
