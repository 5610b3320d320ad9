import type { Db, Tx } from '../../platform/db.js';
import type { Lookups } from '../../records/sheets/columns.js';
import type { TemplateKind } from '../../records/sheets/template.js';
import type { UploadKind } from '../../records/upload/upload.js';
import { EC_CHECK_SOURCE, EC_SHEET } from './check.js';
import { loadMatcherData } from './matching.js';
import { customColumnNames, uploadLookupRows } from './queries.js';
import { EC_TABLE, insertRecords, type PackedRecords } from './writes.js';

/**
 * Marketplace (EC) report sheets on the record engine's upload (records/upload/upload.ts): the client's lookups
 * (subcategory codes, product category codes, trademark numbers), its custom columns, the matcher's lists, the
 * insert with repeat flags, and the template with the custom columns after the record fields.
 */

async function loadLookups(db: Db | Tx, clientId: number): Promise<Lookups> {
  const { subcategories: subs, productCategories: cats, trademarks: marks } = await uploadLookupRows(db, clientId);
  return {
    subcategories: new Map(subs.filter((s) => s.code !== '').map((s) => [s.code.toLowerCase(), { id: s.id, common: s.common_category }])),
    commonBySubcategory: new Map(subs.map((s) => [s.id, s.common_category])),
    productCategories: new Map(cats.filter((c) => c.code !== '').map((c) => [c.code.toLowerCase(), c.id])),
    trademarks: new Map(marks.map((m) => [m.no.toLowerCase(), m.trademark_id])),
  };
}

/** Marketplace (EC) reports: subcategory, product category and trademark lookups, custom columns, matching hints. */
export const EC_UPLOAD: UploadKind<PackedRecords> = {
  check: EC_CHECK_SOURCE,
  table: EC_TABLE,
  reportTable: 'ec_report',
  loadLookups,
  customColumnNames,
  loadPrepareData: loadMatcherData,
  insert: insertRecords,
};

export const EC_TEMPLATE: TemplateKind = { sheet: EC_SHEET, customColumns: true, sheetName: 'EC', fileName: 'ec-report-template.xlsx' };
