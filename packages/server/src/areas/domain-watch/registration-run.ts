import type { Services } from '../../platform/context.js';
import { createRegistrationLookup, type RegistrationOptions } from './registration.js';
import * as q from './registration-queries.js';

/**
 * After a run (issue 32 point 2): the registration facts of the watch's registered candidates not known yet or
 * older than 30 days (a look-up that learnt nothing is asked again after a day), at most DOMAIN_WATCH_MAX_REGISTRATIONS
 * per run so a watch of thousands of look-alikes fills in over several runs instead of holding one for hours.
 * Each answer is stored as it comes, so a run stopped midway keeps what it learnt. Never throws.
 */

const DAY_MS = 86_400_000;
export const REGISTRATION_MAX_AGE_DAYS = 30;

export async function refreshRegistrations(services: Services, watchId: number, options: RegistrationOptions = {}): Promise<number> {
  const settings = services.config.domainRegistration;
  try {
    if (settings.maxPerRun <= 0) return 0;
    const now = services.clock();
    const due = await q.registrationsDue(services.db, watchId, {
      staleBefore: new Date(now.getTime() - REGISTRATION_MAX_AGE_DAYS * DAY_MS),
      retryBefore: new Date(now.getTime() - DAY_MS),
      limit: settings.maxPerRun,
    });
    if (!due.length) return 0;
    const lookUp = createRegistrationLookup(settings, options);
    let known = 0;
    await Promise.all(
      due.map(async (c) => {
        const registration = await lookUp(c.domain);
        if (registration) known += 1;
        await q.storeRegistration(services.db, c.id, registration, services.clock());
      }),
    );
    services.log.info({ watchId, asked: due.length, known }, 'domain watch registrations looked up');
    return due.length;
  } catch (err) {
    services.log.error({ err, watchId }, 'domain watch registrations failed');
    return 0;
  }
}
