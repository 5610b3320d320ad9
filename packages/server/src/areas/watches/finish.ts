import { TaskStatus, WatchRunStatus, type RunCounts } from '@portal/contract';
import type { Services } from '../../platform/context.js';
import { RECORD_FIELD_OF, reportFailure, reportFromListings } from '../crawler-tasks/report.js';
import type { ListingField } from '../crawler-tasks/extract.js';
import { compareRun, type KnownListing, type ListingFields } from './compare.js';
import { insertRecordHistory, taskState, claimRunOfTask, endRun, insertChanges, knownListings, linkNewRecords, listingsSeenInRun, saveListings, subtaskErrors } from './queries.js';
import { announceRun } from './announce.js';
import { sendAlertMails } from '../alerts/dispatch.js';
import type { MailMessage } from '../../platform/mail.js';

/**
 * The end of a watch's run, when its task has settled (the crawler's worker calls this once the last subtask is
 * done). The run is claimed with its row locked, so two workers settling the last subtasks at once finish it once.
 * A run whose task failed or was stopped compares nothing (a listing it did not reach is not gone); a finished run is
 * compared with what the watch knew (compare.ts), its changes written, and its new listings become an EC report
 * through the same upload as any crawl (checks, matching, triage, repeat detection), then their records are linked.
 */
export async function finishWatchRun(services: Services, taskId: number): Promise<void> {
  const { db } = services;
  const done = await db.transaction().execute(async (trx) => {
    const run = await claimRunOfTask(trx, taskId);
    if (!run) return undefined;
    const task = await taskState(trx, taskId);
    const now = services.clock();
    if (task.status !== TaskStatus.FINISHED) {
      const errors = await subtaskErrors(trx, taskId);
      const why = task.status === TaskStatus.STOPPED ? 'stopped' : (errors[0] ?? 'the crawl failed');
      await endRun(trx, run.id, { status: WatchRunStatus.FAILED, finishedAt: now, error: why.slice(0, 2000) });
      const mails = await announceRun(services, trx, run.watch_id, run.id);
      return { run, counts: undefined, newListingIds: [] as number[], newUrls: [] as string[], mails };
    }
    const known = new Map<string, KnownListing>();
    const recordOf = new Map<string, number>();
    for (const k of await knownListings(trx, run.watch_id)) {
      if (k.record_id !== null) recordOf.set(k.url, k.record_id);
      known.set(k.url, { url: k.url, fields: k.fields as ListingFields, missed: k.missed, gone: k.gone, takenDown: k.taken_down, backReported: k.back_reported });
    }
    const seenRows = await listingsSeenInRun(trx, taskId, run.run_no);
    const seen = new Map<string, ListingFields>();
    const crawlerIdOf = new Map<string, number>();
    for (const l of seenRows) {
      if (seen.has(l.url)) continue;
      seen.set(l.url, watchedFields(l.fields ?? {}));
      crawlerIdOf.set(l.url, l.id);
    }
    const outcomes = compareRun(known, seen);
    const ids = await saveListings(trx, run.watch_id, run.run_no, outcomes.map((o) => ({ url: o.url, fields: o.next.fields as Record<string, string>, missed: o.next.missed, gone: o.next.gone, backReported: o.next.backReported, seen: seen.has(o.url) })));
    const reported = outcomes.filter((o) => o.change !== 'unchanged');
    await insertChanges(trx, run.id, reported.map((o) => ({ listingId: ids.get(o.url)!, change: o.change, fields: o.fields })));
    // The records' history says what the run saw: the fields that changed (as record fields), gone, back.
    await insertRecordHistory(
      trx,
      reported.flatMap((o) => {
        const recordId = recordOf.get(o.url);
        if (recordId === undefined || o.change === 'new') return [];
        const fields = Object.fromEntries(o.fields.flatMap((f) => (RECORD_FIELD_OF[f.field as ListingField] ? [[RECORD_FIELD_OF[f.field as ListingField]!, f.after]] : [])));
        return [{ recordId, clientId: run.client_id, source: `watch-${o.change}`, fields, at: now }];
      }),
    );
    const counts: RunCounts = { new: 0, changed: 0, gone: 0, back: 0, unchanged: 0 };
    for (const o of outcomes) if (o.change !== 'unchanged' || seen.has(o.url)) counts[o.change]++;
    const fresh = outcomes.filter((o) => o.change === 'new').map((o) => o.url);
    return { run, counts, newListingIds: fresh.map((u) => crawlerIdOf.get(u)!), newUrls: fresh, mails: [] as MailMessage[] };
  });
  if (!done) return;
  const { run, counts } = done;
  if (!counts) {
    await sendAlertMails(services, done.mails);
    return;
  }
  let reportId: number | null = null;
  let error: string | null = null;
  if (done.newListingIds.length > 0) {
    try {
      reportId = await reportFromListings(services, { id: taskId, clientId: run.client_id, createdBy: run.created_by, captureEvidence: run.capture_evidence }, done.newListingIds);
      await linkNewRecords(db, run.watch_id, run.client_id, reportId, done.newUrls);
    } catch (err) {
      error = reportFailure(err);
      services.log.error({ err, watch: run.watch_id, run: run.id }, 'watch report failed');
    }
  }
  const mails = await db.transaction().execute(async (trx) => {
    await endRun(trx, run.id, { status: error ? WatchRunStatus.FAILED : WatchRunStatus.FINISHED, finishedAt: services.clock(), counts, error, reportId });
    return announceRun(services, trx, run.watch_id, run.id);
  });
  await sendAlertMails(services, mails);
}

/** The fields a watch compares, from what the crawler read (availability from the stock the page shows). */
function watchedFields(fields: Record<string, string>): ListingFields {
  const out: ListingFields = {};
  for (const f of ['price', 'currency', 'seller', 'title', 'imageUrl'] as const) if (fields[f]) out[f] = fields[f];
  if (fields.availability) out.availability = fields.availability;
  return out;
}
