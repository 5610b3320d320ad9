import { ACCEPT_MAX, triage } from '@portal/contract';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { openBatch } from '../../records/batches/batches.js';
import { recordsChanged, roomForBulkWrite } from '../../records/search/changes.js';
import { notifyRecordsChanged } from '../../records/core/notices.js';
import { searchWhere, type RecordSearch } from '../../records/search/conditions.js';
import { visibleTo } from '../../records/core/visibility-queries.js';
import {
  acceptCompanions,
  acceptTarget,
  applySuggestions,
  countAcceptable,
  insertAcceptedItems,
  insertAcceptHistory,
  lockAcceptable,
  recordsOfIds,
  type AcceptTarget,
} from './accept-queries.js';
import { SOURCES } from './source-queries.js';

/**
 * Accepting suggestions (issue 19, point 2): the selected records, or the whole search result of a list, take their
 * suggestion (subcategory; EC's aggregate category follows it; the product category and remark when the rule
 * suggests them) in one statement, one history row each ('triage-accept'), as one batch of records/batches/batches.ts:
 * its maker may undo it from the list like any batch update (each record keeps its own new value and the
 * companions' previous values, migration 029). Records whose category already is the suggestion are left out.
 */
type AcceptInput = z.output<typeof triage.acceptInput>;

async function targetOf(ctx: AuthedContext, input: AcceptInput): Promise<AcceptTarget> {
  const source = SOURCES[input.target.kind];
  const kind = source.record;
  const chosen =
    input.target.recordIds !== undefined
      ? recordsOfIds(source, visibleTo(ctx, input.clientId, kind.table), [...new Set(input.target.recordIds)])
      : await searchWhere(ctx, kind, input.target.search as RecordSearch);
  return acceptTarget(source, chosen);
}

export async function acceptCount(ctx: AuthedContext, input: AcceptInput): Promise<{ count: number }> {
  const t = await targetOf(ctx, input);
  return { count: await countAcceptable(ctx.db, t) };
}

export async function acceptSuggestions(ctx: AuthedContext, input: AcceptInput): Promise<{ updateCount: number; batchId: number | null }> {
  const t = await targetOf(ctx, input);
  const { source } = t;
  const kind = source.record;
  await roomForBulkWrite(ctx.db);
  const chosen = await lockAcceptable(ctx.db, t, ACCEPT_MAX + 1);
  if (chosen.length > ACCEPT_MAX) {
    const { count } = await acceptCount(ctx, input);
    throw new AppError('triageAcceptTooMany', { max: ACCEPT_MAX, count });
  }
  if (chosen.length === 0) return { updateCount: 0, batchId: null };
  const ids = chosen.map((r) => Number(r.id));
  const batchId = await openBatch(ctx, kind, input.clientId, { field: source.categoryField, value: chosen[0]!.sub }, ids.length);

  const companions = acceptCompanions(source);
  const acceptance = { clientId: input.clientId, ids, batchId, companions };
  await insertAcceptedItems(ctx.db, source, acceptance);
  const updated = await applySuggestions(ctx.db, source, acceptance, ctx.now);
  if (updated.length !== ids.length) throw new AppError('objectNotFound');
  await insertAcceptHistory(ctx.db, source, acceptance, { userId: ctx.user.userId, now: ctx.now });
  await recordsChanged(ctx.services, ctx.db, kind, input.clientId, [source.categoryField, ...companions.map((c) => c.field)]);
  const published = updated.filter((r) => r.published).map((r) => Number(r.id)).sort((a, b) => a - b);
  await notifyRecordsChanged(ctx, ctx.db, kind, input.clientId, published);
  return { updateCount: ids.length, batchId };
}
