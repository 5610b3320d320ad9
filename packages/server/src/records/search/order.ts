import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { colOf } from '../core/visibility-queries.js';
import type { AnyRow, ListKind } from '../core/kind.js';
import { FALSE, TRUE, and, or, type RecordSearch } from './conditions.js';

/** The order of a record list and keyset paging after a row (the export walks the whole list with it). */

export interface SortKey {
  name: string;
  dir: 'asc' | 'desc';
}

/**
 * The order of the list: the fields asked for (1 ascending, 2 descending), by default the scan date descending,
 * and always the id last so pages never overlap. PostgreSQL's own NULL placement is kept (last ascending, first
 * descending), which is how the scan index is ordered.
 */
export function sortKeys(kind: ListKind, orderFields: RecordSearch['orderFields']): SortKey[] {
  const keys: SortKey[] = [];
  for (const o of orderFields) {
    const dir = o.value === 1 ? 'asc' : 'desc';
    for (const k of kind.sortAs[o.key]?.(dir) ?? [{ name: o.key, dir }]) if (!keys.some((p) => p.name === k.name)) keys.push(k);
  }
  if (keys.length === 0) keys.push({ name: kind.scanField, dir: 'desc' });
  // The id follows the first field asked for (not its first sort column: the price's sorts unconverted amounts last).
  const first = orderFields[0] ? (orderFields[0].value === 1 ? 'asc' : 'desc') : keys[0]!.dir;
  if (!keys.some((k) => k.name === kind.idField)) keys.push({ name: kind.idField, dir: first });
  return keys;
}

export function orderBy(kind: ListKind, keys: SortKey[]): RawBuilder<unknown> {
  return sql.join(keys.map((k) => sql`${colOf(kind, k.name)} ${sql.raw(k.dir === 'asc' ? 'ASC' : 'DESC')}`));
}

function valueOf(kind: ListKind, row: AnyRow, name: string): string | number | boolean | null {
  return row[kind.fields[name]!.column] as string | number | boolean | null;
}

/**
 * The rows after `last` in the order of `keys` (keyset paging for the export), with NULL placed as PostgreSQL does
 * (as if larger than every value). The usual order (scan date and id, same direction) is one row comparison that
 * the scan index answers as a range; other orders add a bound on their first key to help any index.
 */
export function after(kind: ListKind, keys: SortKey[], last: AnyRow): Expression<SqlBool> {
  const [first, second] = keys;
  if (keys.length === 2 && first!.name === kind.scanField && second!.name === kind.idField && first!.dir === second!.dir) {
    const v = valueOf(kind, last, kind.scanField);
    const id = valueOf(kind, last, kind.idField);
    const s = colOf(kind, kind.scanField);
    const i = colOf(kind, kind.idField);
    if (first!.dir === 'desc') {
      return v === null
        ? sql<SqlBool>`((${s} IS NULL AND ${i} < ${id}) OR ${s} IS NOT NULL)`
        : sql<SqlBool>`(${s}, ${i}) < (${v}::date, ${id}::bigint)`;
    }
    return v === null
      ? sql<SqlBool>`(${s} IS NULL AND ${i} > ${id})`
      : sql<SqlBool>`((${s}, ${i}) > (${v}::date, ${id}::bigint) OR ${s} IS NULL)`;
  }
  const strictlyAfter = (k: SortKey, v: unknown): Expression<SqlBool> => {
    const c = colOf(kind, k.name);
    if (k.dir === 'asc') return v === null ? FALSE : sql<SqlBool>`(${c} > ${v} OR ${c} IS NULL)`;
    return v === null ? sql<SqlBool>`${c} IS NOT NULL` : sql<SqlBool>`${c} < ${v}`;
  };
  const equal = (k: SortKey, v: unknown): Expression<SqlBool> => (v === null ? sql<SqlBool>`${colOf(kind, k.name)} IS NULL` : sql<SqlBool>`${colOf(kind, k.name)} = ${v}`);
  const branches: Expression<SqlBool>[] = [];
  keys.forEach((k, i) => {
    const v = valueOf(kind, last, k.name);
    if (k.dir === 'asc' && v === null) return;
    branches.push(and([...keys.slice(0, i).map((p) => equal(p, valueOf(kind, last, p.name))), strictlyAfter(k, v)]));
  });
  const v0 = valueOf(kind, last, first!.name);
  const bound = v0 === null ? (first!.dir === 'asc' ? sql<SqlBool>`${colOf(kind, first!.name)} IS NULL` : TRUE) : first!.dir === 'desc' ? sql<SqlBool>`${colOf(kind, first!.name)} <= ${v0}` : TRUE;
  return and([bound, or(branches)]);
}

