import { translate, type Locale, type MessageKey } from '@portal/contract';
import { Webhook } from 'standardwebhooks';

/**
 * What a delivery sends: the Standard Webhooks body `{ type, timestamp, data }`, or, to a Slack incoming webhook,
 * a readable `{ text }` in the endpoint owner's language (Slack shows nothing else of a body). Both are signed.
 */

/** A Slack incoming-webhook address (https://hooks.slack.com/services/...). */
export function isSlackUrl(url: string): boolean {
  try {
    return new URL(url).hostname === 'hooks.slack.com';
  } catch {
    return false;
  }
}

const slackKey = (event: string): MessageKey => {
  if (event.startsWith('listings.')) return 'webhook.slack.listings';
  if (event === 'records.posted' || event === 'takedown.result' || event === 'watch.run' || event === 'webhook.test') return `webhook.slack.${event}`;
  return 'webhook.slack.listings';
};

/** The Slack text of an event: the client's name and what the event's data says, in `locale`. */
export function slackText(locale: Locale, event: string, clientName: string, data: Record<string, unknown>): string {
  const params: Record<string, string | number> = { client: clientName, event };
  for (const [k, v] of Object.entries(data)) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  if (typeof data.reportName === 'string') params.report = data.reportName;
  if (Array.isArray(data.listings) && params.count === undefined) params.count = data.listings.length;
  return translate(locale, slackKey(event), params);
}

/** The body of one delivery (kept in its row, so every attempt sends and signs the same bytes). */
export function deliveryBody(opts: { url: string; locale: Locale; event: string; clientName: string; data: Record<string, unknown>; at: Date }): string {
  if (isSlackUrl(opts.url)) return JSON.stringify({ text: slackText(opts.locale, opts.event, opts.clientName, opts.data) });
  return JSON.stringify({ type: opts.event, timestamp: opts.at.toISOString(), data: opts.data });
}

/**
 * The Standard Webhooks headers of an attempt, signed by the maintained package with the endpoint's secret.
 * The timestamp is the wall clock of the attempt: the receiver compares it with its own clock (replay window).
 */
export function signedHeaders(secret: string, messageId: string, body: string, at = new Date()): Record<string, string> {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return {
    'content-type': 'application/json',
    'user-agent': 'BrandProtectionPortal-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
