import { WS_RECORD_FIELDS, wsRecords, type WsRecordField } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import type { DownloadAnswer } from '../../platform/call.js';
import { exportKindSearchResult, namedCell, plainCell, type ExportKind } from '../ec-records/export.js';
import type { RecordKind } from '../records/search.js';
import { WS_FIELDS, WS_KIND, type WsRow } from './repo.js';

/**
 * Export of website records (document 3, "export of the search result") on the EC export machinery: the WS fields
 * with their labels, cells in the upload's terms (the site category and results as numbers, the trademark as its
 * number, the report by name, which an upload skips), so the sheet goes back in as an update upload. No custom
 * columns for websites.
 */
interface WsLookups {
  trademarkNumbers: Map<number, string>;
  reportNames: Map<number, string>;
}

const SELECT = [...new Set(Object.values(WS_FIELDS).map((f) => `r.${f.column}`))];

export const WS_EXPORT: ExportKind<WsRow, WsLookups> = {
  kind: WS_KIND as unknown as RecordKind,
  fields: WS_RECORD_FIELDS,
  select: SELECT,
  async lookups(db, clientId) {
    const [marks, reports] = await Promise.all([
      db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute(),
      db.selectFrom('ws_report').select(['report_id', 'report_name']).where('client_id', '=', clientId).execute(),
    ]);
    return { trademarkNumbers: new Map(marks.map((t) => [t.trademark_id, t.no])), reportNames: new Map(reports.map((r) => [r.report_id, r.report_name])) };
  },
  cell(r, key, l) {
    const field = WS_FIELDS[key as WsRecordField];
    if (key === 'trademarkId') return namedCell(l.trademarkNumbers, r.trademark_id);
    if (key === 'reportId') return namedCell(l.reportNames, r.report_id);
    return plainCell(r[field.column as keyof WsRow]);
  },
  customColumns: () => Promise.resolve([]),
  customOf: () => ({}),
  search: wsRecords.recordSearch,
  fileStem: 'ws-records',
};

/** GET /api/ws-data/export-search-result: the whole result of the list's search (no paging) as .xlsx. */
export function exportSearchResult(ctx: AuthedContext, query: Record<string, string>): Promise<DownloadAnswer> {
  return exportKindSearchResult(ctx, WS_EXPORT, query);
}
