import type { Db, Tx } from '../../platform/db.js';
import type { WebhookDeliveryRow } from '../../platform/schema.js';

/** SQL of webhook deliveries: the durable queue's rows (status 1 waiting, 2 delivered, 3 failed). */

type Conn = Db | Tx;

export function insertDeliveries(db: Conn, rows: { endpointId: number; messageId: string; event: string; body: string; now: Date }[]): Promise<{ id: number }[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insertInto('webhook_delivery')
    .values(rows.map((r) => ({ endpoint_id: r.endpointId, message_id: r.messageId, event: r.event, body: r.body, created_at: r.now, next_attempt_at: r.now })))
    .returning('id')
    .execute();
}

/**
 * Claims attempt number `attempt + 1` of a waiting delivery: only the job that finds the attempts it expects
 * takes it, so a job sent twice (a restart re-sends what waits) delivers once. The claim holds the delivery until
 * `leaseUntil`; a worker that died during its attempt never records an answer, so once the lease is over the same
 * job, retried by pg-boss, may take it again. Undefined when it is not to be tried.
 */
export function claimAttempt(db: Conn, deliveryId: number, attempt: number, now: Date, leaseUntil: Date) {
  return db
    .updateTable('webhook_delivery as d')
    .from('webhook_endpoint as e')
    .set((eb) => ({ attempts: eb('d.attempts', '+', 1), first_attempt_at: eb.fn.coalesce('d.first_attempt_at', eb.val(now)), leased_until: leaseUntil }))
    .whereRef('e.id', '=', 'd.endpoint_id')
    .where('d.id', '=', deliveryId)
    .where('d.status', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('d.attempts', '=', attempt), eb.or([eb('d.leased_until', 'is', null), eb('d.leased_until', '<=', now)])]),
        eb.and([eb('d.attempts', '=', attempt + 1), eb('d.leased_until', '<=', now)]),
      ]),
    )
    .where('e.enabled', '=', true)
    .returning(['d.id', 'd.endpoint_id', 'd.message_id', 'd.event', 'd.body', 'd.attempts', 'd.first_attempt_at', 'e.url', 'e.secret_sealed', 'e.client_id', 'e.created_by'])
    .executeTakeFirst();
}

export async function recordAnswer(
  db: Conn,
  deliveryId: number,
  outcome: { status: 1 | 2 | 3; statusCode: number | null; answer: string; nextAttemptAt: Date | null; deliveredAt: Date | null },
): Promise<void> {
  await db
    .updateTable('webhook_delivery')
    .set({ status: outcome.status, last_status_code: outcome.statusCode, last_answer: outcome.answer.slice(0, 500), next_attempt_at: outcome.nextAttemptAt, delivered_at: outcome.deliveredAt, leased_until: null })
    .where('id', '=', deliveryId)
    .execute();
}

/** An endpoint disabled: what still waits for it will not be sent. */
export async function failWaiting(db: Conn, endpointId: number): Promise<void> {
  await db.updateTable('webhook_delivery').set({ status: 3, next_attempt_at: null }).where('endpoint_id', '=', endpointId).where('status', '=', 1).execute();
}

/** Waiting deliveries (of enabled endpoints) due by `now`, or all of them without `now`: what to (re)send. */
export function waitingDeliveries(db: Conn, now?: Date): Promise<{ id: number; attempts: number; next_attempt_at: Date | null }[]> {
  let q = db
    .selectFrom('webhook_delivery as d')
    .innerJoin('webhook_endpoint as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.attempts', 'd.next_attempt_at'])
    .where('d.status', '=', 1)
    .where('e.enabled', '=', true);
  if (now) q = q.where('d.next_attempt_at', '<=', now).where((eb) => eb.or([eb('d.leased_until', 'is', null), eb('d.leased_until', '<=', now)]));
  return q.orderBy('d.id').execute();
}

export async function deliveriesOf(db: Conn, endpointId: number, offset: number, limit: number): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const rows = await db.selectFrom('webhook_delivery').selectAll().where('endpoint_id', '=', endpointId).orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const { n } = await db.selectFrom('webhook_delivery').select((eb) => eb.fn.countAll<string>().as('n')).where('endpoint_id', '=', endpointId).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** How long a settled delivery stays in the log (housekeeping removes older ones). */
export const DELIVERY_LOG_DAYS = 30;

/** Removes delivered and failed deliveries made before `before`; how many. */
export async function deleteSettledBefore(db: Conn, before: Date): Promise<number> {
  const gone = await db.deleteFrom('webhook_delivery').where('status', '<>', 1).where('created_at', '<', before).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
