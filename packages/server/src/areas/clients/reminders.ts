import { translate, type Locale, type MessageKey } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { DailyJob } from '../../platform/jobs.js';
import { reminderWindow, sendDueReminders, type ReminderCandidate } from '../../platform/reminders.js';
import { clientAudience, contractsEndingBetween } from './repo.js';

/**
 * Contract reminders (issue: accounts and clients): for each contract with remind mail set, the client's users
 * and its analysts are mailed 90, 60 and 30 days before the service's end date.
 */
export async function contractReminderCandidates(services: Services, now: Date): Promise<ReminderCandidate[]> {
  const { from, to } = reminderWindow(now);
  const { db } = services;
  const contracts = await contractsEndingBetween(db, from, to);
  if (contracts.length === 0) return [];
  const audience = await clientAudience(db, [...new Set(contracts.map((k) => k.client_id))]);
  return contracts.map((k) => ({
    key: `${k.client_id}:${k.service}`,
    endDate: k.end_date,
    recipients: audience.get(k.client_id) ?? [],
    subject: 'mail.contractReminder.subject',
    paragraphs: ['mail.contractReminder.body'],
    params: (locale: Locale) => ({ client: k.client_name, service: translate(locale, `service.${k.service}` as MessageKey) }),
  }));
}

export async function runContractReminders(services: Services, now: Date): Promise<number> {
  return sendDueReminders(services, now, 'contract', await contractReminderCandidates(services, now));
}

export const contractReminderJob: DailyJob = {
  name: 'contract-reminders',
  // 00:00 UTC is 09:00 in Japan, the start of the clients' working day.
  cron: '0 0 * * *',
  run: async (services, now) => {
    const sent = await runContractReminders(services, now);
    services.log.info({ sent }, 'contract reminders');
  },
};
