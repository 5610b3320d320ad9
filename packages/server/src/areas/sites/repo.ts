import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { EcSiteAccountTable, EcSiteTable } from '../../platform/schema.js';

/** SQL of the marketplace site master and its accounts; secrets arrive here already sealed. */

type Conn = Db | Tx;
type AccountValues = Omit<Insertable<EcSiteAccountTable>, 'site_id' | 'id'>;

export async function categoryExists(db: Conn, categoryId: number): Promise<boolean> {
  return (await db.selectFrom('infringement_category').select('id').where('id', '=', categoryId).executeTakeFirst()) !== undefined;
}

/** One page of sites (with crawler or without, when `hasCrawler` is given) with their account counts, and the count in all. */
export async function listSites(db: Conn, page: { offset: number; limit: number; hasCrawler?: boolean | undefined }) {
  let q = db.selectFrom('ec_site');
  if (page.hasCrawler !== undefined) q = q.where('has_crawler', '=', page.hasCrawler);
  const [rows, total] = await Promise.all([
    q
      .selectAll('ec_site')
      .select((eb) => eb.selectFrom('ec_site_account').select(eb.fn.countAll<number>().as('n')).whereRef('ec_site_account.site_id', '=', 'ec_site.id').as('account_count'))
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findSite(db: Conn, siteId: number) {
  return db.selectFrom('ec_site').selectAll().where('id', '=', siteId).executeTakeFirst();
}

/** The new site's id. */
export async function insertSite(db: Conn, values: Insertable<EcSiteTable>): Promise<number> {
  const { id } = await db.insertInto('ec_site').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** How many rows changed: 0 when there is no such site. */
export async function updateSite(db: Conn, siteId: number, changes: Updateable<EcSiteTable>): Promise<number> {
  const res = await db.updateTable('ec_site').set(changes).where('id', '=', siteId).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** How many crawler tasks have a subtask on the site. */
export async function countTasksUsingSite(db: Conn, siteId: number): Promise<number> {
  const users = await db
    .selectFrom('crawler_subtask')
    .select((eb) => eb.fn.count<number>('task_id').distinct().as('n'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(users.n);
}

/** How many rows went: 0 when there is no such site. */
export async function deleteSite(db: Conn, siteId: number): Promise<number> {
  const res = await db.deleteFrom('ec_site').where('id', '=', siteId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export function accountsOfSite(db: Conn, siteId: number) {
  return db.selectFrom('ec_site_account').selectAll().where('site_id', '=', siteId).orderBy('id').execute();
}

export async function insertAccounts(db: Conn, siteId: number, accounts: AccountValues[]): Promise<void> {
  await db.insertInto('ec_site_account').values(accounts.map((a) => ({ site_id: siteId, ...a }))).execute();
}

/** The site the account belongs to, or undefined when there is no such account. */
export async function siteOfAccount(db: Conn, accountId: number): Promise<number | undefined> {
  const row = await db.selectFrom('ec_site_account').select('site_id').where('id', '=', accountId).executeTakeFirst();
  return row?.site_id;
}

export async function updateAccount(db: Conn, accountId: number, changes: Updateable<EcSiteAccountTable>): Promise<void> {
  await db.updateTable('ec_site_account').set(changes).where('id', '=', accountId).execute();
}

export async function deleteAccount(db: Conn, accountId: number): Promise<void> {
  await db.deleteFrom('ec_site_account').where('id', '=', accountId).execute();
}
