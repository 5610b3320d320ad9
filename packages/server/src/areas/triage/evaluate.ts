import type { TriageKind } from '@portal/contract';
import type { Pool } from 'pg';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { QueueDef } from '../../platform/queues.js';
import { compileRule, firstMatch, usedTypes, type CompiledRule, type RuleLike } from './compile.js';
import { deleteSuggestionsOfKind, replaceSuggestions, type NewSuggestions } from './repo.js';
import { loadRules } from './rules.js';
import { SOURCES, loadClusters, readBatch } from './source-queries.js';

/**
 * The evaluation job (issue 19, point 2): every record of a client (or of one uploaded report) gets the suggestion
 * of the first rule that matches it, with its trace, in `triage_suggestion`. Queued on pg-boss when the rules
 * change and when an upload finishes; the job walks the records in keyset batches by id, judges them in
 * TypeScript with the compiled rules, and replaces the suggestions of the ids it walked, batch by batch (each its
 * own short transaction), so a run over a million records never holds a long lock and a run repeated or retried
 * does no harm.
 */
export const TRIAGE_QUEUE = 'triage-evaluate';
export const EVALUATE_BATCH = 20_000;

export interface EvaluateJob {
  clientId: number;
  /** Only one kind (an upload's), and within it only one report's records. */
  kind?: TriageKind;
  reportId?: number;
}

declare module '../../platform/queues.js' {
  interface QueuePayloads {
    'triage-evaluate': EvaluateJob;
  }
}

export interface TriageQueue {
  stop(): Promise<void>;
}

/** Runs the job: answers how many records were judged and how many got a suggestion. */
/** What a run did, and where its time went (milliseconds reading, judging and writing; the benchmark shows them). */
export interface EvaluateResult {
  records: number;
  suggested: number;
  readMs: number;
  judgeMs: number;
  writeMs: number;
}

export async function evaluateClient(db: Db | Tx, job: EvaluateJob, now: Date, batchSize = EVALUATE_BATCH): Promise<EvaluateResult> {
  const all = await loadRules(db, job.clientId);
  const total: EvaluateResult = { records: 0, suggested: 0, readMs: 0, judgeMs: 0, writeMs: 0 };
  for (const kind of job.kind ? [job.kind] : (['ec', 'ws', 'sns'] as const)) {
    const rules = all.filter((r) => r.kind === kind && r.enabled !== false).map(compileRule);
    await evaluateKind(db, job.clientId, kind, rules, now, batchSize, job.reportId, total);
  }
  return { ...total, readMs: Math.round(total.readMs), judgeMs: Math.round(total.judgeMs), writeMs: Math.round(total.writeMs) };
}

async function evaluateKind(db: Db | Tx, clientId: number, kind: TriageKind, rules: CompiledRule[], now: Date, batchSize: number, reportId: number | undefined, done: EvaluateResult) {
  const source = SOURCES[kind];
  const types = usedTypes(rules.map((r) => r.rule));
  const signals = { cluster: types.has('cluster'), price: types.has('modelPrice') || types.has('priceScore'), picture: types.has('picture') };
  let after = 0;
  if (rules.length === 0) {
    // No rule of this kind: nothing to read, every suggestion of the kind (or of the report) goes.
    if (reportId === undefined) await deleteSuggestionsOfKind(db, clientId, kind);
    return;
  }
  const clusters = signals.cluster ? await loadClusters(db, clientId, kind) : null;
  const read = (from: number) => {
    const started = performance.now();
    return readBatch(db, source, clientId, { signals, clusters, reportId, after: from, limit: batchSize }).then((rows) => {
      done.readMs += performance.now() - started;
      return rows;
    });
  };
  let next = read(0);
  for (;;) {
    const rows = await next;
    const last = rows.length > 0 ? rows[rows.length - 1]!.id : null;
    // The next batch is read while this one is judged and written (the database works while TypeScript does).
    if (last !== null && rows.length === batchSize) next = read(last);
    let started = performance.now();
    const found: NewSuggestions = { ids: [], ruleIds: [], subcategories: [], productCategories: [], remarks: [], traces: [] };
    for (const row of rows) {
      const match = firstMatch(rules, row);
      if (!match) continue;
      found.ids.push(row.id);
      found.ruleIds.push(match.rule.ruleId);
      found.subcategories.push(match.rule.subcategoryId);
      found.productCategories.push(match.rule.productCategoryId);
      found.remarks.push(match.rule.remark);
      found.traces.push(JSON.stringify(match.trace));
    }
    done.judgeMs += performance.now() - started;
    started = performance.now();
    // Each batch its own transaction; inside one already (the demo seeding), part of it.
    // The ids walked: one report's records, or (a full run) the whole id range read.
    const walked = reportId !== undefined ? { ids: rows.map((r) => r.id) } : { after, last };
    await inTransaction(db, (tx) => replaceSuggestions(tx, clientId, kind, walked, found, now));
    done.writeMs += performance.now() - started;
    done.records += rows.length;
    done.suggested += found.ids.length;
    if (last === null || rows.length < batchSize) break;
    after = last;
  }
}

function inTransaction(db: Db | Tx, fn: (tx: Db | Tx) => Promise<void>): Promise<void> {
  return db.isTransaction ? fn(db) : (db as Db).transaction().execute(fn);
}

/** Judges rules over records already read (the backtest and tests): the first match per record. */
export function judge(rules: RuleLike[], rows: Parameters<CompiledRule['match']>[0][]) {
  const compiled = rules.map(compileRule);
  return rows.map((row) => firstMatch(compiled, row));
}

/** The queue's definition; `work: false` only queues (tests run the job themselves). */
export function triageQueue(services: Services, opts: { work: boolean } = { work: true }): QueueDef<typeof TRIAGE_QUEUE> {
  const queue: QueueDef<typeof TRIAGE_QUEUE> = { name: TRIAGE_QUEUE, options: { retryLimit: 3, retryDelay: 30 } };
  if (!opts.work) return { ...queue, elsewhere: true };
  return {
    ...queue,
    async handler(job) {
      const started = Date.now();
      const done = await evaluateClient(services.db, job, services.clock());
      services.log.info({ clientId: job.clientId, ...done, ms: Date.now() - started }, 'triage evaluated');
    },
  };
}

/** The triage queue alone on the services' queues (tests and the triage journey). */
export async function startTriageQueue(services: Services, pool: Pool, opts: { work: boolean } = { work: true }): Promise<TriageQueue> {
  await services.queues.start(pool, [triageQueue(services, opts)]);
  return { stop: () => services.queues.stop() };
}
