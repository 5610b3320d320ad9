import type { DailyJob } from '../../platform/jobs.js';
import { startDueWatches } from './runs.js';

/**
 * The watches' clock: every minute pg-boss's schedule gives one worker this job, which starts the watches that are
 * due (runs.ts). The schedule lives in the database, so it survives restarts and spreads over the workers; a watch
 * due while no worker ran starts at the first tick after.
 */
export const watchTickJob: DailyJob = {
  name: 'watch-tick',
  cron: '* * * * *',
  sendsTo: ['crawler'],
  run: async (services, now) => {
    const started = await startDueWatches(services, now);
    if (started > 0) services.log.info({ started }, 'watches started');
  },
};
