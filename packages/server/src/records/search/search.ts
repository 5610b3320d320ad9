import { sql } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { isAnalyst } from '../core/visibility.js';
import type { AnyRow, ListKind } from '../core/kind.js';
import { searchWhere, type SearchInput } from './conditions.js';
import { countOf, errorCount, matching, stillLiveCount } from './count.js';
import { orderBy, sortKeys } from './order.js';
import { hasPicture } from '../pictures/thumbnail-queries.js';
import { withPictureFields } from '../pictures/answers.js';
import { kindOfTable } from '../core/tables.js';

/**
 * The record list of any record kind (document 3, sections 2 and 7; marketplace EC and website WS records):
 * conditions, column filters, sort and paging, the same WHERE for the page and its count. Built to stay fast on a
 * million records of one client: every condition starts from the client, the default order (scan date, id, both
 * descending) walks the kind's index (client_id, scan date DESC, id DESC), and a fuzzy keyword uses its trigram
 * indexes. What differs between kinds (table, field whitelist, presenter) is the kind's list part (kind.ts). The WHERE
 * is conditions.ts, the order and paging order.ts, the total count.ts, the column filter values filters.ts.
 */

/** The column of the page's query saying whether the row has a picture (not a field: never presented). */
const PICTURED = '__pictured';

export async function search<Row extends AnyRow, Answer>(ctx: AuthedContext, kind: ListKind<Row, Answer>, input: SearchInput) {
  const where = await searchWhere(ctx, kind, input);
  const keys = sortKeys(kind, input.orderFields);
  const [rows, count, errors, live] = await Promise.all([
    matching(ctx.db, kind, where)
      .selectAll('r')
      .select(Object.entries(kind.derived).map(([name, d]) => (d.analystsOnly && !isAnalyst(ctx) ? sql`NULL` : d.select).as(name)))
      .select(hasPicture(kind.table).as(PICTURED))
      .orderBy(orderBy(kind, keys))
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    countOf(ctx, kind, where, () => searchWhere(ctx, kind, input, true)),
    isAnalyst(ctx) ? errorCount(ctx.db, kind, input.clientId) : Promise.resolve(0),
    stillLiveCount(ctx, kind, input.clientId),
  ]);
  // A total that is not exact is never below what the pages so far have shown.
  const shown = input.offset + rows.length + (rows.length === input.limit ? 1 : 0);
  const total = count.is === 'exact' ? count.n : Math.max(count.n, shown);
  const derived = Object.keys(kind.derived);
  const present = (r: Row) => (derived.length ? { ...kind.present(r, ctx.locale), ...Object.fromEntries(derived.map((name) => [name, r[name] ?? null])) } : kind.present(r, ctx.locale));
  // The rows with a picture to show: the list asks the thumbnail of these only (no request that can only answer 404).
  const pictured = rows.filter((r) => (r as AnyRow)[PICTURED] === true).map((r) => Number((r as AnyRow)[kind.idColumn]));
  // What the listing pictures were found to show: one query for the page's rows.
  const ids = rows.map((r) => Number((r as AnyRow)[kind.idColumn]));
  const records = await withPictureFields(ctx, kindOfTable(kind.table), input.clientId, rows.map((r) => present(r as unknown as Row)), (_, i) => ids[i]!);
  return { records, pictured, total, totalIs: count.is, offset: input.offset, errorRecordCount: errors, stillLiveCount: live };
}

