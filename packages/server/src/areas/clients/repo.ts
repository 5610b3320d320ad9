import type { Locale, Service } from '@portal/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { ClientRow } from '../../platform/schema.js';
import { dayInRange } from '../../platform/search.js';

/** SQL of client companies, their contracts and their managers; no rules. */

type Conn = Db | Tx;

/** The columns a client search may name: the date ranges and the words of the search form. */
export const searchColumns = {
  dates: {
    client_create_at: sql.ref('c.client_create_at'),
    // A client matches when any of its contracts starts (or ends) in the range.
    contract_start_date: (from: string | null, to: string | null) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM client_contract k WHERE k.client_id = c.client_id AND ${dayInRange(sql.ref('k.start_date'), from, to)})`,
    contract_end_date: (from: string | null, to: string | null) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM client_contract k WHERE k.client_id = c.client_id AND ${dayInRange(sql.ref('k.end_date'), from, to)})`,
  },
  words: {
    client_name: sql.ref('c.client_name'),
    client_tel: sql.ref('c.client_tel'),
    client_address: sql.ref('c.client_address'),
    client_remarks: sql.ref('c.client_remarks'),
  },
};

export interface ContractRow {
  client_id: number;
  service: string;
  start_date: string;
  end_date: string;
  fee: string;
  currency: number;
  remind_mail: boolean;
}

export interface ManagerRow {
  client_id: number;
  user_id: number;
  user_name: string;
}

export function listClients(db: Conn, where: Expression<SqlBool>, removed: boolean): Promise<ClientRow[]> {
  return db
    .selectFrom('client as c')
    .selectAll('c')
    .where(removed ? sql<SqlBool>`c.deleted_at IS NOT NULL` : sql<SqlBool>`c.deleted_at IS NULL`)
    .where(where)
    .orderBy('c.client_id')
    .execute();
}

export function findClient(db: Conn, clientId: number, opts: { removed?: boolean; lock?: boolean } = {}) {
  let q = db
    .selectFrom('client')
    .selectAll()
    .where('client_id', '=', clientId)
    .where(opts.removed ? sql<SqlBool>`deleted_at IS NOT NULL` : sql<SqlBool>`deleted_at IS NULL`);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function contractsOf(db: Conn, clientIds: number[]): Promise<ContractRow[]> {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('client_contract').selectAll().where('client_id', 'in', clientIds).execute();
}

/** Managers who are live analysts (a removed analyst stays linked, to come back with a restore). */
export function managersOf(db: Conn, clientIds: number[]): Promise<ManagerRow[]> {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('client_manager as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['m.client_id', 'u.user_id', 'u.user_name'])
    .where('m.client_id', 'in', clientIds)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.user_id')
    .execute();
}

export async function insertClient(db: Conn, values: { client_name: string; client_tel: string; client_address: string; client_remarks: string }, now: Date): Promise<number> {
  const row = await db.insertInto('client').values({ ...values, client_create_at: now }).returning('client_id').executeTakeFirstOrThrow();
  return row.client_id;
}

export async function updateClient(db: Conn, clientId: number, values: Partial<Pick<ClientRow, 'client_name' | 'client_tel' | 'client_address' | 'client_remarks'>>): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('client').set(values).where('client_id', '=', clientId).execute();
}

export async function setRemoved(db: Conn, clientId: number, at: Date | null): Promise<void> {
  await db.updateTable('client').set({ deleted_at: at }).where('client_id', '=', clientId).execute();
}

export async function replaceManagers(db: Conn, clientId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('client_manager').where('client_id', '=', clientId).execute();
  if (userIds.length > 0) await db.insertInto('client_manager').values(userIds.map((user_id) => ({ client_id: clientId, user_id }))).execute();
}

export async function saveContract(
  db: Conn,
  clientId: number,
  service: Service,
  c: { startDate: string; endDate: string; fee: number; currency: number; remindMail: boolean } | null,
): Promise<void> {
  if (c === null) {
    await db.deleteFrom('client_contract').where('client_id', '=', clientId).where('service', '=', service).execute();
    return;
  }
  const values = { start_date: c.startDate, end_date: c.endDate, fee: c.fee.toFixed(2), currency: c.currency, remind_mail: c.remindMail };
  await db
    .insertInto('client_contract')
    .values({ client_id: clientId, service, ...values })
    .onConflict((oc) => oc.columns(['client_id', 'service']).doUpdateSet(values))
    .execute();
}

/** Which of the ids are live analysts (manager choices are users with the analyst bit). */
export async function liveAnalysts(db: Conn, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('deleted_at', 'is', null)
    .where(sql<SqlBool>`(user_role & 2) <> 0`)
    .execute();
  return rows.map((r) => r.user_id);
}

export function clientsManagedBy(db: Conn, userId: number) {
  return db
    .selectFrom('client as c')
    .innerJoin('client_manager as m', 'm.client_id', 'c.client_id')
    .select(['c.client_id', 'c.client_name', 'c.client_tel', 'c.client_address', 'c.client_remarks'])
    .where('m.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.client_id')
    .execute();
}

export function allLiveClients(db: Conn) {
  return db
    .selectFrom('client')
    .select(['client_id', 'client_name', 'client_tel', 'client_address', 'client_remarks'])
    .where('deleted_at', 'is', null)
    .orderBy('client_id')
    .execute();
}

/** Who hears about a client (reminder mails): its live users and the live analysts who manage it, once each. */
export async function clientAudience(db: Conn, clientIds: number[]): Promise<Map<number, { mail: string; locale: Locale }[]>> {
  const rows =
    clientIds.length === 0
      ? []
      : await db
          .selectFrom('users as u')
          .leftJoin('client_manager as m', 'm.user_id', 'u.user_id')
          .select(['u.user_mail', 'u.user_locale', sql<number>`COALESCE(u.client_id, m.client_id)`.as('client_id')])
          .where('u.deleted_at', 'is', null)
          .where(sql<SqlBool>`(u.client_id = ANY(${clientIds}) OR (m.client_id = ANY(${clientIds}) AND (u.user_role & 2) <> 0))`)
          .execute();
  const audience = new Map<number, Map<string, { mail: string; locale: Locale }>>();
  for (const r of rows) {
    const byMail = audience.get(r.client_id) ?? new Map();
    byMail.set(r.user_mail, { mail: r.user_mail, locale: r.user_locale as Locale });
    audience.set(r.client_id, byMail);
  }
  return new Map([...audience].map(([id, byMail]) => [id, [...byMail.values()]]));
}

/** Contracts of live clients with remind mail set whose end date is in the range (inclusive). */
export function contractsEndingBetween(db: Conn, from: string, to: string) {
  return db
    .selectFrom('client_contract as k')
    .innerJoin('client as c', 'c.client_id', 'k.client_id')
    .select(['k.client_id', 'k.service', 'k.end_date', 'c.client_name'])
    .where('k.remind_mail', '=', true)
    .where('c.deleted_at', 'is', null)
    .where('k.end_date', '>=', from)
    .where('k.end_date', '<=', to)
    .execute();
}
