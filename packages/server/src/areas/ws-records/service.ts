import { WS_ANALYST_FIELDS, WS_UPDATE_FIELDS, recordSaveProblem, type CallOutput, type WsUpdateField, type wsRecords } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { notifyClientUsers } from '../notices/service.js';
import { clientName } from '../ec-records/repo.js';
import * as generic from '../records/service.js';
import { isAnalyst, type RecordKind } from '../records/search.js';
import { WS_FIELDS, WS_KIND, present } from './repo.js';

/**
 * One website record: read, history, the detail save (document 3, section 5, with the site category as
 * categoryId) and the batch updates, on the shared record machinery (../records).
 */

type UpdateInput = z.output<typeof wsRecords.updateRecordInput>;
const kind = WS_KIND as unknown as RecordKind;

export async function get(ctx: AuthedContext, clientId: number, recordId: number) {
  return { record: present(await generic.findVisible(ctx, WS_KIND, clientId, recordId)) };
}

export function history(ctx: AuthedContext, clientId: number, recordId: number): Promise<CallOutput<'/api/ws-data/get-record-history'>> {
  return generic.history(ctx, kind, clientId, recordId);
}

export async function update(ctx: AuthedContext, input: UpdateInput): Promise<CallOutput<'/api/ws-data/update-record'>> {
  const analyst = isAnalyst(ctx);
  // A client user changes only the response: any other field sent refuses the whole save.
  if (!analyst && WS_ANALYST_FIELDS.some((k) => input[k] !== undefined)) throw new AppError('responseFieldsOnly');
  const current = await generic.findVisible(ctx, WS_KIND, input.clientId, input.recordId, true);
  const saved = present(current);

  // The merged record by payload names: the saved values, then the change.
  const merged = {} as Record<WsUpdateField, generic.HistoryValue>;
  const changes: Partial<Record<WsUpdateField, generic.HistoryValue>> = {};
  for (const [payload, field] of Object.entries(WS_UPDATE_FIELDS) as [WsUpdateField, keyof typeof WS_FIELDS][]) {
    const value = input[payload];
    merged[payload] = value !== undefined ? value : saved[field];
    if (value !== undefined) changes[payload] = value;
  }
  if (analyst) {
    const broken = recordSaveProblem(merged);
    if (broken) throw new AppError('recordInvalid', broken.params ?? {}, broken.key);
  }
  if (typeof changes.trademarkId === 'number') {
    const tm = await ctx.db.selectFrom('trademark').select('trademark_id').where('trademark_id', '=', changes.trademarkId).where('client_id', '=', input.clientId).executeTakeFirst();
    if (!tm) throw new AppError('unknownTrademark');
  }

  // Only what differs from the saved record is written and recorded (history keys are the answer names).
  const set: Record<string, generic.HistoryValue> = {};
  const changed: Record<string, generic.HistoryValue> = {};
  for (const [payload, value] of Object.entries(changes) as [WsUpdateField, generic.HistoryValue][]) {
    const field = WS_UPDATE_FIELDS[payload];
    if (saved[field] !== value) {
      set[WS_FIELDS[field].column] = value;
      changed[field] = value;
    }
  }
  if (Object.keys(changed).length > 0) {
    await generic.writeChanges(ctx, kind, { id: current.ws_id, clientId: current.client_id }, set, changed);
    // The client's users hear of a change to a record they can see (as for EC records).
    if (current.published) {
      await notifyClientUsers(ctx.services, ctx.db, current.client_id, {
        type: 1,
        records: 'ws',
        params: { client: await clientName(ctx.db, current.client_id), record: current.ws_id },
        target: WS_KIND.detailPath(current.client_id, current.ws_id),
        scope: { recordIds: [current.ws_id] },
        now: ctx.now,
      });
    }
  }
  return { record: present(await generic.findVisible(ctx, WS_KIND, input.clientId, input.recordId)) };
}

/** Tells the client's users that some of their visible (published) website records changed together. */
export async function notifyBatch(ctx: AuthedContext, clientId: number, published: number[]): Promise<void> {
  if (published.length === 0) return;
  await notifyClientUsers(ctx.services, ctx.db, clientId, {
    type: 2,
    records: 'ws',
    params: { client: await clientName(ctx.db, clientId), count: published.length },
    target: `${WS_KIND.listPath}?clientId=${clientId}`,
    scope: { recordIds: published },
    now: ctx.now,
  });
}

export async function batchCategory(ctx: AuthedContext, input: z.output<typeof wsRecords.batchCategoryInput>) {
  const { updateCount, published } = await generic.batchSet(ctx, kind, input, { column: 'category_id', historyKey: 'categoryId', value: input.categoryId, source: 'batch-category' });
  await notifyBatch(ctx, input.clientId, published);
  return { updateCount };
}

export async function batchAction(ctx: AuthedContext, input: z.output<typeof wsRecords.batchActionInput>) {
  const { updateCount, published } = await generic.batchSet(ctx, kind, input, { column: 'action', historyKey: 'action', value: input.action, source: 'batch-action' });
  await notifyBatch(ctx, input.clientId, published);
  return { updateCount };
}

/** Report names for the list's report filter. */
export async function reportNames(ctx: AuthedContext, clientId: number) {
  let q = ctx.db.selectFrom('ws_report as p').select(['p.report_id', 'p.report_name']).where('p.client_id', '=', clientId).where('p.importing_since', 'is', null);
  // Client users see only the reports that were posted to them.
  if (!isAnalyst(ctx)) q = q.where('p.send_date', 'is not', null);
  const rows = await q.orderBy('p.report_id', 'desc').execute();
  return { reports: rows.map((r) => ({ id: r.report_id, reportName: r.report_name })) };
}
