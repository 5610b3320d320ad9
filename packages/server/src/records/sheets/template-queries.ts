import type { Db, Tx } from '../../platform/db.js';

/** What an upload template (template.ts) and its guide sheet (template-guide.ts) read of the client. */

/** The client's custom column names in their order. */
export function customColumnRows(db: Db | Tx, clientId: number) {
  return db.selectFrom('custom_column').select('column_name').where('client_id', '=', clientId).orderBy('column_order').orderBy('column_id').execute();
}

/** The infringement subcategories with a code, by code. */
export function subcategoryCodes(db: Db | Tx) {
  return db.selectFrom('infringement_subcategory').select(['code', 'name', 'name_en']).where('code', '<>', '').orderBy('code').execute();
}

/** The client's product categories with a code, by code. */
export function productCategoryCodes(db: Db | Tx, clientId: number) {
  return db.selectFrom('product_category').select(['code', 'name', 'name_en']).where('client_id', '=', clientId).where('code', '<>', '').orderBy('code').execute();
}

/** The client's trademarks by number. */
export function trademarkTexts(db: Db | Tx, clientId: number) {
  return db.selectFrom('trademark').select(['no', 'text']).where('client_id', '=', clientId).orderBy('no').execute();
}
