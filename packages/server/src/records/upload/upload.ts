import { importedRows } from '../../platform/metrics.js';
import { UPLOADS_PER_USER } from '@portal/contract';
import type { AuthedContext, Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { Lookups } from '../sheets/columns.js';
import type { PackedRows } from './packed-rows.js';
import { HEARTBEAT_MS, beginImport, dropImport, finishImport, heartbeat, type ReportTable } from './import-queries.js';
import type { CheckInput, SheetChange } from './upload-check.js';
import { UploadAborted, UploadSlots, runUploadWorker, type CheckSource } from './upload-runner.js';
import { PGLITE_PACING, POSTGRES_PACING, WritePacer } from './write-pacing.js';
import { applyStage, beginStage, dropStage, stageAlive, stageChanges } from './update-queries.js';
import { clientTrademarks, knownRecordIds } from './upload-queries.js';
import type { RecordTable } from './write-queries.js';

/**
 * New and update uploads (document 1, sections 4 and 5). The file is read and every cell checked in a worker
 * thread (upload-worker.ts); the main thread only writes the checked batches, so other calls keep being answered.
 * - A new upload is an import (import-queries.ts): its report stays invisible while its rows go in with short
 *   transactions, and one short transaction shows all of it; a problem, a failure or a client that goes away
 *   removes it. Nothing half-written is ever seen, even after a crash.
 * - An update upload stages its changes with short statements as the worker checks them, and one transaction
 *   applies all of them at the end (update-queries.ts), or nothing.
 * Each user has at most UPLOADS_PER_USER uploads in progress; the process runs at most `uploadWorkers` at once.
 */

/** Rows per batch the worker sends; the pacer writes them in chunks sized by time (write-pacing.ts). */
const batchRows = (services: Services) => (services.dbKind === 'pglite' ? 500 : 2000);
const pacerFor = (services: Services) => new WritePacer(services.dbKind === 'pglite' ? PGLITE_PACING : POSTGRES_PACING);

/**
 * What a record kind's upload needs on the main thread: where its checking side is (the worker loads it by module
 * and name), the tables, and the plain data the worker checks and prepares rows with (`B` is a batch of a new
 * upload's rows, as the checking side's `pack` makes it and `insert` takes it).
 */
export interface UploadKind<B extends PackedRows = PackedRows> {
  check: CheckSource;
  table: RecordTable;
  reportTable: ReportTable;
  loadLookups(db: Db | Tx, clientId: number): Promise<Lookups>;
  customColumnNames(db: Db | Tx, clientId: number): Promise<string[]>;
  loadPrepareData(db: Db | Tx, clientId: number): Promise<unknown>;
  insert(db: Db | Tx, at: { clientId: number; reportId: number; now: Date; seen: Set<string> }, batch: B): Promise<void>;
}

/** The lookups of a kind whose sheets name only the client's trademarks (by number). */
export async function trademarkLookups(db: Db | Tx, clientId: number): Promise<Lookups> {
  const marks = await clientTrademarks(db, clientId);
  return { subcategories: new Map(), productCategories: new Map(), trademarks: new Map(marks.map((m) => [m.no.toLowerCase(), m.trademark_id])) };
}

const slotsByServices = new WeakMap<Services, UploadSlots>();
/** The process's upload slots (a crawler task's report takes its analyst's slot like any upload). */
export function slotsOf(services: Services): UploadSlots {
  let slots = slotsByServices.get(services);
  if (!slots) slotsByServices.set(services, (slots = new UploadSlots(UPLOADS_PER_USER, services.config.uploadWorkers)));
  return slots;
}

/** The uploaded file with the slot it runs in (released by the caller); its bytes tell its format (sheet.ts). */
async function startUpload(ctx: AuthedContext) {
  const file = ctx.files[0];
  if (!file) throw new AppError('fileRequired');
  const release = await slotsOf(ctx.services).acquire(ctx.user.userId, ctx.signal);
  return { file, release };
}

async function checkInput(ctx: AuthedContext, clientId: number, kind: UploadKind): Promise<CheckInput> {
  const lookups = await kind.loadLookups(ctx.services.db, clientId);
  const [customNames, prepareData] = await Promise.all([kind.customColumnNames(ctx.services.db, clientId), kind.loadPrepareData(ctx.services.db, clientId)]);
  return { locale: ctx.locale, lookups, customNames, prepareData, batchRows: batchRows(ctx.services) };
}

/**
 * A new upload, run as an import: answers the new report's id and its record count, or refuses with every
 * problem found. Call it outside a transaction (the call registers `transaction: false`).
 */
export async function uploadNewReport<B extends PackedRows>(ctx: AuthedContext, clientId: number, kind: UploadKind<B>): Promise<{ reportId: number; count: number }> {
  const { db } = ctx.services;
  const { file, release } = await startUpload(ctx);
  let reportId: number | null = null;
  try {
    const input = await checkInput(ctx, clientId, kind);
    const reportName = file.filename.replace(/\.[^.]+$/, '').slice(0, 300) || 'report';
    const id = await beginImport(db, kind.reportTable, { clientId, reportName, uploadDate: ctx.now, userId: ctx.user.userId });
    reportId = id;
    const seen = new Set<string>();
    let lastBeat = Date.now();
    const pacer = pacerFor(ctx.services);
    // The worker cuts its batches to the pacer's chunk size: the first ones to its starting size, then as answered.
    input.batchRows = pacer.rows;
    const count = await runUploadWorker({ check: kind.check, mode: 'new', file, input }, ctx.signal, async (packed) => {
      const batch = packed as B;
      // Each batch is its own short statement; the report stays invisible until finished below.
      await pacer.writeChunk(db, batch.size, async (conn) => {
        if (ctx.signal.aborted) throw new UploadAborted();
        await kind.insert(conn, { clientId, reportId: id, now: ctx.now, seen }, batch);
      });
      if (Date.now() - lastBeat > HEARTBEAT_MS) {
        await heartbeat(db, kind.reportTable, id);
        lastBeat = Date.now();
      }
      return { unknown: [], batchRows: pacer.rows };
    });
    if (ctx.signal.aborted) throw new UploadAborted();
    await db.transaction().execute(async (tx) => {
      await finishImport(tx, kind.reportTable, id);
      // New prices and sellers: the triage signals (abnormal prices, seller networks) are recomputed.
      await ctx.services.queues.send('triage-signals', { clientId }, { db: tx });
    });
    reportId = null;
    importedRows.inc({ kind: kind.table.table }, count);
    return { reportId: id, count };
  } finally {
    try {
      if (reportId !== null) await dropImport(db, kind.reportTable, reportId);
    } finally {
      release();
    }
  }
}

/**
 * An update upload: the checked changes are staged with short statements as the worker sends them (update-queries.ts),
 * then one transaction applies all of them with their history rows, and whatever `then` adds (the notice about
 * published records), or nothing. Answers the row count and the published records changed.
 */
export async function uploadUpdate<B extends PackedRows>(
  ctx: AuthedContext,
  clientId: number,
  kind: UploadKind<B>,
  then: (tx: Tx, published: number[]) => Promise<void>,
): Promise<{ count: number; published: number[] }> {
  const { db } = ctx.services;
  const { file, release } = await startUpload(ctx);
  let stageId: number | null = null;
  try {
    const input = await checkInput(ctx, clientId, kind);
    const id = await beginStage(db, clientId);
    stageId = id;
    const columns = new Set<string>();
    const pacer = pacerFor(ctx.services);
    let lastBeat = Date.now();
    const count = await runUploadWorker({ check: kind.check, mode: 'update', file, input }, ctx.signal, async (changes, apply) => {
      const batch = changes as SheetChange[];
      const known = await knownRecordIds(db, kind.table, clientId, batch.map((b) => b.id));
      const unknown = batch.filter((b) => !known.has(b.id)).map((b) => b.id);
      if (apply && unknown.length === 0) {
        for (const b of batch) for (const [field, column] of kind.table.fields) if (b.values[field] !== undefined && b.values[field] !== null) columns.add(column);
        await pacer.write(db, batch, async (conn, chunk) => {
          if (ctx.signal.aborted) throw new UploadAborted();
          await stageChanges(conn, id, kind.table, chunk);
        });
      }
      if (Date.now() - lastBeat > HEARTBEAT_MS) {
        await stageAlive(db, id);
        lastBeat = Date.now();
      }
      return { unknown };
    });
    if (ctx.signal.aborted) throw new UploadAborted();
    const published = await db.transaction().execute(async (tx) => {
      const changed = await applyStage(tx, id, { clientId, userId: ctx.user.userId, now: ctx.now }, kind.table, columns);
      await then(tx, changed);
      // Changed results and sellers: the triage signals (takedowns of networks) are recomputed.
      await ctx.services.queues.send('triage-signals', { clientId }, { db: tx });
      return changed;
    });
    return { count, published };
  } finally {
    try {
      if (stageId !== null) await dropStage(db, stageId);
    } finally {
      release();
    }
  }
}
