import { Readable } from 'node:stream';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext, Services } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import { fileBytes } from '../../platform/files.js';
import { ZIP_MAX_FILES, zipStream, type ZipFile } from '../../platform/zip-writer.js';
import { safeText } from '../../records/export/export.js';
import { insertListingCaptures, listingCaptures } from './evidence-queries.js';

/**
 * Evidence of a crawler task's listings (issue 15, point 6), made by the record evidence's own capture queue
 * (areas/evidence: Debian's Chromium, SHA-256, capture time): once a listing is a record of the task's report, a
 * capture of the record is queued and keeps the listing it came from. The record's evidence tab shows it like any
 * other capture; the task's export type 3 zips them with a manifest.
 */

/**
 * Queues a capture of each listing of the task that became a record of `reportId` (matched by its URL, as the
 * report's sheet wrote it), once per listing however often it is called. Without a capture queue in this process
 * (a worker-only process) the rows wait as pending: a process with the queue sends them when it starts.
 */
export async function captureListings(services: Services, task: { id: number; clientId: number; requestedBy: number | null }, reportId: number): Promise<number> {
  const now = services.clock();
  return services.db.transaction().execute(async (trx) => {
    const captureIds = await insertListingCaptures(trx, task, reportId, now);
    for (const captureId of captureIds) await services.queues.send('evidence-capture', { captureId }, { db: trx });
    return captureIds.length;
  });
}

const MANIFEST_COLUMNS = ['file', 'sha256', 'captureId', 'recordId', 'site', 'keyword', 'listingUrl', 'finalUrl', 'httpStatus', 'state', 'reason', 'capturedAt'] as const;
const csvCell = (v: string | number | null) => {
  const s = safeText(v === null ? '' : String(v));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * Export type 3: a .zip with `manifest.csv` first (one line per file: its SHA-256 as recorded when it was
 * captured, the final URL and the capture time; a capture still pending or failed has a line without a file,
 * with its reason) and then `evidence/capture-<id>.png` and `.html`, read from the store one at a time.
 */
export async function evidenceZip(ctx: AuthedContext, taskId: number, subtaskIds: number[]): Promise<DownloadAnswer> {
  const captures = await listingCaptures(ctx.db, taskId, subtaskIds, Math.floor(ZIP_MAX_FILES / 2) - 1);
  if (captures.length === 0) fail('taskNoEvidence');

  const lines = [MANIFEST_COLUMNS.join(',')];
  const files: { name: string; stored: string; at: Date }[] = [];
  for (const c of captures) {
    const common = { captureId: c.capture_id, recordId: c.ec_id, site: c.name, keyword: c.keyword, listingUrl: c.url, finalUrl: c.final_url, httpStatus: c.http_status, state: c.state, reason: c.reason, capturedAt: c.captured_at ? new Date(c.captured_at).toISOString() : null };
    const parts = c.state === 'done' ? ([['png', c.png_file, c.sha256_png], ['html', c.html_file, c.sha256_html]] as const) : [];
    for (const [ext, stored, sha256] of parts) {
      if (!stored) continue;
      const name = `evidence/capture-${c.capture_id}.${ext}`;
      files.push({ name, stored, at: new Date(c.captured_at ?? ctx.now) });
      lines.push(MANIFEST_COLUMNS.map((k) => csvCell(k === 'file' ? name : k === 'sha256' ? sha256 : common[k])).join(','));
    }
    if (parts.length === 0) lines.push(MANIFEST_COLUMNS.map((k) => csvCell(k === 'file' || k === 'sha256' ? null : common[k])).join(','));
  }
  const db = ctx.services.db;
  async function* entries(): AsyncGenerator<ZipFile> {
    yield { name: 'manifest.csv', bytes: Buffer.from('\ufeff' + lines.join('\r\n') + '\r\n', 'utf8'), modified: ctx.now };
    for (const f of files) {
      const bytes = await fileBytes(db, f.stored);
      if (bytes) yield { name: f.name, bytes, modified: f.at };
    }
  }
  return { contentType: 'application/zip', body: Readable.from(zipStream(entries())), fileName: `crawler-task-${taskId}-evidence.zip` };
}
