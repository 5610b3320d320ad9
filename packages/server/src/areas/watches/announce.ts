import { WatchRunStatus, type Locale } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import { notifyUsers } from '../notices/service.js';
import { runAnnouncement } from './announce-queries.js';

/** Where a run opens in the portal: the watch's page on that run. */
export const runPath = (watchId: number, runId: number) => `/analyst/watches/${watchId}?run=${runId}`;

/**
 * Tells people what a finished or failed run found, once it has ended: the watch's author in the portal's notice
 * bell, in their language, when the run found something (new, changed, gone or back) or failed. An unchanged run
 * tells nobody.
 */
export async function announceRun(services: Services, watchId: number, runId: number): Promise<void> {
  const run = await runAnnouncement(services.db, watchId, runId);
  if (!run || run.author === null) return;
  const { counts } = run;
  const found = counts.new + counts.changed + counts.gone + counts.back;
  const failed = run.status === WatchRunStatus.FAILED;
  if (!failed && found === 0) return;
  const time = (locale: Locale) => new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: run.timezone }).format(run.startedAt);
  await services.db.transaction().execute((trx) =>
    notifyUsers(services, trx, [run.author!], {
      type: 7,
      title: failed ? 'notice.watch.failed.title' : 'notice.watch.changes.title',
      content: failed ? 'notice.watch.failed.content' : 'notice.watch.changes.content',
      params: (locale) => ({ watch: run.name, client: run.clientName, time: time(locale), error: run.error ?? '', ...counts }),
      target: runPath(watchId, runId),
      now: services.clock(),
    }),
  );
}
