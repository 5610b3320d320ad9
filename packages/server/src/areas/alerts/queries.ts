import { Role } from '@portal/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/** SQL of alert settings, who may hear of a client's watch runs, and the daily digest (issue 30 point 3). */

type Conn = Db | Tx;

/** The clients a user can see for alerts: analysts the clients they manage, client users their own, administrators all. */
export function visibleClients(db: Conn, user: { userId: number; role: number }) {
  let q = db.selectFrom('client as c').select(['c.client_id', 'c.client_name']).where('c.deleted_at', 'is', null);
  if ((user.role & Role.ADMIN) === 0) {
    q = q.where((eb) =>
      eb.or([
        eb('c.client_id', 'in', eb.selectFrom('client_manager').select('client_id').where('user_id', '=', user.userId)),
        eb('c.client_id', '=', eb.selectFrom('users').select('client_id').where('user_id', '=', user.userId).where(sql<SqlBool>`(user_role & ${Role.CLIENT}) <> 0`)),
      ]),
    );
  }
  return q.orderBy('c.client_id').execute();
}

export function settingsOf(db: Conn, userId: number) {
  return db.selectFrom('alert_setting').selectAll().where('user_id', '=', userId).execute();
}

export async function saveSetting(db: Conn, row: { user_id: number; client_id: number; events: Record<string, string>; price_floor: number | null; price_drop_percent: number | null }): Promise<void> {
  await db
    .insertInto('alert_setting')
    .values({ ...row, events: JSON.stringify(row.events) })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ events: JSON.stringify(row.events), price_floor: row.price_floor, price_drop_percent: row.price_drop_percent }))
    .execute();
}

export function userTimezone(db: Conn, userId: number) {
  return db.selectFrom('users').select(['alert_timezone', 'user_locale']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

export async function setUserTimezone(db: Conn, userId: number, timezone: string): Promise<void> {
  await db.updateTable('users').set({ alert_timezone: timezone }).where('user_id', '=', userId).execute();
}

/**
 * Who may hear of a client's watch run, with their settings for that client (null: none chosen): the client's
 * managing analysts, the watch's author, administrators who chose alerts for it, and the client's own users.
 */
export function audienceOf(db: Conn, clientId: number, authorId: number | null) {
  return db
    .selectFrom('users as u')
    .leftJoin('alert_setting as s', (j) => j.onRef('s.user_id', '=', 'u.user_id').on('s.client_id', '=', clientId))
    .select(['u.user_id', 'u.user_mail', 'u.user_locale', 'u.alert_timezone', 'u.user_role', 'u.client_id', 's.events', 's.price_floor', 's.price_drop_percent'])
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb(sql<number>`u.user_role & ${Role.ANALYST}`, '<>', 0), eb('u.user_id', 'in', eb.selectFrom('client_manager').select('user_id').where('client_id', '=', clientId))]),
        eb('u.user_id', '=', authorId ?? -1),
        eb.and([eb(sql<number>`u.user_role & ${Role.ADMIN}`, '<>', 0), eb('s.user_id', 'is not', null)]),
        eb.and([eb(sql<number>`u.user_role & ${Role.CLIENT}`, '<>', 0), eb('u.client_id', '=', clientId)]),
      ]),
    )
    .execute();
}

/** A run's back and changed listings with their record and whether it is published (client users see only those). */
export function runListings(db: Conn, runId: number) {
  return db
    .selectFrom('watch_change as c')
    .innerJoin('watch_listing as l', 'l.id', 'c.listing_id')
    .leftJoin('ec_record as r', 'r.ec_id', 'l.record_id')
    .select(['c.change', 'c.fields', 'l.url', 'l.record_id', sql<boolean>`coalesce(r.published, false)`.as('posted')])
    .where('c.run_id', '=', runId)
    .where('c.change', 'in', ['back', 'changed'])
    .orderBy('c.id')
    .execute();
}

export async function insertDigestItems(db: Conn, rows: { user_id: number; client_id: number; line: string; created_at: Date }[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('alert_digest_item').values(rows).execute();
}

/** Users with lines waiting for their digest, with their language and time zone. */
export function usersWithDigest(db: Conn) {
  return db
    .selectFrom('users as u')
    .select(['u.user_id', 'u.user_mail', 'u.user_locale', 'u.alert_timezone'])
    .where('u.deleted_at', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('alert_digest_item as i').select('i.id').where('i.user_id', '=', eb.ref('u.user_id')).where('i.sent_at', 'is', null)))
    .execute();
}

/**
 * Claims the user's digest of the local day (at most one a day) and its waiting lines, marked sent: the lines, or
 * undefined when that day's digest has left already.
 */
export async function claimDigest(db: Conn, userId: number, localDate: string, now: Date): Promise<string[] | undefined> {
  const claimed = await db.insertInto('alert_digest_sent').values({ user_id: userId, local_date: localDate }).onConflict((oc) => oc.doNothing()).returning('user_id').executeTakeFirst();
  if (!claimed) return undefined;
  const rows = await db.updateTable('alert_digest_item').set({ sent_at: now }).where('user_id', '=', userId).where('sent_at', 'is', null).returning(['id', 'line']).execute();
  return rows.sort((a, b) => a.id - b.id).map((r) => r.line);
}

/** A domain watch as its alerts name it: its client, its domains and its maker (who hears of it as a watch's author does). */
export function domainWatchForAlerts(db: Conn, watchId: number) {
  return db
    .selectFrom('domain_watch as w')
    .innerJoin('client as c', 'c.client_id', 'w.client_id')
    .select(['w.client_id', 'c.client_name', 'w.domains', 'w.created_by'])
    .where('w.id', '=', watchId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
}
