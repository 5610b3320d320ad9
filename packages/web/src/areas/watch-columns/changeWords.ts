import type { WATCH_CHANGES } from '@portal/contract';

/**
 * The words and colours of a watch change, shared by the watches' pages and the record lists' watch columns (a folder
 * of its own: the EC kind imports the columns, and the watches' pages import areas the EC kind is imported by).
 */

/** A translator as the catalogue's `t` (keys name their namespace, `watches:`) (kept loose so the model stays pure and testable with any i18next instance). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

export type ChangeKind = (typeof WATCH_CHANGES)[number];
export const CHANGE_COLORS: Record<ChangeKind, string> = { new: 'green', changed: 'gold', gone: 'red', back: 'purple' };

/** "price: 2000 → 1500", the field named in the reader's language; an empty side shows as a dash. */
export function fieldChangeText(change: { field: string; before: string | null; after: string | null }, t: Translate): string {
  const name = t(`watches:field.${change.field}`, { defaultValue: change.field });
  return t('watches:change.fieldText', { field: name, before: change.before ?? '—', after: change.after ?? '—' });
}
