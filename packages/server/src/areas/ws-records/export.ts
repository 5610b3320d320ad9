import { WS_RECORD_FIELDS, type WsRecordField } from '@portal/contract';
import { namedCell, plainCell, type ExportPart } from '../records/export.js';
import { WS_FIELDS, type WsRow } from './repo.js';

/**
 * Export of website records (document 3, "export of the search result") on the engine's export: the WS fields with
 * their labels, cells in the upload's terms (the site category and results as numbers, the trademark as its
 * number, the report by name, which an upload skips), so the sheet goes back in as an update upload. No custom
 * columns for websites.
 */
export interface WsLookups {
  trademarkNumbers: Map<number, string>;
  reportNames: Map<number, string>;
}

const isField = (key: string): key is WsRecordField => key in WS_FIELDS;

export const WS_EXPORT: ExportPart<WsRow, WsLookups> = {
  fields: WS_RECORD_FIELDS,
  select: [...new Set(Object.values(WS_FIELDS).map((f) => `r.${f.column}`))],
  async lookups(db, clientId) {
    const [marks, reports] = await Promise.all([
      db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute(),
      db.selectFrom('ws_report').select(['report_id', 'report_name']).where('client_id', '=', clientId).execute(),
    ]);
    return { trademarkNumbers: new Map(marks.map((t) => [t.trademark_id, t.no])), reportNames: new Map(reports.map((r) => [r.report_id, r.report_name])) };
  },
  cell(r, key, l) {
    const row: Readonly<Record<string, unknown>> = r;
    if (key === 'trademarkId') return namedCell(l.trademarkNumbers, r.trademark_id);
    if (key === 'reportId') return namedCell(l.reportNames, r.report_id);
    return isField(key) ? plainCell(row[WS_FIELDS[key].column]) : null;
  },
  customColumns: () => Promise.resolve([]),
  customOf: () => ({}),
  fileStem: 'ws-records',
};
