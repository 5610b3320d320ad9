import type { SearchConditions } from '@portal/contract';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Applies the shared search bar (section 2.9) as one SQL condition. Every list maps its whitelisted field names
 * to SQL, so a field name never reaches the query text. A date field maps to a column (compared by calendar day)
 * or to a function building its own condition (a date held in another table). Several chosen fields are OR-ed:
 * a row matches when any of them is in the range, or contains the keyword.
 */
export interface SearchColumns<D extends string, W extends string> {
  dates: Record<D, RawBuilder<unknown> | ((from: string | null, to: string | null) => Expression<SqlBool>)>;
  words: Record<W, RawBuilder<unknown>>;
}

export function searchCondition<D extends string, W extends string>(
  c: SearchConditions<D, W>,
  columns: SearchColumns<D, W>,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const from = c.startDate || null;
  const to = c.endDate || null;
  if (c.dateFields.length > 0 && (from || to)) {
    const each = c.dateFields.map((field) => {
      const target = columns.dates[field];
      return typeof target === 'function' ? target(from, to) : dayInRange(target, from, to);
    });
    parts.push(anyOf(each));
  }
  const keyword = c.keyword.trim();
  if (c.wordFields.length > 0 && keyword !== '') {
    parts.push(anyOf(c.wordFields.map((field) => matches(columns.words[field], keyword, c.searchType))));
  }
  return parts.length === 0 ? sql<SqlBool>`TRUE` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

export function dayInRange(column: Expression<unknown>, from: string | null, to: string | null): Expression<SqlBool> {
  if (from && to) return sql<SqlBool>`(${column})::date BETWEEN ${from}::date AND ${to}::date`;
  if (from) return sql<SqlBool>`(${column})::date >= ${from}::date`;
  return sql<SqlBool>`(${column})::date <= ${to}::date`;
}

function anyOf(conditions: Expression<SqlBool>[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;
}

/** LIKE patterns take the keyword literally: its %, _ and \ are escaped. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function matches(column: RawBuilder<unknown>, keyword: string, type: 1 | 2 | 3 | 4): Expression<SqlBool> {
  const k = escapeLike(keyword);
  switch (type) {
    case 1:
      return sql<SqlBool>`${column} ILIKE ${`${k}%`}`;
    case 2:
      return sql<SqlBool>`${column} ILIKE ${`%${k}`}`;
    case 3:
      return sql<SqlBool>`${column} ILIKE ${`%${k}%`}`;
    case 4:
      return sql<SqlBool>`lower(${column}) = lower(${keyword})`;
  }
}
