import type { TriageKind } from '@portal/contract';
import { sql } from 'kysely';
import type { Pool } from 'pg';
import type { Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import type { QueueDef } from '../../platform/queues.js';
import { compileRule, firstMatch, usedTypes, type CompiledRule, type RuleLike } from './compile.js';
import { loadRules } from './rules.js';
import { SOURCES, loadClusters, readBatch } from './sources.js';

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
  const signals = { cluster: types.has('cluster'), price: types.has('modelPrice') || types.has('priceScore') };
  let after = 0;
  if (rules.length === 0) {
    // No rule of this kind: nothing to read, every suggestion of the kind (or of the report) goes.
    if (reportId === undefined) await db.deleteFrom('triage_suggestion').where('client_id', '=', clientId).where('kind', '=', kind).execute();
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
    const ids: number[] = [];
    const ruleIds: number[] = [];
    const subcategories: number[] = [];
    const productCategories: (number | null)[] = [];
    const remarks: string[] = [];
    const traces: string[] = [];
    for (const row of rows) {
      const found = firstMatch(rules, row);
      if (!found) continue;
      ids.push(row.id);
      ruleIds.push(found.rule.ruleId);
      subcategories.push(found.rule.subcategoryId);
      productCategories.push(found.rule.productCategoryId);
      remarks.push(found.rule.remark);
      traces.push(JSON.stringify(found.trace));
    }
    done.judgeMs += performance.now() - started;
    started = performance.now();
    // Each batch its own transaction; inside one already (the demo seeding), part of it.
    await inTransaction(db, async (tx) => {
      // The ids walked: a full run clears the whole id range (records removed since lose their rows too).
      const walked =
        reportId !== undefined
          ? sql`record_id = ANY(${rows.map((r) => r.id)}::bigint[])`
          : last === null
            ? sql`record_id > ${after}`
            : sql`record_id > ${after} AND record_id <= ${last}`;
      // Suggestions that went away; then the new and the changed ones (a re-run with the same rules writes little).
      await sql`DELETE FROM triage_suggestion WHERE client_id = ${clientId} AND kind = ${kind} AND ${walked} AND NOT (record_id = ANY(${ids}::bigint[]))`.execute(tx);
      if (ids.length > 0) {
        await sql`
          INSERT INTO triage_suggestion AS s (client_id, kind, record_id, rule_id, subcategory_id, product_category_id, remark, trace, computed_at)
          SELECT ${clientId}, ${kind}, t.id, t.rule_id, t.sub, t.pc, t.remark, t.trace::jsonb, ${now}
          FROM unnest(${ids}::bigint[], ${ruleIds}::integer[], ${subcategories}::integer[], ${productCategories}::integer[], ${remarks}::text[], ${traces}::text[])
            AS t(id, rule_id, sub, pc, remark, trace)
          ON CONFLICT (client_id, kind, record_id) DO UPDATE SET rule_id = EXCLUDED.rule_id, subcategory_id = EXCLUDED.subcategory_id,
            product_category_id = EXCLUDED.product_category_id, remark = EXCLUDED.remark, trace = EXCLUDED.trace, computed_at = EXCLUDED.computed_at
          WHERE (s.rule_id, s.subcategory_id, s.product_category_id, s.remark, s.trace)
            IS DISTINCT FROM (EXCLUDED.rule_id, EXCLUDED.subcategory_id, EXCLUDED.product_category_id, EXCLUDED.remark, EXCLUDED.trace)`.execute(tx);
      }
    });
    done.writeMs += performance.now() - started;
    done.records += rows.length;
    done.suggested += ids.length;
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
