import { translate, type Locale } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { DailyJob } from '../../platform/jobs.js';
import { reminderWindow, sendDueReminders, type ReminderCandidate } from '../../platform/reminders.js';
import { clientAudience } from '../clients/repo.js';
import { notifyUsers } from '../notices/service.js';
import { requestPath } from './notify.js';
import { clientUsers, insertRequestOnce, openRequestsDueBetween, trademarksToProposeRenewal } from './repo.js';

/** Open requests with a due date: the client's users and managing analysts are mailed 30, 7 and 1 days before. */
export const REQUEST_REMINDER_DAYS = [30, 7, 1] as const;

export async function requestReminderCandidates(services: Services, now: Date): Promise<ReminderCandidate[]> {
  const { from, to } = reminderWindow(now, REQUEST_REMINDER_DAYS);
  const rows = await openRequestsDueBetween(services.db, from, to);
  if (rows.length === 0) return [];
  const audience = await clientAudience(services.db, [...new Set(rows.map((r) => r.client_id))]);
  return rows.map((r) => ({
    key: String(r.request_id),
    endDate: r.due_date as string,
    recipients: audience.get(r.client_id) ?? [],
    subject: 'mail.requestReminder.subject',
    paragraphs: ['mail.requestReminder.body'],
    params: (locale: Locale) => ({ client: r.client_name, title: r.title, id: r.request_id, type: translate(locale, `requestType.${r.type}` as 'requestType.case') }),
  }));
}

/** Six months ahead of a flagged trademark's expiry, the portal proposes its renewal: a draft the client confirms. */
export const RENEWAL_PROPOSAL_DAYS = 183;

export async function proposeRenewals(services: Services, now: Date): Promise<number> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const until = new Date(today.getTime() + RENEWAL_PROPOSAL_DAYS * 86_400_000).toISOString().slice(0, 10);
  const marks = await trademarksToProposeRenewal(services.db, today.toISOString().slice(0, 10), until);
  let proposed = 0;
  for (const m of marks) {
    await services.db.transaction().execute(async (trx) => {
      const requestId = await insertRequestOnce(trx, {
        client_id: m.client_id,
        type: 'renewal',
        title: `${m.text} (${m.no})`.slice(0, 200),
        fields: JSON.stringify({ trademarkId: m.trademark_id, expiryDate: m.invalid_date, notes: '' }),
        draft: true,
        source_key: `renewal:${m.trademark_id}:${m.invalid_date}`,
        created_at: now,
        updated_at: now,
      });
      if (requestId === undefined) return;
      proposed += 1;
      const params = () => ({ title: `${m.text} (${m.no})`, date: m.invalid_date ?? '' });
      await notifyUsers(services, trx, await clientUsers(trx, m.client_id), { type: 4, title: 'notice.request.draft.title', content: 'notice.request.draft.content', params, target: requestPath(requestId), now });
    });
  }
  return proposed;
}

export const requestReminderJob: DailyJob = {
  name: 'service-request-reminders',
  cron: '15 0 * * *',
  run: async (services, now) => {
    const proposed = await proposeRenewals(services, now);
    const sent = await sendDueReminders(services, now, 'service-request', await requestReminderCandidates(services, now), REQUEST_REMINDER_DAYS);
    services.log.info({ sent, proposed }, 'service request reminders and renewal proposals');
  },
};
