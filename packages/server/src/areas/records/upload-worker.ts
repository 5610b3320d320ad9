import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../platform/errors.js';
import { openWorkbook } from './sheet.js';
import { chooseSheet } from './sheet-choice.js';
import { checkNewSheet, checkUpdateSheet, isCheckKind, type CheckKind } from './upload-check.js';
import type { FromWorker, ToWorker, UploadJob } from './upload-runner.js';

/**
 * The upload worker thread: unpacks, reads and checks one uploaded sheet (the workbook's sheet whose header
 * matches the template, sheet-choice.ts) off the server's event loop and sends
 * its checked rows in batches to the main thread, which writes them. A new upload keeps two batches in flight (the
 * next is checked while the database writes one); an update upload waits for each batch's answer (the ids the
 * client does not have). The main thread ends the worker when the client goes away. The kind's checking side is
 * loaded from the module the job names.
 */
const IN_FLIGHT = 2;

const port = parentPort!;
const job = (workerData as { job: UploadJob }).job;
const waiting: ((unknown: number[]) => void)[] = [];
port.on('message', (m: ToWorker) => waiting.shift()?.(m.unknown));
const post = (m: FromWorker) => port.postMessage(m);

function send(rows: unknown[], apply: boolean): Promise<number[]> {
  const answered = new Promise<number[]>((resolve) => waiting.push(resolve));
  post({ type: 'batch', rows, apply });
  return answered;
}

async function checkingSide(source: UploadJob['check']): Promise<CheckKind> {
  const loaded: Record<string, unknown> = await import(source.module);
  const kind = loaded[source.name];
  if (!isCheckKind(kind)) throw new Error(`${source.name} of ${source.module} is not a record kind's checking side`);
  return kind;
}

async function run(): Promise<number> {
  const file = job.file.bytes ? { ...job.file, bytes: Buffer.from(job.file.bytes) } : job.file;
  const workbook = await openWorkbook(file);
  try {
    const kind = await checkingSide(job.check);
    const sheet = await chooseSheet(workbook, kind, job.input, job.mode);
    if (job.mode === 'update') return await checkUpdateSheet(sheet, kind, job.input, send);
    const pending: Promise<number[]>[] = [];
    const count = await checkNewSheet(sheet, kind, job.input, async (rows) => {
      pending.push(send(rows, true));
      if (pending.length >= IN_FLIGHT) await pending.shift();
    });
    await Promise.all(pending);
    return count;
  } finally {
    workbook.close();
  }
}

run().then(
  (count) => post({ type: 'done', count }),
  (err: unknown) => {
    if (err instanceof AppError) post({ type: 'refused', name: err.name_, params: err.params, data: err.data });
    else post({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  },
);
