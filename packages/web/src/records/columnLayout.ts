/**
 * Which columns a record list shows and in what order (document 3, section 3 "Custom column"): the record's fields
 * in their fixed order, each client's custom columns inserted after the field named by their position (ordered by
 * column_order), and the user's column chooser choice. Shared by the EC and WS lists.
 */

export interface CustomColumnLike {
  column_id: number;
  column_name: string;
  /** The key of the field the column follows. */
  column_position: string;
  column_order: number;
}

const CUSTOM = 'custom:';

/** A custom column's table key, kept apart from the record's field names. */
export const customKey = (name: string) => `${CUSTOM}${name}`;
export const isCustomKey = (key: string) => key.startsWith(CUSTOM);
export const customNameOf = (key: string) => key.slice(CUSTOM.length);

/**
 * Every column key in display order: the fields, each followed by the custom columns placed after it (by order,
 * then id); custom columns whose position names no field come last.
 */
export function placeColumns(fieldKeys: readonly string[], customs: readonly CustomColumnLike[]): string[] {
  const sorted = [...customs].sort((a, b) => a.column_order - b.column_order || a.column_id - b.column_id);
  const after = new Map<string, string[]>();
  const orphans: string[] = [];
  for (const column of sorted) {
    if (fieldKeys.includes(column.column_position)) {
      const list = after.get(column.column_position) ?? [];
      list.push(customKey(column.column_name));
      after.set(column.column_position, list);
    } else {
      orphans.push(customKey(column.column_name));
    }
  }
  return [...fieldKeys.flatMap((key) => [key, ...(after.get(key) ?? [])]), ...orphans];
}

/**
 * The keys shown: what the user saved (field names and custom column names, as get-columns answers), or, never
 * saved, the list's defaults plus every custom column. Unknown saved names (a removed custom column) are ignored.
 */
export function visibleKeys(saved: readonly string[] | null | undefined, allKeys: readonly string[], defaults: readonly string[]): Set<string> {
  if (!saved) return new Set(allKeys.filter((key) => defaults.includes(key) || isCustomKey(key)));
  const wanted = new Set(saved.map((name) => (allKeys.includes(name) ? name : customKey(name))));
  return new Set(allKeys.filter((key) => wanted.has(key)));
}

/** What set-columns stores: field names as they are, custom columns by their name. */
export function savedColumns(keys: Iterable<string>): string[] {
  return [...keys].map((key) => (isCustomKey(key) ? customNameOf(key) : key));
}

const parsed = new Map<string, Record<string, unknown>>();

/**
 * A record's custom column values (its custom_info JSON text), parsed once per distinct text: the list renders the
 * same rows many times, and custom cells must stay cheap.
 */
export function customValues(customInfo: string | null | undefined): Record<string, unknown> {
  if (!customInfo) return {};
  let values = parsed.get(customInfo);
  if (!values) {
    try {
      const v: unknown = JSON.parse(customInfo);
      values = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch {
      values = {};
    }
    if (parsed.size > 5000) parsed.clear();
    parsed.set(customInfo, values);
  }
  return values;
}

/** A custom value as text (numbers and booleans as they are, anything else as JSON). */
export function customText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
