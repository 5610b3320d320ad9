import { randomBytes } from 'node:crypto';
import { CLIENT_WEBHOOK_EVENTS, Role, WEBHOOK_SECRET_PREFIX, WEBHOOKS_PER_CLIENT, hasRole, type WebhookDelivery, type WebhookEndpoint } from '@portal/contract';
import type { OwnerRule } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import { OutboundError, assertPublicUrl } from '../../platform/outbound/index.js';
import { checkOwner } from '../../platform/tenant.js';
import type { WebhookDeliveryRow } from '../../platform/schema.js';
import { outboundPolicy } from './deliver.js';
import { deliveriesOf } from './delivery-repo.js';
import { emitEvent } from './emit.js';
import { isSlackUrl } from './message.js';
import * as repo from './repo.js';

/**
 * Webhook endpoints of a client (issue 30, point 4): its managing analysts (and administrators) and its own users
 * register, change and remove them. A client user sees and manages only the endpoints its company's users made,
 * and those receive only posted records and takedown results; another company's endpoint answers "not found".
 */

const isStaff = (ctx: AuthedContext) => hasRole(ctx.user.role, Role.ANALYST | Role.ADMIN);
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** The owner rule of calls naming an endpoint; a client user is also refused endpoints made by staff. */
export const endpointOwner: OwnerRule = {
  object: 'webhook endpoint',
  readers: 'managers',
  clientOf: async (db, input) => (await repo.clientOfEndpoint(db, Number(input.endpointId)))?.client_id,
};

const present = (row: repo.EndpointWithOwner): WebhookEndpoint => ({
  id: row.id,
  clientId: row.client_id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  slack: isSlackUrl(row.url),
  createdAt: row.created_at.toISOString(),
  createdBy: row.owner_name,
  disabledAt: row.disabled_at?.toISOString() ?? null,
  failingSince: row.failing_since?.toISOString() ?? null,
});

/**
 * The address rule: https (an origin exempted from the private-address rule may use http: a lab, the tests), and
 * every address its host resolves to public, as the crawler's (delivery checks again at connect time).
 */
async function checkUrl(ctx: AuthedContext, url: string): Promise<void> {
  const policy = outboundPolicy(ctx.services.config);
  const parsed = new URL(url);
  const exempt = policy.allowPrivate || policy.allowOrigins.includes(parsed.origin);
  if (parsed.protocol !== 'https:' && !exempt) fail('webhookHttpsRequired');
  try {
    await assertPublicUrl(url, policy);
  } catch (e) {
    if (e instanceof OutboundError) fail('webhookAddressRefused');
    throw e;
  }
}

function checkEvents(ctx: AuthedContext, events: readonly string[]): void {
  if (isStaff(ctx)) return;
  if (events.some((e) => !(CLIENT_WEBHOOK_EVENTS as readonly string[]).includes(e))) fail('webhookEventNotAllowed', { events: CLIENT_WEBHOOK_EVENTS.join(', ') });
}

/** The endpoint named, after the owner rule; a client user asking for one made by staff is told "not found". */
async function endpointFor(ctx: AuthedContext, endpointId: number): Promise<repo.EndpointWithOwner> {
  await checkOwner(ctx.db, ctx.user, endpointOwner, { endpointId });
  const row = await repo.findEndpoint(ctx.db, endpointId);
  if (!row || (!isStaff(ctx) && !row.for_client)) fail('objectNotFound');
  return row;
}

export async function create(ctx: AuthedContext, input: { clientId: number; url: string; events: string[]; description?: string | undefined }) {
  const events = [...new Set(input.events)];
  checkEvents(ctx, events);
  await checkUrl(ctx, input.url);
  if ((await repo.countOfClient(ctx.db, input.clientId)) >= WEBHOOKS_PER_CLIENT) fail('webhookLimit', { max: WEBHOOKS_PER_CLIENT });
  const secret = newSecret();
  const { id } = await repo.insertEndpoint(ctx.db, {
    clientId: input.clientId, createdBy: ctx.user.userId, forClient: !isStaff(ctx), url: input.url, events, description: input.description ?? '', secretSealed: ctx.services.secrets.seal(secret), now: ctx.now,
  });
  return { endpoint: { ...present((await repo.findEndpoint(ctx.db, id))!), secret } };
}

export async function list(ctx: AuthedContext, clientId: number) {
  return { endpoints: (await repo.endpointsOfClient(ctx.db, clientId, !isStaff(ctx))).map(present) };
}

export async function update(ctx: AuthedContext, input: { endpointId: number; url?: string | undefined; events?: string[] | undefined; description?: string | undefined; enabled?: boolean | undefined; rotateSecret?: boolean | undefined }) {
  const row = await endpointFor(ctx, input.endpointId);
  const events = input.events ? [...new Set(input.events)] : undefined;
  if (events) checkEvents(ctx, events);
  if (input.url !== undefined && input.url !== row.url) await checkUrl(ctx, input.url);
  const secret = input.rotateSecret ? newSecret() : undefined;
  await repo.updateEndpoint(ctx.db, row.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(events ? { events } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled !== undefined && input.enabled !== row.enabled ? { enabled: input.enabled } : {}),
    ...(secret ? { secretSealed: ctx.services.secrets.seal(secret) } : {}),
  });
  const endpoint = present((await repo.findEndpoint(ctx.db, row.id))!);
  return { endpoint: secret ? { ...endpoint, secret } : endpoint };
}

export async function remove(ctx: AuthedContext, endpointId: number) {
  const row = await endpointFor(ctx, endpointId);
  await repo.deleteEndpoint(ctx.db, row.id);
  return {};
}

/** A `webhook.test` delivery to this endpoint only (enabled or not: the test is how one checks a fixed receiver). */
export async function sendTest(ctx: AuthedContext, endpointId: number) {
  const row = await endpointFor(ctx, endpointId);
  if (!row.enabled) await repo.updateEndpoint(ctx.db, row.id, { enabled: true });
  const [id] = await emitEvent(ctx, row.client_id, 'webhook.test', { endpointId: row.id, message: 'test' }, { endpoint: { ...row, enabled: true } });
  return { delivery: { id: id! } };
}

const presentDelivery = (d: WebhookDeliveryRow): WebhookDelivery => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.last_status_code,
  lastAnswer: d.last_answer,
  createdAt: d.created_at.toISOString(),
  deliveredAt: d.delivered_at?.toISOString() ?? null,
  nextAttemptAt: d.status === 1 ? (d.next_attempt_at?.toISOString() ?? null) : null,
});

export async function deliveries(ctx: AuthedContext, input: { endpointId: number; offset: number; limit: number }) {
  const row = await endpointFor(ctx, input.endpointId);
  const { rows, total } = await deliveriesOf(ctx.db, row.id, input.offset, input.limit);
  return { deliveries: rows.map(presentDelivery), total };
}
