import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { WebhookEndpointRow } from '../../platform/schema.js';

/** SQL of webhook endpoints (the deliveries' SQL is delivery-repo.ts). */

type Conn = Db | Tx;

export type EndpointWithOwner = WebhookEndpointRow & { owner_name: string; owner_locale: string };

const withOwner = (db: Conn) =>
  db.selectFrom('webhook_endpoint as e').innerJoin('users as u', 'u.user_id', 'e.created_by').selectAll('e').select(['u.user_name as owner_name', 'u.user_locale as owner_locale']);

export function countOfClient(db: Conn, clientId: number): Promise<number> {
  return db
    .selectFrom('webhook_endpoint')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertEndpoint(
  db: Conn,
  e: { clientId: number; createdBy: number; forClient: boolean; url: string; events: readonly string[]; description: string; secretSealed: string; now: Date },
): Promise<{ id: number }> {
  return db
    .insertInto('webhook_endpoint')
    .values({ client_id: e.clientId, created_by: e.createdBy, for_client: e.forClient, url: e.url, events: JSON.stringify(e.events), description: e.description, secret_sealed: e.secretSealed, created_at: e.now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The client's endpoints, oldest first; only those made by its own users when `forClientOnly`. */
export function endpointsOfClient(db: Conn, clientId: number, forClientOnly: boolean): Promise<EndpointWithOwner[]> {
  let q = withOwner(db).where('e.client_id', '=', clientId);
  if (forClientOnly) q = q.where('e.for_client', '=', true);
  return q.orderBy('e.id').execute();
}

export function findEndpoint(db: Conn, endpointId: number): Promise<EndpointWithOwner | undefined> {
  return withOwner(db).where('e.id', '=', endpointId).executeTakeFirst();
}

/** The owner rule's look-up: the client of the endpoint, or undefined. */
export async function clientOfEndpoint(db: Conn, endpointId: number): Promise<{ client_id: number; for_client: boolean } | undefined> {
  return db.selectFrom('webhook_endpoint').select(['client_id', 'for_client']).where('id', '=', endpointId).executeTakeFirst();
}

export async function updateEndpoint(
  db: Conn,
  endpointId: number,
  set: { url?: string; events?: readonly string[]; description?: string; enabled?: boolean; secretSealed?: string },
): Promise<void> {
  const values: Record<string, unknown> = {};
  if (set.url !== undefined) values.url = set.url;
  if (set.events !== undefined) values.events = JSON.stringify(set.events);
  if (set.description !== undefined) values.description = set.description;
  if (set.secretSealed !== undefined) values.secret_sealed = set.secretSealed;
  // Turned back on: its failing time starts again from the next failure.
  if (set.enabled !== undefined) Object.assign(values, { enabled: set.enabled, failing_since: null, ...(set.enabled ? { disabled_at: null } : {}) });
  if (Object.keys(values).length === 0) return;
  await db.updateTable('webhook_endpoint').set(values).where('id', '=', endpointId).execute();
}

export async function deleteEndpoint(db: Conn, endpointId: number): Promise<void> {
  await db.deleteFrom('webhook_endpoint').where('id', '=', endpointId).execute();
}

/** The enabled endpoints of the client that asked for the event, with their owner's language. */
export function subscribers(db: Conn, clientId: number, event: string): Promise<EndpointWithOwner[]> {
  return withOwner(db)
    .where('e.client_id', '=', clientId)
    .where('e.enabled', '=', true)
    .where(sql<boolean>`e.events @> ${JSON.stringify([event])}::jsonb`)
    .orderBy('e.id')
    .execute();
}

export async function clientNameOf(db: Conn, clientId: number): Promise<string> {
  const row = await db.selectFrom('client').select('client_name').where('client_id', '=', clientId).executeTakeFirst();
  return row?.client_name ?? String(clientId);
}

/** A failed attempt: the endpoint's failing time starts now unless it is already failing. */
export async function markFailing(db: Conn, endpointId: number, now: Date): Promise<Date> {
  const row = await db
    .updateTable('webhook_endpoint')
    .set({ failing_since: sql`coalesce(failing_since, ${now})` })
    .where('id', '=', endpointId)
    .returning('failing_since')
    .executeTakeFirst();
  return row?.failing_since ?? now;
}

export async function markHealthy(db: Conn, endpointId: number): Promise<void> {
  await db.updateTable('webhook_endpoint').set({ failing_since: null }).where('id', '=', endpointId).where('failing_since', 'is not', null).execute();
}

/** Disables the endpoint if still enabled; whether this call did it (the owner is told once). */
export async function disableEndpoint(db: Conn, endpointId: number, now: Date): Promise<boolean> {
  const row = await db.updateTable('webhook_endpoint').set({ enabled: false, disabled_at: now }).where('id', '=', endpointId).where('enabled', '=', true).returning('id').executeTakeFirst();
  return row !== undefined;
}
