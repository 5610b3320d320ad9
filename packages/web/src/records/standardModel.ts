import { CATEGORIZED_ANALYST_FIELDS, CATEGORIZED_RESPONSE_FIELDS, CATEGORIZED_UPDATE_FIELDS, type CategorizedUpdateField, type Locale } from '@portal/contract';
import type { FilterValue } from './listQuery';
import { standardForm } from './standardForm';
import { codeText, dayOf, type Codes } from './values';

/**
 * What the models of the kinds with the standard form (WS, SNS) share: field labels from the contract's list, the
 * history's payload names as record names, how a value reads (the kind's code lists, trademark and report names,
 * dates) and the detail form. Each kind's model binds them to its own lists. Pure: unit-tested through the kinds'
 * models.
 */

/** The names a standard kind's values read with. */
export interface StandardLookups {
  locale: Locale;
  /** Trademark id: its registration number. */
  trademarks: ReadonlyMap<number, string>;
  reports: ReadonlyMap<number, string>;
}

/** The contract's label of a record field in the user's language (the field's own name for one the list lacks). */
export function fieldLabelIn(fields: readonly { key: string; en: string; ja: string }[]) {
  return (key: string, locale: Locale): string => {
    const field = fields.find((f) => f.key === key);
    return field ? field[locale] : key;
  };
}

/** A history row's field name (payload or record naming) as the record's. */
export function standardRecordFieldOf(name: string): string {
  return name in CATEGORIZED_UPDATE_FIELDS ? CATEGORIZED_UPDATE_FIELDS[name as CategorizedUpdateField] : name;
}

/** How a kind's values read: its code lists by field (the category, action and results; SNS: the platform too) and its date fields. */
export function standardValueText(codes: Readonly<Record<string, Codes>>, dateFields: readonly string[]) {
  const dates = new Set(dateFields);
  /** A raw value of a field as the user reads it: codes as labels, ids as names, dates YYYY-MM-DD. */
  return (key: string, value: FilterValue | undefined, lookups: StandardLookups): string => {
    if (value === null || value === undefined || value === '') return '';
    const n = typeof value === 'number' ? value : Number(value);
    const list = codes[key];
    if (list) return codeText(list, n, lookups.locale) ?? String(value);
    if (key === 'trademarkId') return lookups.trademarks.get(n) ?? String(value);
    if (key === 'reportId') return lookups.reports.get(n) ?? String(value);
    if (dates.has(key) && dayOf(value)) return dayOf(value);
    return String(value);
  };
}

/** Every result field of the standard record, for a kind's code lists. */
export function resultCodes(results: Codes): Record<string, Codes> {
  return { process1ResultId: results, process2ResultId: results, process3ResultId: results, processResultId: results };
}

/** The detail form bound to a standard kind's record: the contract's shared payload map and role lists. */
export function categorizedForm<R extends { id: number } & Record<(typeof CATEGORIZED_UPDATE_FIELDS)[CategorizedUpdateField], unknown>, P>(
  payload: Parameters<typeof standardForm<R, P>>[0]['payload'],
) {
  return standardForm<R, P>({
    updateFields: CATEGORIZED_UPDATE_FIELDS,
    analystFields: CATEGORIZED_ANALYST_FIELDS,
    responseFields: CATEGORIZED_RESPONSE_FIELDS,
    recordId: (record) => record.id,
    payload,
  });
}
