import { type ImageMatchKind, type SearchConditions } from '@portal/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { searchCondition } from '../../platform/search.js';
import { isAnalyst } from '../core/visibility.js';
import { colOf, visibleTo } from '../core/visibility-queries.js';
import type { ListKind } from '../core/kind.js';
import { RECORD_TABLES, type KindName } from '../core/tables.js';

/**
 * The WHERE of a record search: the visible records of the client, then every condition of the payload (keyword,
 * dates, column filters, a notice, still-live, triage suggestions). The page, its count and the export share it.
 */

export type FilterValue = string | number | boolean | null;

export type RecordSearch = SearchConditions & {
  clientId: number;
  whereFields: { key: string; values: FilterValue[] }[];
  orderFields: { key: string; value: 1 | 2 }[];
  filterErrorRecord: boolean;
  noticeId?: number | undefined;
  /** Only records whose re-check after a takedown found the listing still live. */
  filterStillLive?: boolean | undefined;
  suggested?: 'any' | 'none' | number | undefined;
  imageMatch?: ImageMatchKind[] | undefined;
};
export type SearchInput = RecordSearch & { limit: number; offset: number };
/** The export's query: the client, and the search's conditions (none: every record the user may see). */
export interface ExportQuery {
  clientId: number;
  search?: Omit<RecordSearch, 'clientId'> | undefined;
}

export const TRUE = sql<SqlBool>`TRUE`;
export const FALSE = sql<SqlBool>`FALSE`;
export const and = (parts: Expression<SqlBool>[]) => (parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`);
export const or = (parts: Expression<SqlBool>[]) => (parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
const validDay = (s: string) => ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * One column filter: any of the values; `null` is the blank (NULL, or the empty text). A value that cannot be in
 * the column (a word for a number column) matches nothing rather than failing the call.
 */
function filterCondition(kind: ListKind, name: string, values: FilterValue[]): Expression<SqlBool> | null {
  if (values.length === 0) return null;
  const type = kind.fields[name]!.kind;
  const c = colOf(kind, name);
  const parts: Expression<SqlBool>[] = [];
  if (values.includes(null)) parts.push(type === 'text' ? sql<SqlBool>`(${c} IS NULL OR ${c} = '')` : sql<SqlBool>`${c} IS NULL`);
  const given = values.filter((v): v is string | number | boolean => v !== null);
  switch (type) {
    case 'text': {
      const texts = [...new Set(given.map(String))];
      if (texts.length) parts.push(sql<SqlBool>`${c} = ANY(${texts}::text[])`);
      break;
    }
    case 'int':
    case 'numeric': {
      const nums = [...new Set(given.map((v) => (typeof v === 'boolean' ? NaN : Number(v))).filter((n) => Number.isFinite(n) && (type === 'numeric' || Number.isInteger(n))))];
      if (nums.length) parts.push(type === 'int' ? sql<SqlBool>`${c} = ANY(${nums}::bigint[])` : sql<SqlBool>`${c} = ANY(${nums.map(String)}::numeric[])`);
      break;
    }
    case 'date': {
      const texts = given.map(String);
      const days = [...new Set(texts.filter(validDay))];
      if (days.length) parts.push(sql<SqlBool>`${c} = ANY(${days}::date[])`);
      // A scan month (YYYY-MM), as the list shows it, means every day of that month.
      const months = new Set(texts.filter((t) => ISO_MONTH.test(t) && Number(t.slice(5)) >= 1 && Number(t.slice(5)) <= 12));
      for (const m of months) parts.push(sql<SqlBool>`(${c} >= ${`${m}-01`}::date AND ${c} < (${`${m}-01`}::date + interval '1 month'))`);
      break;
    }
    case 'bool': {
      const truth = new Set(given.map((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : v === false || v === 0 || v === '0' || v === 'false' ? 0 : -1)));
      if (truth.has(1)) parts.push(sql<SqlBool>`${c}`);
      if (truth.has(0)) parts.push(sql<SqlBool>`NOT ${c}`);
      break;
    }
  }
  return or(parts);
}

/** The records of a notice the signed-in user received (another user's notice answers as one that does not exist). */
async function noticeCondition(ctx: AuthedContext, kind: ListKind, noticeId: number): Promise<Expression<SqlBool>> {
  const notice = await ctx.db.selectFrom('notice').select('scope').where('id', '=', noticeId).where('user_id', '=', ctx.user.userId).executeTakeFirst();
  if (!notice) throw new AppError('objectNotFound');
  const scope = notice.scope;
  if (scope?.recordIds) {
    const ids = scope.recordIds.filter((n) => Number.isSafeInteger(n));
    return sql<SqlBool>`${colOf(kind, kind.idField)} = ANY(${ids}::bigint[])`;
  }
  if (scope?.reportId !== undefined) return sql<SqlBool>`r.report_id = ${scope.reportId}`;
  return TRUE;
}

/** The table's id column in takedown_recheck (the same name as the record table's id). */
export const recheckColumn = (kind: ListKind) => Object.values(RECORD_TABLES).find((t) => t.records === kind.table)!.id;

/** The record's re-check after a takedown (takedown_recheck, one row per record) found the listing still live. */
function stillLive(kind: ListKind): Expression<SqlBool> {
  const id = recheckColumn(kind);
  return sql<SqlBool>`EXISTS (SELECT 1 FROM takedown_recheck t WHERE t.${sql.ref(id)} = r.${sql.ref(id)} AND t.verdict = 'live')`;
}

/** Records with a triage suggestion (issue 19): any, none, or one suggested subcategory. */
function suggestedCondition(kind: ListKind, clientId: number, suggested: 'any' | 'none' | number): Expression<SqlBool> {
  const name = (Object.keys(RECORD_TABLES) as KindName[]).find((k) => RECORD_TABLES[k].records === kind.table)!;
  const exists = sql<SqlBool>`EXISTS (SELECT 1 FROM triage_suggestion s WHERE s.client_id = ${clientId} AND s.kind = ${name}
    AND s.record_id = ${colOf(kind, kind.idField)} ${typeof suggested === 'number' ? sql`AND s.subcategory_id = ${suggested}` : sql``})`;
  return suggested === 'none' ? sql<SqlBool>`NOT ${exists}` : exists;
}

/**
 * Records whose listing picture matched with any of the kinds (issue 31). A client user's shared-photo match counts
 * only when the other record is posted too: the same rule as the answers' imageMatches (records/pictures/answers.ts),
 * so the filter never finds a record by a match its row does not show.
 */
function imageMatchCondition(ctx: AuthedContext, kind: ListKind, kinds: ImageMatchKind[]): Expression<SqlBool> {
  const id = recheckColumn(kind);
  const others = isAnalyst(ctx)
    ? sql``
    : sql`AND (m.kind <> 'shared-photo' OR EXISTS (SELECT 1 FROM record_picture o JOIN ${sql.table(kind.table)} orr ON orr.${sql.ref(id)} = o.${sql.ref(id)}
        WHERE o.picture_id = m.other_picture_id AND orr.client_id = r.client_id AND orr.published))`;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM record_picture p JOIN picture_match m ON m.picture_id = p.picture_id
    WHERE p.${sql.ref(id)} = r.${sql.ref(id)} AND m.kind = ANY(${[...new Set(kinds)]}::text[]) ${others})`;
}

/** The WHERE of a search: the visible records of the client, then every condition of the payload. */
export async function searchWhere(ctx: AuthedContext, kind: ListKind, input: RecordSearch, forEstimate = false): Promise<Expression<SqlBool>> {
  const parts: Expression<SqlBool>[] = [visibleTo(ctx, input.clientId, kind.table, forEstimate)];
  if (input.filterErrorRecord && isAnalyst(ctx)) parts.push(sql<SqlBool>`r.is_error`);
  if (input.noticeId !== undefined) parts.push(await noticeCondition(ctx, kind, input.noticeId));
  if (input.filterStillLive) parts.push(stillLive(kind));
  // Triage suggestions are internal: the filter is the analysts' (a client user's is ignored, as if not sent).
  if (input.suggested !== undefined && isAnalyst(ctx)) parts.push(suggestedCondition(kind, input.clientId, input.suggested));
  if (input.imageMatch?.length) parts.push(imageMatchCondition(ctx, kind, input.imageMatch));
  parts.push(searchCondition(input, { dates: kind.dates, words: kind.words }));
  for (const w of input.whereFields) {
    const derived = kind.derived[w.key];
    if (derived?.analystsOnly && !isAnalyst(ctx)) continue;
    const cond = derived ? derived.filter(w.values, input.clientId, ctx.services.clock()) : filterCondition(kind, w.key, w.values);
    if (cond) parts.push(cond);
  }
  return and(parts);
}

