import { EC_ANALYST_FIELDS, EC_RESPONSE_FIELDS, EC_UPDATE_FIELDS, recordSaveProblem } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ExtraChange, HistoryValue, SavePart } from '../../records/core/kind.js';
import type { EcTypes } from './kind.js';
import { present, type RecordRow } from './fields.js';
import { customColumnNames, isClientsProductCategory, isClientsTrademark, subcategoryCommonCategory } from './queries.js';

/**
 * The detail save of a marketplace record (document 3, section 5) on the engine's save (records/batches/save.ts): what
 * its fields name must exist for the client, a new subcategory brings its aggregate category, and the client's
 * custom columns are saved beside the fields.
 */

/** The payload's fields with the answer field each changes; the custom columns are the save's extra. */
const SAVE_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(EC_UPDATE_FIELDS).filter(([payload]) => payload !== 'customInfo'));

/** Custom column values: an object of text by the client's column names (numbers and booleans become text). */
async function checkCustomInfo(ctx: AuthedContext, clientId: number, text: string): Promise<Record<string, string>> {
  const given = JSON.parse(text) as Record<string, unknown>;
  const names = new Set(await customColumnNames(ctx.db, clientId));
  const entries = Object.entries(given).map(([name, value]): [string, string] => {
    if (!names.has(name)) throw new AppError('unknownCustomColumn', { column: name.slice(0, 100) });
    if (value !== null && typeof value === 'object') throw new AppError('badRequest', {}, 'validation.customInfoInvalid');
    return [name, value === null || value === undefined ? '' : String(value)];
  });
  return Object.fromEntries(entries);
}

/** What the changed fields name must exist; a new subcategory brings its aggregate category (an unchanged one leaves it). */
async function check(ctx: AuthedContext, clientId: number, changes: Record<string, HistoryValue>, current: RecordRow): Promise<void> {
  const subcategory = changes.ec_category_id;
  if (subcategory !== undefined && subcategory !== current.ec_category_id) {
    if (subcategory === null) changes.ec_category_common_type_id = null;
    else {
      const sub = await subcategoryCommonCategory(ctx.db, Number(subcategory));
      if (!sub) throw new AppError('unknownSubcategory');
      changes.ec_category_common_type_id = sub.common_category;
    }
  }
  if (changes.ec_product_category_id) {
    if (!(await isClientsProductCategory(ctx.db, clientId, Number(changes.ec_product_category_id)))) throw new AppError('unknownProductCategory');
  }
  if (changes.ec_response_trademark) {
    if (!(await isClientsTrademark(ctx.db, clientId, Number(changes.ec_response_trademark)))) throw new AppError('unknownTrademark');
  }
}

/** The custom columns sent, merged into the saved ones (history key custom_info, as JSON text). */
async function extra(ctx: AuthedContext, input: EcTypes['update'], current: RecordRow): Promise<ExtraChange | null> {
  if (input.customInfo === undefined) return null;
  const customInfo = { ...current.custom_info, ...(await checkCustomInfo(ctx, input.clientId, input.customInfo)) };
  const text = JSON.stringify(customInfo);
  if (text === JSON.stringify(current.custom_info)) return null;
  return { set: { custom_info: text }, changed: { custom_info: text } };
}

export const EC_SAVE: SavePart<EcTypes> = {
  fields: SAVE_FIELDS,
  analystFields: EC_ANALYST_FIELDS,
  responseFields: EC_RESPONSE_FIELDS,
  rule: recordSaveProblem,
  check,
  extra,
  answer: (row, locale) => ({ record: present(row, locale), ec_upload_image_names: row.ec_upload_image_names }),
};
