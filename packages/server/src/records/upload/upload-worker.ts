import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../platform/errors.js';
import { openWorkbook } from '../sheets/sheet.js';
import { chooseSheet } from './sheet-choice.js';
import { mergePacked, type PackedRows } from './packed-rows.js';
import { checkNewSheet, checkUpdateSheet, isCheckKind, type CheckKind } from './upload-check.js';
import type { BatchAnswer, FromWorker, ToWorker, UploadJob } from './upload-runner.js';

/**
 * The upload worker thread: unpacks, reads and checks one uploaded sheet (the workbook's sheet whose header
 * matches the template, sheet-choice.ts) off the server's event loop and sends its checked rows in batches to the
 * main thread, which writes them. A new upload's batches are packed for the insert here (packed-rows.ts) and cut to
 * the size the main thread's pacer asks for; two are in flight (the next is checked while the database writes one).
 * An update upload waits for each batch's answer (the ids the client does not have). The main thread ends the worker
 * when the client goes away. The kind's checking side is loaded from the module the job names.
 */
const IN_FLIGHT = 2;
/** Rows packed at a time: their objects die young, while the packed text waits for the batch (mergePacked). */
const PACK_ROWS = 50;

const port = parentPort!;
const job = (workerData as { job: UploadJob }).job;
const waiting: ((answer: BatchAnswer) => void)[] = [];
port.on('message', (m: ToWorker) => waiting.shift()?.(m));
const post = (m: FromWorker) => port.postMessage(m);

function send(batch: unknown, apply: boolean): Promise<BatchAnswer> {
  const answered = new Promise<BatchAnswer>((resolve) => waiting.push(resolve));
  post({ type: 'batch', batch, apply });
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
    if (job.mode === 'update') return await checkUpdateSheet(sheet, kind, job.input, async (changes, apply) => (await send(changes, apply)).unknown);
    const pending: Promise<unknown>[] = [];
    let parts: PackedRows[] = [];
    let partRows = 0;
    const flush = async () => {
      if (parts.length === 0) return;
      const batch = mergePacked(parts);
      parts = [];
      partRows = 0;
      // The main thread's pacer answers how many rows the next batch should have.
      pending.push(
        send(batch, true).then((answer) => {
          if (answer.batchRows) job.input.batchRows = answer.batchRows;
        }),
      );
      if (pending.length >= IN_FLIGHT) await pending.shift();
    };
    // Checked rows are packed every PACK_ROWS (here, on the worker's core; fewer when the batches asked for are
    // smaller), the pieces sent as batches of the size asked.
    const checking = { ...job.input, get batchRows() { return Math.min(PACK_ROWS, job.input.batchRows); } };
    const count = await checkNewSheet(sheet, kind, checking, async (rows) => {
      parts.push(kind.pack(rows));
      partRows += rows.length;
      if (partRows >= job.input.batchRows) await flush();
    });
    await flush();
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
