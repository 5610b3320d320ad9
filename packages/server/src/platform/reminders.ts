import type { Locale, MessageKey } from '@portal/contract';
import type { Services } from './context.js';

/**
 * Reminder mails before an end date (contracts, attorney letters, trademark expiries): 90, 60 and 30 days before,
 * each once. A day the job did not run is caught up: the nearest threshold passed is sent late, and the ones
 * before it are recorded as done, so nobody gets three mails at once.
 */
export const REMINDER_DAYS = [90, 60, 30] as const;

export interface Recipient {
  mail: string;
  locale: Locale;
}

export interface ReminderCandidate {
  /** Identifies the object within its kind, e.g. `12:ec` for client 12's EC contract. */
  key: string;
  endDate: string;
  recipients: Recipient[];
  subject: MessageKey;
  paragraphs: MessageKey[];
  /** The mail's parameters in the recipient's language (days and endDate are added). */
  params: (locale: Locale) => Record<string, string | number>;
}

const DAY_MS = 86_400_000;

export function daysUntil(endDate: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - today) / DAY_MS);
}

/** The window of end dates that may be due today: from today to the largest threshold ahead. */
export function reminderWindow(now: Date, thresholds: readonly number[] = REMINDER_DAYS): { from: string; to: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { from: today.toISOString().slice(0, 10), to: new Date(today.getTime() + Math.max(...thresholds) * DAY_MS).toISOString().slice(0, 10) };
}

/** Sends what is due; each candidate in its own transaction, so one failing mail server answer is retried alone. */
export async function sendDueReminders(services: Services, now: Date, kind: string, candidates: ReminderCandidate[], thresholds: readonly number[] = REMINDER_DAYS): Promise<number> {
  let sent = 0;
  for (const c of candidates) {
    const days = daysUntil(c.endDate, now);
    if (days < 0) continue;
    const passed = thresholds.filter((t) => days <= t);
    if (passed.length === 0 || c.recipients.length === 0) continue;
    const nearest = Math.min(...passed);
    await services.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('reminder_sent')
        .values({ kind, object_key: c.key, end_date: c.endDate, days_before: nearest, sent_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('days_before')
        .executeTakeFirst();
      if (!claimed) return;
      const earlier = passed.filter((t) => t !== nearest);
      if (earlier.length > 0) {
        await trx
          .insertInto('reminder_sent')
          .values(earlier.map((t) => ({ kind, object_key: c.key, end_date: c.endDate, days_before: t, sent_at: now })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      for (const r of c.recipients) {
        await services.mailer.send({
          to: r.mail,
          locale: r.locale,
          subject: c.subject,
          paragraphs: c.paragraphs,
          params: { ...c.params(r.locale), days, endDate: c.endDate },
        });
      }
      sent += 1;
    });
  }
  return sent;
}
