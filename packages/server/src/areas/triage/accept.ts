import { ACCEPT_MAX, triage } from '@portal/contract';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { openBatch } from '../../records/batches/batches.js';
import { recordsChanged, roomForBulkWrite } from '../../records/search/changes.js';
import { notifyRecordsChanged } from '../../records/core/notices.js';
import { searchWhere, type RecordSearch } from '../../records/search/conditions.js';
import { visibleTo } from '../../records/core/visibility-queries.js';
import { SOURCES, type TriageSource } from './sources.js';

/**
 * Accepting suggestions (issue 19, point 2): the selected records, or the whole search result of a list, take their
 * suggestion (subcategory; EC's aggregate category follows it; the product category and remark when the rule
 * suggests them) in one statement, one history row each ('triage-accept'), as one batch of records/batches/batches.ts:
 * its maker may undo it from the list like any batch update (each record keeps its own new value and the
 * companions' previous values, migration 029). Records whose category already is the suggestion are left out.
 */
type AcceptInput = z.output<typeof triage.acceptInput>;

interface Target {
  source: TriageSource;
  /** Records (alias r) with their suggestion (alias s) that are accepted. */
  from: RawBuilder<unknown>;
  where: Expression<SqlBool>;
}

async function targetOf(ctx: AuthedContext, input: AcceptInput): Promise<Target> {
  const source = SOURCES[input.target.kind];
  const kind = source.record;
  const id = sql.ref(`r.${source.idColumn}`);
  const chosen =
    input.target.recordIds !== undefined
      ? sql<SqlBool>`(${visibleTo(ctx, input.clientId, kind.table)} AND ${id} = ANY(${[...new Set(input.target.recordIds)]}::bigint[]))`
      : await searchWhere(ctx, kind, input.target.search as RecordSearch);
  // EC: only subcategories and product categories that still exist (the master may have changed since the run).
  const ec = source.kind === 'ec' ? sql`JOIN infringement_subcategory sc ON sc.id = s.subcategory_id` : sql``;
  return {
    source,
    from: sql`${sql.table(source.table)} r JOIN triage_suggestion s ON s.client_id = r.client_id AND s.kind = ${source.kind} AND s.record_id = ${id} ${ec}`,
    where: sql<SqlBool>`(${chosen} AND r.${sql.ref(source.categoryColumn)} IS DISTINCT FROM s.subcategory_id)`,
  };
}

export async function acceptCount(ctx: AuthedContext, input: AcceptInput): Promise<{ count: number }> {
  const t = await targetOf(ctx, input);
  const row = await sql<{ n: string }>`SELECT count(*) AS n FROM ${t.from} WHERE ${t.where}`.execute(ctx.db);
  return { count: Number(row.rows[0]?.n ?? 0) };
}

const col = (source: TriageSource, field: string) => sql.ref(source.record.fields[field]!.column);

export async function acceptSuggestions(ctx: AuthedContext, input: AcceptInput): Promise<{ updateCount: number; batchId: number | null }> {
  const t = await targetOf(ctx, input);
  const { source } = t;
  const kind = source.record;
  await roomForBulkWrite(ctx.db);
  const chosen = await sql<{ id: string; sub: number }>`
    SELECT r.${sql.ref(source.idColumn)} AS id, s.subcategory_id AS sub FROM ${t.from} WHERE ${t.where}
    ORDER BY 1 LIMIT ${ACCEPT_MAX + 1} FOR UPDATE OF r`.execute(ctx.db);
  if (chosen.rows.length > ACCEPT_MAX) {
    const { count } = await acceptCount(ctx, input);
    throw new AppError('triageAcceptTooMany', { max: ACCEPT_MAX, count });
  }
  if (chosen.rows.length === 0) return { updateCount: 0, batchId: null };
  const ids = chosen.rows.map((r) => Number(r.id));
  const idList = sql`${ids}::bigint[]`;
  const id = sql.ref(source.idColumn);
  const cat = sql.ref(source.categoryColumn);
  const batchId = await openBatch(ctx, kind, input.clientId, { field: source.categoryField, value: chosen.rows[0]!.sub }, ids.length);

  // Companion fields by answer name: whether the suggestion sets it, and its new value (r: record, s: suggestion).
  const companions: { field: string; sets: RawBuilder<SqlBool>; next: RawBuilder<unknown> }[] = [
    { field: source.remarkField, sets: sql<SqlBool>`s.remark <> ''`, next: sql`s.remark` },
  ];
  if (source.aggregateField) companions.push({ field: source.aggregateField, sets: sql<SqlBool>`TRUE`, next: sql`sc.common_category` });
  if (source.productCategoryField) companions.push({ field: source.productCategoryField, sets: sql<SqlBool>`pc.id IS NOT NULL`, next: sql`pc.id` });
  const pcJoin = source.productCategoryField ? sql`LEFT JOIN product_category pc ON pc.id = s.product_category_id AND pc.client_id = r.client_id` : sql``;
  const ecJoin = source.kind === 'ec' ? sql`JOIN infringement_subcategory sc ON sc.id = s.subcategory_id` : sql``;
  const also = sql.join(
    companions.map((c) => sql`CASE WHEN ${c.sets} THEN jsonb_build_object(${c.field}::text, r.${col(source, c.field)}) ELSE '{}'::jsonb END`),
    sql` || `,
  );
  // The chosen records (r) with their suggestion (s) and what it names (sc, pc).
  const joined = sql`${sql.table(source.table)} r
    JOIN triage_suggestion s ON s.client_id = r.client_id AND s.kind = ${source.kind} AND s.record_id = r.${id}
    ${ecJoin} ${pcJoin}
    WHERE r.client_id = ${input.clientId} AND r.${id} = ANY(${idList})`;

  await sql`
    INSERT INTO record_batch_item (batch_id, record_id, previous, value, also)
    SELECT ${batchId}, r.${id}, r.${cat}, s.subcategory_id, ${also}
    FROM ${joined}`.execute(ctx.db);
  // UPDATE ... FROM cannot name the target in its joins: the suggestion side is a subquery keyed by record.
  const updated = await sql<{ id: string; published: boolean }>`
    UPDATE ${sql.table(source.table)} AS r SET ${cat} = x.subcategory_id,
      ${sql.join(companions.map((c, i) => sql`${col(source, c.field)} = x.${sql.raw(`v${i}`)}`))}, updated_at = ${ctx.now}
    FROM (
      SELECT r.${id} AS rid, s.subcategory_id,
        ${sql.join(companions.map((c, i) => sql`(CASE WHEN ${c.sets} THEN ${c.next} ELSE r.${col(source, c.field)} END) AS ${sql.raw(`v${i}`)}`))}
      FROM ${joined}) x
    WHERE r.${id} = x.rid
    RETURNING r.${id} AS id, r.published`.execute(ctx.db);
  if (updated.rows.length !== ids.length) throw new AppError('objectNotFound');
  const fields = sql.join(
    [
      sql`jsonb_build_object(${source.categoryField}::text, r.${cat})`,
      ...companions.map((c) => sql`CASE WHEN i.also ? ${c.field} THEN jsonb_build_object(${c.field}::text, r.${col(source, c.field)}) ELSE '{}'::jsonb END`),
    ],
    sql` || `,
  );
  await sql`
    WITH history AS (
      INSERT INTO ${sql.table(kind.historyTable)} (record_id, client_id, user_id, source, fields, created_at)
      SELECT r.${id}, r.client_id, ${ctx.user.userId}, 'triage-accept', ${fields}, ${ctx.now}
      FROM record_batch_item i JOIN ${sql.table(source.table)} r ON r.${id} = i.record_id AND r.client_id = ${input.clientId}
      WHERE i.batch_id = ${batchId} ORDER BY r.${id} RETURNING id)
    UPDATE record_batch SET last_history_id = (SELECT coalesce(max(id), 0) FROM history) WHERE batch_id = ${batchId}`.execute(ctx.db);
  await recordsChanged(ctx.services, ctx.db, kind, input.clientId, [source.categoryField, ...companions.map((c) => c.field)]);
  const published = updated.rows.filter((r) => r.published).map((r) => Number(r.id)).sort((a, b) => a - b);
  await notifyRecordsChanged(ctx, ctx.db, kind, input.clientId, published);
  return { updateCount: ids.length, batchId };
}
