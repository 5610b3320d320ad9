import type { Selectable } from 'kysely';
import type { CategorizedRecordColumns } from '../../platform/schema.js';
import type { ColumnRule, NamedCodes } from '../sheets/columns.js';
import type { Field, FieldKind } from '../core/kind.js';
import type { FieldColumn } from './write-queries.js';

/**
 * What the kinds of categorized records with three report rounds and a response (website and SNS records, tables
 * extending CategorizedRecordColumns) share on the server: those fields by answer name, their part of the answer,
 * and their sheet columns. Each kind adds its own fields around them; EC names its rounds its own way and shares
 * only the round rules (`roundColumnRules`).
 */

type Column = keyof CategorizedRecordColumns & string;
const f = (column: Column, kind: FieldKind): Field => ({ column, kind });

/** The category, by answer name (after the kind's scraped fields). */
export const CATEGORY_FIELDS = {
  categorizeDate: f('categorize_date', 'date'),
  categoryId: f('category_id', 'int'),
  remarks: f('remarks', 'text'),
} as const;

/** The response, the rounds and the final result, by answer name (after the kind's own fields). */
export const RESPONSE_ROUND_FIELDS = {
  action: f('action', 'int'),
  responseRemarks: f('response_remarks', 'text'),
  trademarkId: f('trademark_id', 'int'),
  responseDate: f('response_date', 'date'),
  process1Date: f('process1_date', 'date'),
  process1ResultId: f('process1_result', 'int'),
  process1ConfirmDate: f('process1_confirm_date', 'date'),
  process2Date: f('process2_date', 'date'),
  process2ResultId: f('process2_result', 'int'),
  process2ConfirmDate: f('process2_confirm_date', 'date'),
  process3Date: f('process3_date', 'date'),
  process3ResultId: f('process3_result', 'int'),
  process3ConfirmDate: f('process3_confirm_date', 'date'),
  processResultId: f('process_result', 'int'),
  processConfirmDate: f('process_confirm_date', 'date'),
  processRemarks: f('process_remarks', 'text'),
} as const;

type Row = Selectable<CategorizedRecordColumns>;

/** The answer's category part. */
export function presentCategory(r: Row) {
  return { categorizeDate: r.categorize_date, categoryId: r.category_id, remarks: r.remarks };
}

/** The answer's response, rounds, final result and bookkeeping (its last fields). */
export function presentResponseRounds(r: Row) {
  return {
    action: r.action,
    responseRemarks: r.response_remarks,
    trademarkId: r.trademark_id,
    responseDate: r.response_date,
    process1Date: r.process1_date,
    process1ResultId: r.process1_result,
    process1ConfirmDate: r.process1_confirm_date,
    process2Date: r.process2_date,
    process2ResultId: r.process2_result,
    process2ConfirmDate: r.process2_confirm_date,
    process3Date: r.process3_date,
    process3ResultId: r.process3_result,
    process3ConfirmDate: r.process3_confirm_date,
    processResultId: r.process_result,
    processConfirmDate: r.process_confirm_date,
    processRemarks: r.process_remarks,
    is_error: r.is_error,
    published: r.published,
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** The sheet's category columns: the kind's categories by number or name. */
export function categoryColumnRules(categories: NamedCodes): ColumnRule<keyof typeof CATEGORY_FIELDS>[] {
  return [
    { key: 'categorizeDate', kind: 'date' },
    { key: 'categoryId', kind: 'named', names: categories },
    { key: 'remarks', kind: 'text', max: 2000 },
  ];
}

/** Each report round's date, result and confirm date, by the kind's names for them. */
export function roundColumnRules<K extends string>(round: (n: 1 | 2 | 3) => { date: K; result: K; confirmDate: K }): ColumnRule<K>[] {
  return ([1, 2, 3] as const).flatMap((n) => {
    const names = round(n);
    return [
      { key: names.date, kind: 'date' },
      { key: names.result, kind: 'result' },
      { key: names.confirmDate, kind: 'date' },
    ] satisfies ColumnRule<K>[];
  });
}

/** The sheet's response, round and final result columns. */
export const RESPONSE_ROUND_RULES: ColumnRule<keyof typeof RESPONSE_ROUND_FIELDS>[] = [
  { key: 'action', kind: 'wsAction' },
  { key: 'responseRemarks', kind: 'text', max: 2000 },
  { key: 'trademarkId', kind: 'trademark' },
  { key: 'responseDate', kind: 'date' },
  ...roundColumnRules((n) => ({ date: `process${n}Date`, result: `process${n}ResultId`, confirmDate: `process${n}ConfirmDate` })),
  { key: 'processResultId', kind: 'result' },
  { key: 'processConfirmDate', kind: 'date' },
  { key: 'processRemarks', kind: 'text', max: 2000 },
];

const SQL_TYPE = { text: 'text', int: 'int', date: 'date', numeric: 'numeric', bool: 'boolean' } as const;
/** The sheet's fields with their columns and SQL types, in the rules' order: every rule but the id. */
export function fieldColumnsOf<K extends string>(rules: readonly ColumnRule<K>[], fields: Readonly<Record<K, Field>>): FieldColumn[] {
  return rules.filter((r) => r.kind !== 'id').map((r) => [r.key, fields[r.key].column, SQL_TYPE[fields[r.key].kind]]);
}
