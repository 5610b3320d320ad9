import type { Config } from '../../platform/config.js';
import type { Services } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { OutboundError, safeFetch } from '../../platform/outbound/index.js';
import { notifyUsers } from '../notices/service.js';
import { claimAttempt, failWaiting, recordAnswer, waitingDeliveries } from './delivery-repo.js';
import { signedHeaders } from './message.js';
import { DELIVER_QUEUE } from './queue-name.js';
import { clientNameOf, disableEndpoint, findEndpoint, markFailing, markHealthy } from './repo.js';

/**
 * One attempt of a webhook delivery (the queue's handler): POST the stored body, signed, through the crawler's
 * outbound guard (private addresses refused at connect time, no redirects followed, a time and size limit); a 2xx
 * answer delivers it. A failure is retried after a wait that doubles from the first retry's, for the give-up time
 * after the first attempt (a day), then the delivery has failed. An endpoint whose deliveries have failed for the
 * give-up time without one success is disabled and its maker told (notice type 7, in their language).
 */

/** Where the web app shows a client's webhooks (the notice opens it). */
export const webhooksPage = (clientId: number) => `/webhooks?clientId=${clientId}`;

/** When to try again after attempt number `attempts` failed at `now`; null when the retry time is over. */
export function nextAttemptAt(cfg: Config['webhooks'], firstAttemptAt: Date, attempts: number, now: Date): Date | null {
  const end = firstAttemptAt.getTime() + cfg.giveUpMs;
  if (now.getTime() >= end) return null;
  return new Date(Math.min(now.getTime() + cfg.firstRetryMs * 2 ** Math.max(0, attempts - 1), end));
}

/** The outbound rule of webhook addresses: the crawler's (CRAWLER_ALLOW_PRIVATE, CRAWLER_ALLOW_ORIGINS). */
export const outboundPolicy = (config: Config) => ({ allowPrivate: config.capture.allowPrivate, allowOrigins: config.crawler.allowOrigins });

async function post(services: Services, url: string, headers: Record<string, string>, body: string): Promise<{ ok: boolean; statusCode: number | null; answer: string }> {
  const { timeoutMs } = services.config.webhooks;
  try {
    const res = await safeFetch(url, {
      ...outboundPolicy(services.config),
      method: 'POST', headers, body,
      maxBytes: 64 * 1024, headersTimeoutMs: timeoutMs, bodyTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs * 2, maxRedirects: 0,
    });
    return { ok: res.status >= 200 && res.status < 300, statusCode: res.status, answer: res.body.toString('utf8', 0, 500) };
  } catch (e) {
    const err = e instanceof OutboundError ? e : new OutboundError('network', (e as Error).message);
    return { ok: false, statusCode: null, answer: `${err.code}: ${err.message}` };
  }
}

/** Attempt number `attempt + 1` of the delivery; nothing when another job took it, it is settled or its endpoint is off. */
export async function attemptDelivery(services: Services, deliveryId: number, attempt: number): Promise<void> {
  const started = services.clock();
  const claimed = await claimAttempt(services.db, deliveryId, attempt, started, new Date(started.getTime() + services.config.webhooks.timeoutMs * 3));
  if (!claimed) return;
  const body = claimed.body;
  const headers = signedHeaders(services.secrets.open(claimed.secret_sealed), claimed.message_id, body);
  const outcome = await post(services, claimed.url, headers, body);
  const now = services.clock();
  await services.db.transaction().execute(async (tx) => {
    if (outcome.ok) {
      await recordAnswer(tx, deliveryId, { status: 2, statusCode: outcome.statusCode, answer: outcome.answer, nextAttemptAt: null, deliveredAt: now });
      await markHealthy(tx, claimed.endpoint_id);
      return;
    }
    const next = nextAttemptAt(services.config.webhooks, claimed.first_attempt_at ?? now, claimed.attempts, now);
    await recordAnswer(tx, deliveryId, { status: next ? 1 : 3, statusCode: outcome.statusCode, answer: outcome.answer, nextAttemptAt: next, deliveredAt: null });
    const failingSince = await markFailing(tx, claimed.endpoint_id, now);
    if (now.getTime() - failingSince.getTime() >= services.config.webhooks.giveUpMs) {
      await disable(services, tx, claimed.endpoint_id, outcome.answer, now);
      return;
    }
    if (next) await services.queues.send(DELIVER_QUEUE, { deliveryId, attempt: claimed.attempts }, { db: tx, startAfter: next });
  });
}

async function disable(services: Services, tx: Tx, endpointId: number, lastAnswer: string, now: Date): Promise<void> {
  if (!(await disableEndpoint(tx, endpointId, now))) return;
  await failWaiting(tx, endpointId);
  const endpoint = await findEndpoint(tx, endpointId);
  if (!endpoint) return;
  const client = await clientNameOf(tx, endpoint.client_id);
  const hours = Math.round((services.config.webhooks.giveUpMs / 3_600_000) * 100) / 100;
  await notifyUsers(services, tx, [{ user_id: endpoint.created_by, user_locale: endpoint.owner_locale }], {
    type: 8,
    title: 'notice.webhookDisabled.title',
    content: 'notice.webhookDisabled.content',
    params: () => ({ client, url: endpoint.url, hours, answer: lastAnswer.slice(0, 200) }),
    target: webhooksPage(endpoint.client_id),
    now,
  });
}

/**
 * Every waiting delivery due by the services' clock, attempted now, in order (tests drive retries with their
 * clock this way; the queue's start re-sends what waits the same way, through pg-boss).
 */
export async function deliverDue(services: Services): Promise<number> {
  const due = await waitingDeliveries(services.db, services.clock());
  for (const d of due) await attemptDelivery(services, d.id, d.attempts);
  return due.length;
}
