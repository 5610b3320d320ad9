import type { SaveRuleFields } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { AnyRow, BatchChange, HistoryValue, KindTypes, RecordKind } from '../core/kind.js';
import { emitEvent } from '../../areas/webhooks/emit.js';
import { notifyRecordChanged, notifyRecordsChanged } from '../core/notices.js';
import { isAnalyst } from '../core/visibility.js';
import { findVisible } from '../core/queries.js';
import { isClientTrademark } from './save-queries.js';
import { batchSet, writeChanges } from './writes.js';

/**
 * The detail save and the batches of any record kind (document 3, sections 5 and 6): a client user changes only
 * the response, an analyst's save must keep the record consistent (the save rules), only what differs from the
 * saved record is written, with its history row, and the client's users hear of changes to records they can see.
 */

/** The save rules' fields of the merged record, by payload names (the same names in every kind). */
function ruleFields(m: Readonly<Record<string, unknown>>): SaveRuleFields {
  return {
    categorizeDate: m.categorizeDate,
    categoryId: m.categoryId,
    processResult: m.processResult,
    processConfirmDate: m.processConfirmDate,
    process1Result: m.process1Result,
    process1Date: m.process1Date,
    process2Result: m.process2Result,
    process2Date: m.process2Date,
    process3Result: m.process3Result,
    process3Date: m.process3Date,
  };
}

const asHistoryValue = (v: unknown): HistoryValue => (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : String(v));

export async function saveRecord<T extends KindTypes>(ctx: AuthedContext, kind: RecordKind<T>, input: T['update']): Promise<T['updateAnswer']> {
  const payload: Readonly<Record<string, unknown>> = input;
  const analyst = isAnalyst(ctx);
  // A client user changes only the response: any other field sent refuses the whole save.
  if (!analyst && kind.save.analystFields.some((k) => payload[k] !== undefined)) throw new AppError('responseFieldsOnly');
  const current = await findVisible(ctx, kind, input.clientId, input.recordId, true);
  const row: AnyRow = current;
  const saved = (field: string): HistoryValue => asHistoryValue(row[kind.fields[field]!.column] ?? null);

  // The merged record by payload names (the saved values, then the change) and the changes by answer field.
  const merged: Record<string, unknown> = {};
  const changes: Record<string, HistoryValue> = {};
  for (const [name, field] of Object.entries(kind.save.fields)) {
    const value = payload[name];
    merged[name] = value !== undefined ? value : saved(field);
    if (value !== undefined) changes[field] = asHistoryValue(value);
  }
  if (analyst) {
    const broken = kind.save.rule(ruleFields(merged));
    if (broken) throw new AppError('recordInvalid', broken.params ?? {}, broken.key);
  }
  await kind.save.check(ctx, input.clientId, changes, current);
  const extra = await kind.save.extra(ctx, input, current);

  // Only what differs from the saved record is written and recorded (history keys are the answer names).
  const set: Record<string, HistoryValue> = {};
  const changed: Record<string, HistoryValue> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (saved(field) !== value) {
      set[kind.fields[field]!.column] = value;
      changed[field] = value;
    }
  }
  if (extra) {
    Object.assign(set, extra.set);
    Object.assign(changed, extra.changed);
  }
  if (Object.keys(changed).length > 0) {
    const id = Number(row[kind.idColumn]);
    await writeChanges(ctx, kind, { id, clientId: input.clientId }, set, changed);
    // The client's users hear of a change to a record they can see.
    if (row.published === true) await notifyRecordChanged(ctx, kind, input.clientId, id);
    await emitTakedownResults(ctx, kind, input.clientId, id, changed, row.published === true);
  }
  return kind.save.answer(await findVisible(ctx, kind, input.clientId, input.recordId), ctx.locale);
}

/** The takedown result fields by round (0 the final result, 1-3 the rounds), by payload name. */
const RESULT_ROUNDS = [['processResult', 0], ['process1Result', 1], ['process2Result', 2], ['process3Result', 3]] as const;

/** A takedown result set by this save: `takedown.result` to the client's endpoints (its users' only if posted). */
async function emitTakedownResults(ctx: AuthedContext, kind: RecordKind<KindTypes>, clientId: number, recordId: number, changed: Record<string, HistoryValue>, published: boolean): Promise<void> {
  for (const [name, round] of RESULT_ROUNDS) {
    const field = kind.save.fields[name];
    const result = field === undefined ? undefined : changed[field];
    if (result === undefined || result === null || result === '') continue;
    await emitEvent(ctx, clientId, 'takedown.result', { kind: kind.name, recordId, round, result }, { clientVisible: published });
  }
}

/**
 * One of the kind's batches (all or nothing, a history row per record, see batchSet), then one notice about the
 * published records among them.
 */
export async function batchUpdate<T extends KindTypes, I extends { clientId: number; recordIds: number[] }>(
  ctx: AuthedContext,
  kind: RecordKind<T>,
  change: BatchChange<I>,
  input: I,
  source: 'batch-category' | 'batch-action',
): Promise<{ updateCount: number; batchId: number }> {
  const column = kind.fields[change.field]!.column;
  const { updateCount, batchId, published } = await batchSet(ctx, kind, input, { column, historyKey: change.field, value: change.value(input), source });
  await notifyRecordsChanged(ctx, ctx.db, kind, input.clientId, published);
  return { updateCount, batchId };
}

/** A save check: the trademark a change names (answer field `field`) must be one of the client's. */
export function trademarkOfClient(field: string) {
  return async (ctx: AuthedContext, clientId: number, changes: Record<string, HistoryValue>): Promise<void> => {
    const trademarkId = changes[field];
    if (typeof trademarkId !== 'number') return;
    if (!(await isClientTrademark(ctx.db, clientId, trademarkId))) throw new AppError('unknownTrademark');
  };
}
