import type { Db, Tx } from '../../platform/db.js';

/** SQL of test purchases; a removed client's purchases are hidden from every read. */

type Conn = Db | Tx;

export interface PurchaseValues {
  client_id: number;
  region: string;
  site: string;
  count: number;
}

export function listPurchases(db: Conn) {
  return db
    .selectFrom('test_purchase as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select(['t.id', 't.client_id', 'c.client_name', 't.region', 't.site', 't.count'])
    .where('c.deleted_at', 'is', null)
    .orderBy('t.id')
    .execute();
}

export async function clientOfPurchase(db: Conn, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('test_purchase as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select('t.client_id')
    .where('t.id', '=', id)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.client_id;
}

export async function insertPurchase(db: Conn, values: PurchaseValues): Promise<void> {
  await db.insertInto('test_purchase').values(values).execute();
}

/** How many rows changed: 0 when there is no such purchase. */
export async function updatePurchase(db: Conn, id: number, values: PurchaseValues): Promise<number> {
  const res = await db.updateTable('test_purchase').set(values).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** How many rows went: 0 when there is no such purchase. */
export async function deletePurchase(db: Conn, id: number): Promise<number> {
  const res = await db.deleteFrom('test_purchase').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows);
}
