import { CLIENT_ALERT_DEFAULTS, CLIENT_ALERT_EVENTS, Role, STAFF_ALERT_DEFAULTS, translate, type AlertEvent, type AlertWay, type Locale } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import type { MailMessage } from '../../platform/mail.js';
import { notifyUsers } from '../notices/service.js';
import { PHRASE, sendAlertMails } from './dispatch.js';
import { audienceOf, domainWatchForAlerts, insertDigestItems } from './queries.js';
import { digestZone } from './service.js';

/**
 * Alerts of a domain watch's run (issue 32 point 4: "alerts follow the portal's alert preferences"): look-alikes
 * newly registered, those whose site came up, those whose page changed. Everyone who may hear of the client's
 * watches (its managing analysts, the watch's maker, administrators who chose alerts for it, the client's own
 * users, who read their company's domain watches) gets the events they chose, each by the way they chose: a notice
 * in the bell, a mail at once, or lines for the daily digest, in their language. Notices and digest lines are
 * written in one transaction; the mails leave after it committed.
 */

export interface DomainRunAlert {
  watchId: number;
  runId: number;
  /** Domains as a person reads them (Unicode). */
  newDomains: string[];
  becameLive: string[];
  changed: string[];
}

/** Domain lines in a notice, a mail or a digest entry at most. */
const LINES = 5;

/** Writes the run's notices and digest lines and sends its mails; answers how many mails left. */
export async function alertDomainRun(services: Services, db: Db, run: DomainRunAlert): Promise<number> {
  const facts: [AlertEvent, string[]][] = [
    ['domains.new', run.newDomains],
    ['domains.live', run.becameLive],
    ['domains.changed', run.changed],
  ];
  if (facts.every(([, list]) => list.length === 0)) return 0;
  const mails = await db.transaction().execute(async (tx) => {
    const watch = await domainWatchForAlerts(tx, run.watchId);
    if (!watch) return [];
    const audience = await audienceOf(tx, watch.client_id, watch.created_by);
    const now = services.clock();
    const target = `/domain-watch/${run.watchId}`;
    const out: MailMessage[] = [];
    const digest: { user_id: number; client_id: number; line: string; created_at: Date }[] = [];
    for (const user of audience) {
      const staff = (user.user_role & (Role.ANALYST | Role.ADMIN)) !== 0;
      const chosen = { ...(staff ? STAFF_ALERT_DEFAULTS : CLIENT_ALERT_DEFAULTS), ...((user.events ?? {}) as Partial<Record<AlertEvent, AlertWay>>) };
      const byWay = new Map<AlertWay, [AlertEvent, string[]][]>();
      for (const fact of facts) {
        const way = chosen[fact[0]] ?? 'off';
        if (fact[1].length === 0 || way === 'off' || (!staff && !CLIENT_ALERT_EVENTS.includes(fact[0]))) continue;
        byWay.set(way, [...(byWay.get(way) ?? []), fact]);
      }
      if (byWay.size === 0) continue;
      const locale = user.user_locale as Locale;
      const name = translate(locale, 'alert.domainWatchName', { domains: watch.domains.join(', ') });
      const summary = (chosenFacts: [AlertEvent, string[]][]) =>
        chosenFacts.map(([e, list]) => translate(locale, PHRASE[e], { count: list.length })).join(locale === 'ja' ? '、' : ', ');
      const lines = (chosenFacts: [AlertEvent, string[]][]) => [...new Set(chosenFacts.flatMap(([, list]) => list))].slice(0, LINES);
      const portal = byWay.get('portal');
      if (portal) {
        await notifyUsers(services, tx, [user], {
          type: 7,
          title: 'alert.title',
          content: 'alert.content',
          params: () => ({ watch: name, client: watch.client_name, summary: summary(portal), listings: lines(portal).join('\n') }),
          target,
          now,
        });
      }
      const mail = byWay.get('mail');
      if (mail) {
        const link = `${services.config.publicUrl ?? ''}${target}`;
        out.push({ to: user.user_mail, locale, subject: 'alert.title', paragraphs: ['alert.domainMailBody', 'alert.mailLink'], params: { watch: name, domains: watch.domains.join(', '), client: watch.client_name, summary: summary(mail), listings: lines(mail).join('\n'), link } });
      }
      const later = byWay.get('digest');
      if (later) {
        const time = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: digestZone(user) }).format(now);
        const line = translate(locale, 'alert.digestLine', { time, watch: name, client: watch.client_name, summary: summary(later) });
        digest.push({ user_id: user.user_id, client_id: watch.client_id, line: [line, ...lines(later).map((l) => `  ${l}`)].join('\n'), created_at: now });
      }
    }
    await insertDigestItems(tx, digest);
    return out;
  });
  await sendAlertMails(services, mails);
  return mails.length;
}
