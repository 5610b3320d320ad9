import dayjs, { type Dayjs } from 'dayjs';
import { recordSaveProblem, type SaveRuleFields } from '@portal/contract';
import { dayOf } from './values';

/**
 * The detail form of the record kinds whose update payload has the website record's names (WS and SNS; document 3,
 * section 7): categorize date, category and remarks; the response (action, trademark, date, remarks); three report
 * rounds and the final result. Each kind binds it to its record with `standardForm`: its payload-to-record field map
 * and the fields a role may send (the contract's lists). Pure: unit-tested through the kinds' models.
 */

export const STANDARD_DATE_FIELDS = [
  'categorizeDate', 'responseDate', 'process1Date', 'process1ConfirmDate', 'process2Date', 'process2ConfirmDate', 'process3Date',
  'process3ConfirmDate', 'processConfirmDate',
] as const;
export const STANDARD_NUMBER_FIELDS = ['categoryId', 'action', 'trademarkId', 'process1Result', 'process2Result', 'process3Result', 'processResult'] as const;
export const STANDARD_TEXT_FIELDS = ['remarks', 'responseRemarks', 'processRemarks'] as const;
type DateField = (typeof STANDARD_DATE_FIELDS)[number];
type NumberField = (typeof STANDARD_NUMBER_FIELDS)[number];
type TextField = (typeof STANDARD_TEXT_FIELDS)[number];
/** A payload field of the standard form. */
export type StandardField = DateField | NumberField | TextField;

/** The form's values by payload name: dates as dayjs (or null), codes and ids as numbers (or null), texts. */
export type StandardFormValues = Partial<{ [K in DateField]: Dayjs | null } & { [K in NumberField]: number | null } & { [K in TextField]: string }>;
/** The payload's shape of every field: dates YYYY-MM-DD or null. */
export type StandardFields = { [K in DateField]: string | null } & { [K in NumberField]: number | null } & { [K in TextField]: string };

/** What a kind binds the form to. */
export interface StandardFormKind<R, P> {
  /** The record field (answer name) each payload field changes (the contract's map). */
  updateFields: { readonly [K in StandardField]: keyof R & string };
  /** Fields only analysts may send, and the client users' (the response). */
  analystFields: readonly StandardField[];
  responseFields: readonly StandardField[];
  recordId: (record: R) => number;
  /** The kind's update payload type (the contract's), checked by its schema before it is sent. */
  payload: (fields: { clientId: number; recordId: number } & Partial<StandardFields>) => P;
}

const DATE = 'YYYY-MM-DD';

/** A report step is finished when its result and its date are both filled (step 4: the final result). */
export function standardStepFinished(fields: StandardFields, step: 1 | 2 | 3 | 4): boolean {
  const filled = (v: unknown) => v !== null && v !== '';
  if (step === 4) return filled(fields.processResult) && filled(fields.processConfirmDate);
  return filled(fields[`process${step}Result`]) && filled(fields[`process${step}Date`]);
}

/** The form's values in the payload's shape. */
export function standardFormFields(values: StandardFormValues): StandardFields {
  const fields = {} as Record<string, unknown>;
  for (const key of STANDARD_DATE_FIELDS) {
    const v = values[key];
    fields[key] = v && dayjs.isDayjs(v) && v.isValid() ? v.format(DATE) : null;
  }
  for (const key of STANDARD_NUMBER_FIELDS) {
    const v = values[key];
    fields[key] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  for (const key of STANDARD_TEXT_FIELDS) fields[key] = values[key] ?? '';
  return fields as StandardFields;
}

/** Document 3, section 5: the save rule of the contract (the server's), with the kind's category as the category. */
export function standardSaveProblem(fields: StandardFields) {
  return recordSaveProblem(fields satisfies SaveRuleFields);
}

/** The form bound to one kind's record. */
export function standardForm<R extends object, P>(kind: StandardFormKind<R, P>) {
  const savedFields = (record: R): StandardFields => {
    const value = (key: StandardField) => (record as Record<string, unknown>)[kind.updateFields[key]];
    const fields = {} as Record<string, unknown>;
    for (const key of STANDARD_DATE_FIELDS) fields[key] = dayOf(value(key)) || null;
    for (const key of STANDARD_NUMBER_FIELDS) fields[key] = (value(key) as number | null | undefined) ?? null;
    for (const key of STANDARD_TEXT_FIELDS) fields[key] = String(value(key) ?? '');
    return fields as StandardFields;
  };

  const formValuesOf = (record: R): StandardFormValues => {
    const saved = savedFields(record);
    const values: StandardFormValues = {};
    for (const key of STANDARD_DATE_FIELDS) values[key] = saved[key] ? dayjs(saved[key]) : null;
    for (const key of STANDARD_NUMBER_FIELDS) values[key] = saved[key];
    for (const key of STANDARD_TEXT_FIELDS) values[key] = saved[key];
    return values;
  };

  /** The fields a role may send (spec 6): analysts every field, client users the response. */
  const editableFields = (analyst: boolean): readonly StandardField[] => (analyst ? [...kind.analystFields, ...kind.responseFields] : kind.responseFields);

  /** The update payload: the ids and each field the role may change whose value differs from the saved record. */
  const changedPayload = (args: { clientId: number; record: R; values: StandardFormValues; analyst: boolean }): P => {
    const now = standardFormFields(args.values);
    const before = savedFields(args.record);
    const changed: Partial<Record<StandardField, unknown>> = {};
    for (const key of editableFields(args.analyst)) {
      if (now[key] !== before[key]) changed[key] = now[key];
    }
    return kind.payload({ clientId: args.clientId, recordId: kind.recordId(args.record), ...(changed as Partial<StandardFields>) });
  };

  return { savedFields, formValuesOf, editableFields, changedPayload };
}
