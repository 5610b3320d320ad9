import dayjs, { type Dayjs } from 'dayjs';
import { EC_ANALYST_FIELDS, EC_RESPONSE_FIELDS, recordSaveProblem, type EcRecord, type MessageKey, type SaveRuleFields, type UpdateRecordInput } from '@portal/contract';
import { customText, customValues } from '../../records/columnLayout';
import { dayOf } from '../../records/values';
import { PAYLOAD_FIELDS, type PayloadField } from './ecModel';

/**
 * The record detail's form (document 3, sections 2, 5 and 7): its values from a record, the browser's check in the
 * spec's order (the server checks the same, with the same messages), and the update payload: only the fields the
 * user's role may change, and of those only the ones that differ from the saved record.
 */

const DATE = 'YYYY-MM-DD';

export const ROUNDS = [1, 2, 3] as const;
export type Round = (typeof ROUNDS)[number];

type DateField = 'categorizeDate' | 'responseDate' | 'processConfirmDate' | `process${Round}Date` | `process${Round}ConfirmDate`;
type NumberField = 'categoryId' | 'productCategoryId' | 'action' | 'trademarkId' | 'processResult' | `process${Round}Result`;
type TextField = 'titleHintWord' | 'brandHintWord' | 'categoryRemarks' | 'reason' | 'responseRemarks' | 'declarationStatus' | 'processRemarks';

const DATE_FIELDS: readonly DateField[] = [
  'categorizeDate',
  'responseDate',
  'processConfirmDate',
  'process1Date',
  'process1ConfirmDate',
  'process2Date',
  'process2ConfirmDate',
  'process3Date',
  'process3ConfirmDate',
];
const NUMBER_FIELDS: readonly NumberField[] = ['categoryId', 'productCategoryId', 'action', 'trademarkId', 'processResult', 'process1Result', 'process2Result', 'process3Result'];
const TEXT_FIELDS: readonly TextField[] = ['titleHintWord', 'brandHintWord', 'categoryRemarks', 'reason', 'responseRemarks', 'declarationStatus', 'processRemarks'];

/** The form's values: antd's (dates as Dayjs; a cleared select may be undefined). Custom columns by name. */
export type RecordFormValues = { [K in DateField]?: Dayjs | null } & { [K in NumberField]?: number | null } & { [K in TextField]?: string } & {
  custom?: Record<string, string | undefined>;
};

/** Every payload field but the ids, in the payload's shape: dates YYYY-MM-DD or null, codes and ids or null. */
export type RecordFields = { [K in DateField]: string | null } & { [K in NumberField]: number | null } & { [K in TextField]: string } & { customInfo: string };

/** The form's starting values: the saved record, with a value for every custom column of the client. */
export function formValuesOf(record: EcRecord, customNames: readonly string[]): RecordFormValues {
  const saved = savedFields(record);
  const values: RecordFormValues = {};
  for (const key of DATE_FIELDS) values[key] = saved[key] ? dayjs(saved[key]) : null;
  for (const key of NUMBER_FIELDS) values[key] = saved[key];
  for (const key of TEXT_FIELDS) values[key] = saved[key];
  const custom = customValues(record.custom_info);
  values.custom = Object.fromEntries(customNames.map((name) => [name, customText(custom[name])]));
  return values;
}

/** The saved record in the payload's shape. */
export function savedFields(record: EcRecord): RecordFields {
  const fields = {} as Record<string, unknown>;
  for (const key of DATE_FIELDS) fields[key] = dayOf(record[PAYLOAD_FIELDS[key]]) || null;
  for (const key of NUMBER_FIELDS) fields[key] = (record[PAYLOAD_FIELDS[key]] as number | null) ?? null;
  for (const key of TEXT_FIELDS) fields[key] = String(record[PAYLOAD_FIELDS[key]] ?? '');
  fields.customInfo = record.custom_info;
  return fields as RecordFields;
}

/** The form's values in the payload's shape; custom values are merged into the saved custom_info (other keys kept). */
export function formFields(values: RecordFormValues, record: EcRecord): RecordFields {
  const fields = {} as Record<string, unknown>;
  for (const key of DATE_FIELDS) {
    const v = values[key];
    fields[key] = v && dayjs.isDayjs(v) && v.isValid() ? v.format(DATE) : null;
  }
  for (const key of NUMBER_FIELDS) {
    const v = values[key];
    fields[key] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  for (const key of TEXT_FIELDS) fields[key] = values[key] ?? '';
  fields.customInfo = mergedCustomInfo(record.custom_info, values.custom ?? {});
  return fields as RecordFields;
}

/** The saved custom_info with the form's custom values over it; the saved text itself when nothing differs. */
export function mergedCustomInfo(saved: string, custom: Record<string, string | undefined>): string {
  const before = customValues(saved);
  const changed = Object.entries(custom).filter(([name, value]) => (value ?? '') !== customText(before[name]));
  if (changed.length === 0) return saved;
  return JSON.stringify({ ...before, ...Object.fromEntries(changed.map(([name, value]) => [name, value ?? ''])) });
}

export interface SaveProblem {
  key: MessageKey;
  params?: { round: number };
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Document 3, section 5: the save rule, the same function the server applies (from the contract). */
export function saveProblem(f: SaveRuleFields): SaveProblem | null {
  return recordSaveProblem(f);
}

/** The fields a role may send (spec 6): analysts every field, client users the response. */
export function editableFields(analyst: boolean): readonly PayloadField[] {
  return analyst ? [...EC_ANALYST_FIELDS, ...EC_RESPONSE_FIELDS] : EC_RESPONSE_FIELDS;
}

/**
 * The update call's payload: the ids, and each field the role may change whose form value differs from the saved
 * record. Only the ids means nothing changed.
 */
export function changedPayload(args: { clientId: number; record: EcRecord; values: RecordFormValues; analyst: boolean }): UpdateRecordInput {
  const { clientId, record, values, analyst } = args;
  const now = formFields(values, record);
  const before = savedFields(record);
  const payload: Record<string, unknown> = { clientId, recordId: record.ec_id };
  for (const key of editableFields(analyst)) {
    if (now[key] !== before[key]) payload[key] = now[key];
  }
  return payload as UpdateRecordInput;
}

/** Document 3, section 4: a report step is finished when its result and its date are both filled. */
export function stepFinished(fields: Partial<RecordFields>, step: 1 | 2 | 3 | 4): boolean {
  if (step === 4) return filled(fields.processResult) && filled(fields.processConfirmDate);
  return filled(fields[`process${step}Result`]) && filled(fields[`process${step}Date`]);
}
