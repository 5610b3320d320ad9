import { EC_ANALYST_FIELDS, EC_UPDATE_FIELDS, recordSaveProblem, type CallOutput, type EcUpdateField, type ecRecords } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { notifyClientUsers } from '../notices/service.js';
import { recordsChanged } from '../records/changes.js';
import * as generic from '../records/service.js';
import { EC_KIND, clientName, findVisible, isAnalyst, present, type RecordRow } from './repo.js';

/**
 * One marketplace record: read, history, the detail save (document 3, section 5) and the batch updates, each
 * change with its history row and the client's notice in the call's transaction.
 */

type UpdateInput = z.output<typeof ecRecords.updateRecordInput>;
type HistoryValue = string | number | boolean | null;

export async function get(ctx: AuthedContext, clientId: number, recordId: number) {
  return { record: present(await findVisible(ctx, clientId, recordId)) };
}

export function history(ctx: AuthedContext, clientId: number, recordId: number): Promise<CallOutput<'/api/ec-data/get-record-history'>> {
  return generic.history(ctx, EC_KIND, clientId, recordId);
}

/** The payload's names (the call table's, from the contract) for the record's columns. */
type ColumnOf<F extends string> = F extends 'declarationStatus' ? 'declaration_status' : F;
type ScalarField = Exclude<EcUpdateField, 'customInfo'>;
const PAYLOAD_COLUMNS = Object.fromEntries(
  Object.entries(EC_UPDATE_FIELDS)
    .filter(([payload]) => payload !== 'customInfo')
    .map(([payload, field]) => [payload, field === 'declarationStatus' ? 'declaration_status' : field]),
) as { [K in ScalarField]: ColumnOf<(typeof EC_UPDATE_FIELDS)[K]> };
type PayloadField = keyof typeof PAYLOAD_COLUMNS;
type Column = (typeof PAYLOAD_COLUMNS)[PayloadField] | 'ec_category_common_type_id';
type Merged = Pick<RecordRow, Column>;

/** History keys: the record's answer names (declaration_status is declarationStatus there). */
const historyKey = (column: string) => (column === 'declaration_status' ? 'declarationStatus' : column);

/**
 * Section 5 "Record detail save", in its order; the first rule broken is the answer. Rounds count as filled when
 * their result or date is.
 */
/** The spec's save rule (shared with the browser through the contract) over the merged record. */
export function firstBrokenRule(r: Merged) {
  return recordSaveProblem({
    categorizeDate: r.ec_categorize_date,
    categoryId: r.ec_category_id,
    process1Result: r.ec_process1_result,
    process1Date: r.ec_process1_date,
    process2Result: r.ec_process2_result,
    process2Date: r.ec_process2_date,
    process3Result: r.ec_process3_result,
    process3Date: r.ec_process3_date,
    processResult: r.ec_process_result,
    processConfirmDate: r.ec_process_confirm_date,
  });
}

/** Custom column values: an object of text by the client's column names (numbers and booleans become text). */
async function checkCustomInfo(ctx: AuthedContext, clientId: number, text: string): Promise<Record<string, string>> {
  const given = JSON.parse(text) as Record<string, unknown>;
  const names = new Set(
    (await ctx.db.selectFrom('custom_column').select('column_name').where('client_id', '=', clientId).execute()).map((c) => c.column_name),
  );
  const entries = Object.entries(given).map(([name, value]): [string, string] => {
    if (!names.has(name)) throw new AppError('unknownCustomColumn', { column: name.slice(0, 100) });
    if (value !== null && typeof value === 'object') throw new AppError('badRequest', {}, 'validation.customInfoInvalid');
    return [name, value === null || value === undefined ? '' : String(value)];
  });
  return Object.fromEntries(entries);
}

export async function update(ctx: AuthedContext, input: UpdateInput): Promise<CallOutput<'/api/ec-data/update-record'>> {
  const analyst = isAnalyst(ctx);
  // A client user changes only the response: any other field sent refuses the whole save.
  if (!analyst && EC_ANALYST_FIELDS.some((k) => input[k] !== undefined)) throw new AppError('responseFieldsOnly');
  const current = await findVisible(ctx, input.clientId, input.recordId, true);

  const changes: Partial<Merged> = {};
  for (const [field, column] of Object.entries(PAYLOAD_COLUMNS) as [PayloadField, Column][]) {
    const value = input[field];
    if (value !== undefined) (changes as Record<string, unknown>)[column] = value;
  }
  const merged: Merged = { ...current, ...changes };

  if (analyst) {
    const broken = firstBrokenRule(merged);
    if (broken) throw new AppError('recordInvalid', broken.params ?? {}, broken.key);
  }

  // What the fields name must exist for this client. A new subcategory brings its aggregate category; an unchanged
  // one leaves the aggregate as it is (a batch update may have set it).
  if (changes.ec_category_id !== undefined && changes.ec_category_id !== current.ec_category_id) {
    if (changes.ec_category_id === null) changes.ec_category_common_type_id = null;
    else {
      const sub = await ctx.db.selectFrom('infringement_subcategory').select('common_category').where('id', '=', changes.ec_category_id).executeTakeFirst();
      if (!sub) throw new AppError('unknownSubcategory');
      changes.ec_category_common_type_id = sub.common_category;
    }
  }
  if (changes.ec_product_category_id) {
    const pc = await ctx.db.selectFrom('product_category').select('id').where('id', '=', changes.ec_product_category_id).where('client_id', '=', input.clientId).executeTakeFirst();
    if (!pc) throw new AppError('unknownProductCategory');
  }
  if (changes.ec_response_trademark) {
    const tm = await ctx.db.selectFrom('trademark').select('trademark_id').where('trademark_id', '=', changes.ec_response_trademark).where('client_id', '=', input.clientId).executeTakeFirst();
    if (!tm) throw new AppError('unknownTrademark');
  }
  const customInfo = input.customInfo === undefined ? undefined : { ...current.custom_info, ...(await checkCustomInfo(ctx, input.clientId, input.customInfo)) };

  // Only what differs from the saved record is written and recorded.
  const changed: Record<string, HistoryValue> = {};
  const set: Partial<Merged> = {};
  for (const [column, value] of Object.entries(changes) as [Column, HistoryValue][]) {
    if (current[column] !== value) {
      (set as Record<string, unknown>)[column] = value;
      changed[historyKey(column)] = value;
    }
  }
  const customChanged = customInfo !== undefined && JSON.stringify(customInfo) !== JSON.stringify(current.custom_info);
  if (customChanged) changed.custom_info = JSON.stringify(customInfo);

  if (Object.keys(changed).length > 0) {
    await ctx.db
      .updateTable('ec_record')
      .set({ ...set, ...(customChanged ? { custom_info: customInfo } : {}), updated_at: ctx.now })
      .where('ec_id', '=', current.ec_id)
      .execute();
    await ctx.db
      .insertInto('ec_record_history')
      .values({ record_id: current.ec_id, client_id: current.client_id, user_id: ctx.user.userId, source: 'update', fields: changed, created_at: ctx.now })
      .execute();
    await recordsChanged(ctx.services, ctx.db, current.client_id, Object.keys(changed));
    if (current.published) {
      await notifyClientUsers(ctx.services, ctx.db, current.client_id, {
        type: 1,
        params: { client: await clientName(ctx.db, current.client_id), record: current.ec_id },
        target: `/ec-data/${current.client_id}/${current.ec_id}`,
        scope: { recordIds: [current.ec_id] },
        now: ctx.now,
      });
    }
  }
  const saved = await findVisible(ctx, input.clientId, input.recordId);
  return { record: present(saved), ec_upload_image_names: saved.ec_upload_image_names };
}

type BatchInput = { clientId: number; recordIds: number[] };

/** The shared set-based batch (all or nothing, a history row per record), then one notice about the published ones. */
async function batch(
  ctx: AuthedContext,
  input: BatchInput,
  change: { column: 'ec_category_common_type_id' | 'ec_response_action'; value: number; source: 'batch-category' | 'batch-action' },
): Promise<{ updateCount: number }> {
  const { updateCount, published } = await generic.batchSet(ctx, EC_KIND, input, { ...change, historyKey: change.column });
  if (published.length > 0) {
    await notifyClientUsers(ctx.services, ctx.db, input.clientId, {
      type: 2,
      params: { client: await clientName(ctx.db, input.clientId), count: published.length },
      target: `/ec-list?clientId=${input.clientId}`,
      scope: { recordIds: published },
      now: ctx.now,
    });
  }
  return { updateCount };
}

export function batchCategory(ctx: AuthedContext, input: z.output<typeof ecRecords.batchCategoryInput>) {
  return batch(ctx, input, { column: 'ec_category_common_type_id', value: input.commoncategoryId, source: 'batch-category' });
}

export function batchAction(ctx: AuthedContext, input: z.output<typeof ecRecords.batchActionInput>) {
  return batch(ctx, input, { column: 'ec_response_action', value: input.action, source: 'batch-action' });
}

/** The list's column chooser, per user (null until the user chooses). */
export function getColumns(ctx: AuthedContext) {
  return generic.getColumns(ctx, EC_KIND);
}

export function setColumns(ctx: AuthedContext, columns: string[]) {
  return generic.setColumns(ctx, EC_KIND, columns);
}
