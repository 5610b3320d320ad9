import type { Db, Tx } from '../../platform/db.js';

export async function countUnviewed(db: Db | Tx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notice')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('viewed', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
