import { CLIENT_ALERT_DEFAULTS, CLIENT_ALERT_EVENTS, DEFAULT_WATCH_TIMEZONE, Role, STAFF_ALERT_DEFAULTS, WatchRunStatus, translate, type AlertEvent, type AlertWay, type Locale, type MessageKey, type RunCounts } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { MailMessage } from '../../platform/mail.js';
import { notifyUsers } from '../notices/service.js';
import { audienceOf, insertDigestItems, runListings } from './queries.js';

/**
 * Alerts of a watch's run (issue 30 point 3): each person who may hear of the client's runs gets the events they
 * chose (or the defaults: staff in the bell, client users nothing), each by the way they chose: one notice in the
 * bell, one mail at once, or lines for the next daily digest, in their language. Client users hear only of their
 * own company's posted records, and never of new listings (records not yet posted) or of a failed run.
 */

export interface EndedRun {
  watchId: number;
  runId: number;
  name: string;
  clientId: number;
  clientName: string;
  status: number;
  counts: RunCounts;
  error: string | null;
  startedAt: Date;
  timezone: string;
  authorId: number | null;
  /** Where the run opens for staff. */
  path: string;
}

/** Listing lines in a notice or a mail at most. */
const LINES = 5;

type Listing = { url: string; recordId: number | null; posted: boolean; before?: number; after?: number };
interface Facts {
  count: number;
  listings: Listing[];
}

const priceOf = (fields: { field: string; before: string | null; after: string | null }[]) => {
  const change = fields.find((f) => f.field === 'price');
  const before = Number(change?.before);
  const after = Number(change?.after);
  return change && Number.isFinite(before) && Number.isFinite(after) ? { before, after } : undefined;
};

/**
 * Writes the run's alerts (notices, digest lines) with `trx`, the transaction that ends the run, so a run is never
 * seen ended without them; answers the mails, to be sent once that transaction has committed (a rolled-back end
 * mails nobody).
 */
export async function alertRun(services: Services, trx: Db | Tx, run: EndedRun): Promise<MailMessage[]> {
  const audience = await audienceOf(trx, run.clientId, run.authorId);
  if (audience.length === 0) return [];
  const changed = run.counts.back + run.counts.changed > 0 ? await runListings(trx, run.runId) : [];
  const back = changed.filter((c) => c.change === 'back').map((c) => ({ url: c.url, recordId: c.record_id, posted: c.posted }));
  const repriced = changed.flatMap((c) => {
    const p = c.change === 'changed' ? priceOf(c.fields) : undefined;
    return p ? [{ url: c.url, recordId: c.record_id, posted: c.posted, ...p }] : [];
  });
  const now = services.clock();
  const digest: { user_id: number; client_id: number; line: string; created_at: Date }[] = [];
  const mails: MailMessage[] = [];
  for (const user of audience) {
    const staff = (user.user_role & (Role.ANALYST | Role.ADMIN)) !== 0;
    const chosen = { ...(staff ? STAFF_ALERT_DEFAULTS : CLIENT_ALERT_DEFAULTS), ...((user.events ?? {}) as Partial<Record<AlertEvent, AlertWay>>) };
    const seen = (l: Listing) => staff || l.posted;
    const floor = user.price_floor === null ? null : Number(user.price_floor);
    const drop = user.price_drop_percent === null ? null : Number(user.price_drop_percent);
    const belowAlert = (l: Listing) => (floor !== null && l.after! < floor) || (drop !== null && l.before! > 0 && ((l.before! - l.after!) / l.before!) * 100 >= drop);
    const facts: Partial<Record<AlertEvent, Facts>> = {
      ...(staff && run.counts.new > 0 && { 'listings.new': { count: run.counts.new, listings: [] } }),
      'listings.back': { count: back.filter(seen).length, listings: back.filter(seen) },
      'listings.price': { count: repriced.filter(seen).filter(belowAlert).length, listings: repriced.filter(seen).filter(belowAlert) },
      ...(staff && run.status === WatchRunStatus.FAILED && { 'watch.failed': { count: 1, listings: [] } }),
    };
    const byWay = new Map<AlertWay, AlertEvent[]>();
    for (const [event, fact] of Object.entries(facts) as [AlertEvent, Facts][]) {
      if (fact.count === 0 || (!staff && !CLIENT_ALERT_EVENTS.includes(event))) continue;
      const way = chosen[event] ?? 'off';
      if (way !== 'off') byWay.set(way, [...(byWay.get(way) ?? []), event]);
    }
    if (byWay.size === 0) continue;
    const locale = user.user_locale as Locale;
    const words = (events: AlertEvent[]) => summaryOf(locale, events, facts, run);
    // Staff open the run; a client's user opens the record list on the records the alert is about.
    const target = staff ? run.path : `/ec-list?clientId=${run.clientId}`;
    const portal = byWay.get('portal');
    if (portal) {
      const recordIds = [...new Set(portal.flatMap((e) => facts[e]!.listings).flatMap((l) => (l.recordId === null ? [] : [l.recordId])))];
      await notifyUsers(services, trx, [user], {
        type: 7,
        title: 'alert.title',
        content: 'alert.content',
        params: () => ({ watch: run.name, client: run.clientName, summary: words(portal), listings: linesOf(portal, facts).join('\n') }),
        target,
        now,
        ...(!staff && recordIds.length > 0 && { scope: { recordIds } }),
      });
    }
    const mail = byWay.get('mail');
    if (mail) {
      const link = `${services.config.publicUrl ?? ''}${target}`;
      mails.push({ to: user.user_mail, locale, subject: 'alert.title', paragraphs: ['alert.mailBody', 'alert.mailLink'], params: { watch: run.name, client: run.clientName, summary: words(mail), listings: linesOf(mail, facts).join('\n'), link } });
    }
    const later = byWay.get('digest');
    if (later) {
      const time = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: run.timezone || DEFAULT_WATCH_TIMEZONE }).format(run.startedAt);
      const line = translate(locale, 'alert.digestLine', { time, watch: run.name, client: run.clientName, summary: words(later) });
      digest.push({ user_id: user.user_id, client_id: run.clientId, line: [line, ...linesOf(later, facts).map((l) => `  ${l}`)].join('\n'), created_at: now });
    }
  }
  await insertDigestItems(trx, digest);
  return mails;
}

/** Sends alert mails after their transaction committed; a mail that fails is logged, the others still leave. */
export async function sendAlertMails(services: Services, mails: readonly MailMessage[]): Promise<void> {
  for (const m of mails) await services.mailer.send(m).catch((err: unknown) => services.log.error({ err, to: m.to }, 'alert mail failed'));
}

export const PHRASE: Record<AlertEvent, MessageKey> = {
  'listings.new': 'alert.phrase.new',
  'listings.back': 'alert.phrase.back',
  'listings.price': 'alert.phrase.price',
  'watch.failed': 'alert.phrase.failed',
  'domains.new': 'alert.phrase.domainsNew',
  'domains.live': 'alert.phrase.domainsLive',
  'domains.changed': 'alert.phrase.domainsChanged',
};

function summaryOf(locale: Locale, events: AlertEvent[], facts: Partial<Record<AlertEvent, Facts>>, run: EndedRun): string {
  return events.map((e) => translate(locale, PHRASE[e], { count: facts[e]!.count, error: run.error ?? '' })).join(locale === 'ja' ? '、' : ', ');
}

function linesOf(events: AlertEvent[], facts: Partial<Record<AlertEvent, Facts>>): string[] {
  return events.flatMap((e) => facts[e]!.listings).slice(0, LINES).map((l) => (l.after !== undefined ? `${l.url} (${l.before} → ${l.after})` : l.url));
}
