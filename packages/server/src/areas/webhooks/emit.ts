import { randomUUID } from 'node:crypto';
import { CLIENT_WEBHOOK_EVENTS, type Locale, type WebhookEvent } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { insertDeliveries } from './delivery-repo.js';
import { deliveryBody } from './message.js';
import { DELIVER_QUEUE } from './queue-name.js';
import { clientNameOf, subscribers, type EndpointWithOwner } from './repo.js';

/**
 * The one way other areas tell programs that something happened to a client (issue 30, point 4): called inside
 * the caller's transaction, it writes a delivery row for each enabled endpoint of THAT client which asked for the
 * event, and queues its first attempt in the same transaction (a rolled-back change sends nothing). Watches call
 * it with `listings.*` and `watch.run`.
 *
 * Tenancy: only the client's own endpoints are looked at; an endpoint made by a client user receives only what
 * the company's users may see: `clientVisible: false` (an unposted record's takedown result) skips it, and it
 * never receives the listing or watch events (analysts' work before a report is posted).
 */
export interface EmitOptions {
  /** Whether the client's own users may see what the event is about (default true). */
  clientVisible?: boolean;
  /** Only this endpoint (a test delivery). */
  endpoint?: EndpointWithOwner;
}

export type EventData = Record<string, unknown>;

export async function emitEvent(
  ctx: { services: Services; db: Db | Tx; now: Date },
  clientId: number,
  event: WebhookEvent | 'webhook.test',
  data: EventData,
  opts: EmitOptions = {},
): Promise<number[]> {
  const endpoints = opts.endpoint ? [opts.endpoint] : await subscribers(ctx.db, clientId, event);
  const reached = endpoints.filter((e) => e.client_id === clientId && (!e.for_client || opts.endpoint || (opts.clientVisible !== false && (CLIENT_WEBHOOK_EVENTS as readonly string[]).includes(event))));
  if (reached.length === 0) return [];
  const clientName = await clientNameOf(ctx.db, clientId);
  const payload = { clientId, ...data };
  const rows = reached.map((e) => ({
    endpointId: e.id,
    messageId: `msg_${randomUUID()}`,
    event,
    body: deliveryBody({ url: e.url, locale: e.owner_locale as Locale, event, clientName, data: payload, at: ctx.now }),
    now: ctx.now,
  }));
  const inserted = await insertDeliveries(ctx.db, rows);
  for (const { id } of inserted) await ctx.services.queues.send(DELIVER_QUEUE, { deliveryId: id, attempt: 0 }, { db: ctx.db });
  return inserted.map((r) => r.id);
}
