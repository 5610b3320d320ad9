import { DIGEST_HOUR, type Locale } from '@portal/contract';
import { DateTime } from 'luxon';
import type { DailyJob } from '../../platform/jobs.js';
import { claimDigest, usersWithDigest } from './queries.js';
import { digestZone } from './service.js';

/**
 * The daily digest: every hour, each user with alerts waiting whose local time has reached 08:00 gets one mail with
 * them, in their language; the day is claimed first (alert_digest_sent), so never more than one digest a day,
 * however many workers take the hourly job.
 */
export async function sendDigests(services: import('../../platform/context.js').Services, now: Date): Promise<number> {
  let sent = 0;
  for (const user of await usersWithDigest(services.db)) {
    const local = DateTime.fromJSDate(now, { zone: digestZone(user) });
    if (local.hour < DIGEST_HOUR) continue;
    const lines = await services.db.transaction().execute((trx) => claimDigest(trx, user.user_id, local.toISODate()!, now));
    if (!lines || lines.length === 0) continue;
    const locale = user.user_locale as Locale;
    await services.mailer.send({ to: user.user_mail, locale, subject: 'alert.digestSubject', paragraphs: ['alert.digestIntro', 'alert.digestLines'], params: { count: lines.length, date: local.toISODate()!, lines: lines.join('\n\n') } });
    sent++;
  }
  return sent;
}

export const digestJob: DailyJob = {
  name: 'alert-digest',
  cron: '3 * * * *',
  run: async (services, now) => {
    const sent = await sendDigests(services, now);
    if (sent > 0) services.log.info({ sent }, 'alert digests sent');
  },
};
