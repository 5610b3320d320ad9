import { z } from 'zod';
import { SERIAL_ID_MAX, id } from './validation.js';

/**
 * Webhooks for other programs (issue 30, point 4; spec README "Watches and webhooks"). A client's analysts and its
 * own users register endpoints with the events they want; deliveries are POSTs signed per the Standard Webhooks
 * specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`), body `{ type, timestamp, data }`. The
 * signing secret (`whsec_…`) is answered once, by create (and by update with `rotateSecret`).
 */

/** Every event a program can ask for. `listings.*` and `watch.run` are sent by watches (issue 30, points 1 and 2). */
export const WEBHOOK_EVENTS = ['records.posted', 'listings.new', 'listings.changed', 'listings.gone', 'listings.back', 'takedown.result', 'watch.run'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The events a client user's endpoint may ask for: they hear only of posted records. */
export const CLIENT_WEBHOOK_EVENTS: readonly WebhookEvent[] = ['records.posted', 'takedown.result'];
/** The event of a test delivery (send-test): not one a program subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints one client may have. */
export const WEBHOOKS_PER_CLIENT = 20;

/** Delivery status: 1 waiting (or between retries), 2 delivered, 3 failed (retries over, or its endpoint disabled). */
export const WebhookDeliveryStatus = { PENDING: 1, DELIVERED: 2, FAILED: 3 } as const;

const endpointId = z.number({ error: 'validation.webhookRequired' }).int('validation.webhookRequired').positive('validation.webhookRequired').max(SERIAL_ID_MAX, 'validation.webhookRequired');
const url = z
  .string({ error: 'validation.webhookUrlRequired' })
  .trim()
  .min(1, 'validation.webhookUrlRequired')
  .max(WEBHOOK_URL_MAX, 'validation.tooLong')
  .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), 'validation.webhookUrlInvalid');
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'validation.webhookEventUnknown' }), { error: 'validation.webhookEventsRequired' })
  .min(1, 'validation.webhookEventsRequired')
  .max(WEBHOOK_EVENTS.length, 'validation.webhookEventsRequired');
const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, 'validation.tooLong');

export const webhookEndpoint = z.object({
  id: z.number(),
  clientId: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** Whether Slack's incoming webhook gets a readable message instead of the signed body. */
  slack: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const createWebhookInput = z.object({ clientId: id, url, events, description: description.optional() });
export const createWebhookOutput = z.object({ endpoint: webhookEndpoint.extend({ secret: z.string() }) });
export const fetchWebhooksInput = z.object({ clientId: id });
export const webhooksOutput = z.object({ endpoints: z.array(webhookEndpoint) });
/** Changes what is given; `enabled: true` turns a disabled endpoint back on; `rotateSecret` answers a new secret once. */
export const updateWebhookInput = z.object({ endpointId, url: url.optional(), events: events.optional(), description: description.optional(), enabled: z.boolean().optional(), rotateSecret: z.boolean().optional() });
export const updateWebhookOutput = z.object({ endpoint: webhookEndpoint.extend({ secret: z.string().optional() }) });
export const removeWebhookInput = z.object({ endpointId });
export const removeWebhookOutput = z.object({});
export const sendTestInput = z.object({ endpointId });
export const sendTestOutput = z.object({ delivery: z.object({ id: z.number() }) });

export const webhookDelivery = z.object({
  id: z.number(),
  event: z.string(),
  status: z.number(),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  /** The start of the last answer (or why there was none: a timeout, a refused address). */
  lastAnswer: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const fetchDeliveriesInput = z.object({ endpointId, offset: z.number().int().min(0).max(1_000_000).default(0), limit: z.number().int().min(1).max(200).default(50) });
export const deliveriesOutput = z.object({ deliveries: z.array(webhookDelivery), total: z.number() });

export const webhookCalls = {
  '/api/webhook/create': { input: createWebhookInput, output: createWebhookOutput },
  '/api/webhook/fetch': { input: fetchWebhooksInput, output: webhooksOutput },
  '/api/webhook/update': { input: updateWebhookInput, output: updateWebhookOutput },
  '/api/webhook/remove': { input: removeWebhookInput, output: removeWebhookOutput },
  '/api/webhook/send-test': { input: sendTestInput, output: sendTestOutput },
  '/api/webhook/fetch-deliveries': { input: fetchDeliveriesInput, output: deliveriesOutput },
} as const;
