import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { CaptureBrowsers, type CaptureOptions } from '../../platform/capture.js';
import type { Config } from '../../platform/config.js';
import type { PinnedHost } from '../../platform/outbound/index.js';
import type { Services } from '../../platform/context.js';
import type { QueueDef } from '../../platform/queues.js';
import { settleRecheck } from './recheck-settle.js';
import { captureToRun, insertCaptureFile, pendingCaptureIds, settlePendingCapture } from './repo.js';

/**
 * The capture queue on pg-boss: the capture call writes a pending row and sends its id in the same transaction. The
 * row is the truth (a job for a capture already done is skipped), so a job sent twice or retried after a crash does
 * no harm, and pending rows left by a process that died before sending are sent again when the queue starts. A failed capture is a finished job: the queue keeps going.
 */
export const CAPTURE_QUEUE = 'evidence-capture';
/** The stored_file kind of capture files (swept by housekeeping once no capture names them: files.ts). */
export const CAPTURE_FILE_KIND = 'capture';

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    'evidence-capture': { captureId: number };
  }
}

/**
 * The capture queue's definition: each of the configured browsers works one job at a time; a capture can take the
 * whole timeout, twice over for the screenshot, so the job expires after three; retried once if the worker died.
 * On start, the pending rows left by a process that died before sending are sent again; on stop, the browsers close.
 * `work: false` only queues (a test that runs the crawler without browsers).
 */
export function captureQueue(services: Services, opts: CaptureOptions, { work } = { work: true }): QueueDef<typeof CAPTURE_QUEUE> {
  const queue: QueueDef<typeof CAPTURE_QUEUE> = {
    name: CAPTURE_QUEUE,
    options: { retryLimit: 1, expireInSeconds: Math.ceil((opts.timeoutMs * 3) / 1000) + 30 },
    sendOptions: ({ captureId }) => ({ singletonKey: String(captureId) }),
  };
  if (!work) return { ...queue, elsewhere: true };
  const browsers = new CaptureBrowsers(opts);
  return {
    ...queue,
    workers: Math.max(1, opts.browsers),
    pollingIntervalSeconds: 0.5,
    handler: ({ captureId }) => runCapture(services, browsers, captureId),
    async started(queues) {
      for (const captureId of await pendingCaptureIds(services.db)) await queues.send(CAPTURE_QUEUE, { captureId });
    },
    stopped: () => browsers.close(),
  };
}

export interface CaptureQueue {
  stop(): Promise<void>;
}

/** The capture queue alone on the services' queues (tests, journeys and the benchmark that capture). */
export async function startCaptureQueue(services: Services, pool: Pool, opts: CaptureOptions): Promise<CaptureQueue> {
  await services.queues.start(pool, [captureQueue(services, opts)]);
  return { stop: () => services.queues.stop() };
}

/** The capture settings of the configuration (CAPTURE_BROWSERS and the rest; see README). */
export function captureOptions(config: Config): CaptureOptions {
  const c = config.capture;
  return { executablePath: c.chromiumPath, browsers: c.browsers, timeoutMs: c.timeoutMs, maxBytes: c.maxBytes, policy: { allowPrivate: c.allowPrivate, allowOrigins: c.allowOrigins } };
}

/**
 * A promoted look-alike's capture connects its host to the addresses its domain watch resolved (on the watch's
 * port where one is set: the demo and tests serve look-alikes on a free port), so the evidence is of the page the
 * watch scored, under the watch's rule for private addresses (DOMAIN_WATCH_ALLOW_PRIVATE: they were its answers);
 * every other capture asks the system resolver under the capture's own rule.
 */
function pinOf(services: Services, row: { pinned_host: { host: string; addresses: string[] } | null }): { pin?: PinnedHost } {
  if (!row.pinned_host?.addresses.length) return {};
  const { httpPort, allowPrivate } = services.config.domainWatch;
  return { pin: { ...row.pinned_host, allowPrivate, ...(httpPort && { httpPort }) } };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Takes one pending capture: the browser's outcome, then the files and the row in one transaction. */
export async function runCapture(services: Services, browsers: CaptureBrowsers, captureId: number): Promise<void> {
  const row = await captureToRun(services.db, captureId);
  if (!row || row.state !== 'pending') return;
  const outcome = await browsers.capture(row.url, pinOf(services, row));
  // Cut short by a shutdown: the job goes back to the queue (pg-boss retries it) instead of a false failure.
  if (!outcome.ok && browsers.isClosed) throw new Error('capture browsers closed while capturing');
  const now = services.clock();
  await services.db.transaction().execute(async (tx) => {
    if (!outcome.ok) {
      await settlePendingCapture(tx, captureId, { state: 'failed', reason: outcome.reason, reason_detail: outcome.detail.slice(0, 500), final_url: outcome.finalUrl?.slice(0, 4000) ?? null, http_status: outcome.status, captured_at: now });
      await settleRecheck(tx, captureId, row.url, outcome, now);
      return;
    }
    const store = async (bytes: Buffer, ext: string, contentType: string) => {
      const name = `${CAPTURE_FILE_KIND}-${randomUUID()}.${ext}`;
      await insertCaptureFile(tx, { name, kind: CAPTURE_FILE_KIND, client_id: row.client_id, content_type: contentType, original_name: `capture-${captureId}.${ext}`, size: bytes.length, bytes, attached: true, created_by: row.requested_by, created_at: now });
      return name;
    };
    const pngFile = await store(outcome.png, 'png', 'image/png');
    const htmlFile = await store(outcome.html, 'html', 'text/html');
    await settlePendingCapture(tx, captureId, {
      state: 'done',
      final_url: outcome.finalUrl.slice(0, 4000),
      http_status: outcome.status,
      png_file: pngFile,
      html_file: htmlFile,
      sha256_png: sha256(outcome.png),
      sha256_html: sha256(outcome.html),
      captured_at: now,
    });
    // A re-check after a takedown: gone or still live, decided with the capture.
    await settleRecheck(tx, captureId, row.url, outcome, now);
  });
  services.log.info({ captureId, ok: outcome.ok, reason: outcome.ok ? undefined : outcome.reason }, 'evidence captured');
}
