import type { Locale } from '@portal/contract';
import { COUNTRIES } from '@portal/contract/code-lists';
import type { Services } from '../../platform/context.js';
import type { DailyJob } from '../../platform/jobs.js';
import { reminderWindow, sendDueReminders, type ReminderCandidate } from '../../platform/reminders.js';
import { clientAudience } from '../clients/repo.js';
import { lettersEndingBetween } from './repo.js';

/** Attorney letters with the reminder flag: the client's managers and users are mailed 90, 60 and 30 days before the end. */
export async function letterReminderCandidates(services: Services, now: Date): Promise<ReminderCandidate[]> {
  const { from, to } = reminderWindow(now);
  const { db } = services;
  const letters = await lettersEndingBetween(db, from, to);
  if (letters.length === 0) return [];
  const audience = await clientAudience(db, [...new Set(letters.map((l) => l.client_id))]);
  return letters.map((l) => ({
    key: String(l.id),
    endDate: l.end_date,
    recipients: audience.get(l.client_id) ?? [],
    subject: 'mail.letterReminder.subject',
    paragraphs: ['mail.letterReminder.body'],
    params: (locale: Locale) => {
      const country = COUNTRIES.find((c) => c.code === l.region);
      return { client: l.client_name, region: country ? country[locale] : l.region };
    },
  }));
}

export const letterReminderJob: DailyJob = {
  name: 'attorney-letter-reminders',
  cron: '5 0 * * *',
  run: async (services, now) => {
    const sent = await sendDueReminders(services, now, 'attorney-letter', await letterReminderCandidates(services, now));
    services.log.info({ sent }, 'attorney letter reminders');
  },
};
