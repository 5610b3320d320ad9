import { Worker } from 'node:worker_threads';
import type { UploadedFile } from '../../platform/context.js';
import { AppError, type ErrorName } from '../../platform/errors.js';
import type { CheckInput } from './upload-check.js';

/**
 * Runs one upload's reading and checking in a worker thread (upload-worker.ts), so the server's event loop keeps
 * answering other calls however large or hostile the file is. The worker has its own heap limit: a file that
 * needs more memory ends the worker, not the server. Batches come back to `onBatch` one at a time (the main thread
 * writes them); the worker is ended when the call's signal aborts (the client went away) or a batch fails.
 */
/** Where the worker finds a kind's checking side (CheckKind): the module's URL (its `import.meta.url`) and export. */
export interface CheckSource {
  module: string;
  name: string;
}
export interface UploadJob {
  check: CheckSource;
  mode: 'new' | 'update';
  file: UploadedFile;
  input: CheckInput;
}
export type FromWorker =
  | { type: 'batch'; batch: unknown; apply: boolean }
  | { type: 'done'; count: number }
  | { type: 'refused'; name: ErrorName; params: Record<string, string | number>; data: unknown }
  | { type: 'failed'; message: string };
/** The main thread's answer to a batch: the ids the client does not have (update uploads), the next batch's rows. */
export type BatchAnswer = { unknown: number[]; batchRows?: number };
export type ToWorker = { type: 'answer' } & BatchAnswer;

/** The heap a worker may use (the server's own default limit): more means the file is refused, not the server hurt. */
const WORKER_HEAP_MB = 384;
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const BOOT = new URL('./upload-worker-boot.mjs', import.meta.url);
const ENTRY = new URL(`./upload-worker.${ext}`, import.meta.url).href;

/** Thrown when the call's client went away: nothing is answered, everything the upload did is undone. */
export class UploadAborted extends Error {
  constructor() {
    super('upload abandoned by its client');
  }
}

export function runUploadWorker(job: UploadJob, signal: AbortSignal, onBatch: (batch: unknown, apply: boolean) => Promise<BatchAnswer>): Promise<number> {
  if (signal.aborted) return Promise.reject(new UploadAborted());
  return new Promise<number>((resolve, reject) => {
    // A small young generation: the reader's short-lived strings are collected early instead of growing the RSS
    // (measured: peak RSS of a 100,000-row upload 363-371 MB instead of 393-416 MB, no slower).
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY, job }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 } });
    let settled = false;
    const end = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => end(() => reject(new UploadAborted()));
    signal.addEventListener('abort', onAbort, { once: true });
    // Batches are written strictly in order, one at a time.
    let writing = Promise.resolve();
    worker.on('message', (m: FromWorker) => {
      switch (m.type) {
        case 'batch':
          writing = writing.then(async () => {
            if (settled) return;
            try {
              const answer = await onBatch(m.batch, m.apply);
              if (!settled) worker.postMessage({ type: 'answer', ...answer } satisfies ToWorker);
            } catch (err) {
              end(() => reject(err));
            }
          });
          return;
        case 'done':
          // The last batches may still be writing.
          void writing.then(() => end(() => resolve(m.count)));
          return;
        case 'refused':
          void writing.then(() => end(() => reject(new AppError(m.name, m.params).withData(m.data))));
          return;
        case 'failed':
          end(() => reject(new Error(`upload worker failed: ${m.message}`)));
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      end(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('uploadTooMuchMemory') : err));
    });
    worker.on('exit', () => end(() => reject(new Error('upload worker exited early'))));
  });
}

/**
 * Who may start an upload now: each user at most `perUser` at a time (another is refused with a clear message),
 * and at most `workers` run at once in the process (later ones wait their turn), so a few users cannot occupy
 * every core. A waiting upload whose client goes away leaves the queue.
 */
export class UploadSlots {
  private running = 0;
  private byUser = new Map<number, number>();
  private queue: { start: () => void; signal: AbortSignal }[] = [];
  constructor(
    readonly perUser: number,
    readonly workers: number,
  ) {}

  async acquire(userId: number, signal: AbortSignal): Promise<() => void> {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser) throw new AppError('uploadBusy', { max: this.perUser });
    this.byUser.set(userId, mine + 1);
    const release = () => {
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
    if (this.running < this.workers) this.running += 1;
    else {
      try {
        await new Promise<void>((resolve, reject) => {
          const entry = { start: resolve, signal };
          this.queue.push(entry);
          signal.addEventListener('abort', () => {
            this.queue = this.queue.filter((e) => e !== entry);
            reject(new UploadAborted());
          }, { once: true });
        });
      } catch (err) {
        release();
        throw err;
      }
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
      const next = this.queue.shift();
      // The slot passes straight to the next waiting upload.
      if (next) next.start();
      else this.running -= 1;
    };
  }
}
