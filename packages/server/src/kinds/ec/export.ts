import { EC_RECORD_FIELDS, type EcRecordField } from '@portal/contract';
import type { Db, Tx } from '../../platform/db.js';
import { namedCell, plainCell, textCell, type Cell, type ExportPart } from '../../records/export/export.js';
import { FIELD_COLUMNS, type FieldRow, type RecordRow } from './fields.js';
import { customColumns, exportLookupRows } from './queries.js';

/**
 * Export of marketplace (EC) records on the engine's export (records/export/export.ts): the EC fields with their labels
 * and the client's custom columns after the field each follows; cells in the upload's terms (subcategory and
 * product category codes, trademark numbers, the report by name, which an upload skips), so the sheet goes back
 * in as an update upload.
 */
type Conn = Db | Tx;

/** What the cells name in the upload's terms (codes and numbers), so an exported sheet can be uploaded again. */
export interface ExportLookups {
  subcategoryCodes: Map<number, string>;
  productCategoryCodes: Map<number, string>;
  trademarkNumbers: Map<number, string>;
  reportNames: Map<number, string>;
}

async function exportLookups(db: Conn, clientId: number): Promise<ExportLookups> {
  const { subcategories: subs, productCategories: categories, trademarks: marks, reports } = await exportLookupRows(db, clientId);
  return {
    subcategoryCodes: new Map(subs.map((s) => [s.id, s.code])),
    productCategoryCodes: new Map(categories.map((c) => [c.id, c.code])),
    trademarkNumbers: new Map(marks.map((t) => [t.trademark_id, t.no])),
    reportNames: new Map(reports.map((r) => [r.report_id, r.report_name])),
  };
}

const isField = (key: string): key is EcRecordField => EC_RECORD_FIELDS.some((f) => f.key === key);

function fieldCell(r: FieldRow, key: string, l: ExportLookups): Cell {
  if (!isField(key)) return null;
  switch (key) {
    case 'ec_product_price':
      return r.ec_product_price === null ? null : Number(r.ec_product_price);
    case 'ec_is_need_to_check':
      return r.ec_is_need_to_check ? 1 : 0;
    case 'ec_category_id':
      return namedCell(l.subcategoryCodes, r.ec_category_id);
    case 'ec_product_category_id':
      return namedCell(l.productCategoryCodes, r.ec_product_category_id);
    case 'ec_response_trademark':
      return namedCell(l.trademarkNumbers, r.ec_response_trademark);
    case 'report_id':
      return namedCell(l.reportNames, r.report_id);
    case 'declarationStatus':
      return textCell(r.declaration_status);
    default:
      return plainCell(r[key]);
  }
}

export const EC_EXPORT: ExportPart<RecordRow, ExportLookups> = {
  fields: EC_RECORD_FIELDS,
  select: FIELD_COLUMNS,
  lookups: exportLookups,
  cell: fieldCell,
  customColumns,
  customOf: (r) => r.custom_info ?? {},
  fileStem: 'ec-records',
};
