import type { Locale } from '@portal/contract';
import { niceClassLabel, trademarkRegionName } from '@portal/contract/trademark-lists';
import type { Services } from '../../platform/context.js';
import type { DailyJob } from '../../platform/jobs.js';
import { reminderWindow, sendDueReminders, type ReminderCandidate } from '../../platform/reminders.js';
import { clientAudience } from '../clients/repo.js';
import { trademarksExpiringBetween } from './repo.js';

/** Trademarks with the reminder flag: the client's users are mailed 90, 60 and 30 days before the expiry date. */
export async function trademarkReminderCandidates(services: Services, now: Date): Promise<ReminderCandidate[]> {
  const { from, to } = reminderWindow(now);
  const { db } = services;
  const marks = await trademarksExpiringBetween(db, from, to);
  if (marks.length === 0) return [];
  const audience = await clientAudience(db, [...new Set(marks.map((m) => m.client_id))]);
  return marks.map((m) => ({
    key: String(m.trademark_id),
    endDate: m.invalid_date as string,
    recipients: audience.get(m.client_id) ?? [],
    subject: 'mail.trademarkReminder.subject',
    paragraphs: ['mail.trademarkReminder.body'],
    params: (locale: Locale) => ({
      client: m.client_name,
      no: m.no,
      text: m.text,
      region: trademarkRegionName(m.region, locale),
      genre: locale === 'ja' ? m.type : niceClassLabel(m.type, locale),
    }),
  }));
}

export const trademarkReminderJob: DailyJob = {
  name: 'trademark-reminders',
  cron: '10 0 * * *',
  run: async (services, now) => {
    const sent = await sendDueReminders(services, now, 'trademark', await trademarkReminderCandidates(services, now));
    services.log.info({ sent }, 'trademark expiry reminders');
  },
};
