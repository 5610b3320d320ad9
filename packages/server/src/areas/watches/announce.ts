import { WATCH_CHANGES, WatchRunStatus } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { MailMessage } from '../../platform/mail.js';
import { alertRun } from '../alerts/dispatch.js';
import { runAnnouncement } from './announce-queries.js';
import { listChanges } from './queries.js';
import { emitEvent } from '../webhooks/emit.js';

/** Where a run opens in the portal: the watch's page on that run. */
export const runPath = (watchId: number, runId: number) => `/analyst/watches/${watchId}?run=${runId}`;

/** Listings sent in one `listings.*` event at most; the event says how many there were in all. */
const LISTINGS_PER_EVENT = 200;

/**
 * Tells people and programs what a finished or failed run found, in `trx`, the transaction that ends the run: the
 * run is never seen ended without its announcement, nor announced if its end rolls back. Programs: the client's
 * webhook endpoints that asked for `watch.run` (every ended run) and `listings.new|changed|gone|back` (the run's
 * listings of that kind). People: the alerts each chose (areas/alerts: the bell, a mail, the daily digest), in their
 * language; an unchanged run tells nobody. Answers the alert mails, for the caller to send once it has committed
 * (sendAlertMails).
 */
export async function announceRun(services: Services, trx: Db | Tx, watchId: number, runId: number): Promise<MailMessage[]> {
  const run = await runAnnouncement(trx, watchId, runId);
  if (!run || (run.status !== WatchRunStatus.FINISHED && run.status !== WatchRunStatus.FAILED)) return [];
  await emitRunEvents(services, trx, watchId, runId, run);
  return alertRun(services, trx, { watchId, runId, name: run.name, clientId: run.clientId, clientName: run.clientName, status: run.status, counts: run.counts, error: run.error, startedAt: run.startedAt, timezone: run.timezone, authorId: run.author?.user_id ?? null, path: runPath(watchId, runId) });
}

type Announced = NonNullable<Awaited<ReturnType<typeof runAnnouncement>>>;

async function emitRunEvents(services: Services, trx: Db | Tx, watchId: number, runId: number, run: Announced): Promise<void> {
  const now = services.clock();
  const ctx = { services, db: trx, now };
  const about = { watchId, watch: run.name, runId };
  await emitEvent(ctx, run.clientId, 'watch.run', { ...about, status: run.status === WatchRunStatus.FINISHED ? 'finished' : 'failed', counts: run.counts, error: run.error, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null });
  for (const change of WATCH_CHANGES) {
    const total = run.counts[change];
    if (total === 0) continue;
    const { rows } = await listChanges(trx, runId, change, 0, LISTINGS_PER_EVENT);
    const listings = rows.map((r) => ({ url: r.url, recordId: r.record_id, fields: r.fields }));
    await emitEvent(ctx, run.clientId, `listings.${change}`, { ...about, total, listings });
  }
}
