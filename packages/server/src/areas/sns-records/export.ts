import { SNS_RECORD_FIELDS, type SnsRecordField } from '@portal/contract';
import { namedCell, plainCell, type ExportPart } from '../records/export.js';
import { SNS_FIELDS, type SnsRow } from './repo.js';

/**
 * Export of social media records on the engine's export: the SNS fields with their labels, cells in the upload's
 * terms (platform, SNS category and results as numbers, the trademark as its number, the report by name; the
 * matching reasons, which an upload computes and skips), so the sheet goes back in as an update upload.
 */
export interface SnsLookups {
  trademarkNumbers: Map<number, string>;
  reportNames: Map<number, string>;
}

const isField = (key: string): key is SnsRecordField => key in SNS_FIELDS;

export const SNS_EXPORT: ExportPart<SnsRow, SnsLookups> = {
  fields: SNS_RECORD_FIELDS,
  select: [...new Set(Object.values(SNS_FIELDS).map((f) => `r.${f.column}`))],
  async lookups(db, clientId) {
    const [marks, reports] = await Promise.all([
      db.selectFrom('trademark').select(['trademark_id', 'no']).where('client_id', '=', clientId).execute(),
      db.selectFrom('sns_report').select(['report_id', 'report_name']).where('client_id', '=', clientId).execute(),
    ]);
    return { trademarkNumbers: new Map(marks.map((t) => [t.trademark_id, t.no])), reportNames: new Map(reports.map((r) => [r.report_id, r.report_name])) };
  },
  cell(r, key, l) {
    const row: Readonly<Record<string, unknown>> = r;
    if (key === 'trademarkId') return namedCell(l.trademarkNumbers, r.trademark_id);
    if (key === 'reportId') return namedCell(l.reportNames, r.report_id);
    return isField(key) ? plainCell(row[SNS_FIELDS[key].column]) : null;
  },
  customColumns: () => Promise.resolve([]),
  customOf: () => ({}),
  fileStem: 'sns-records',
};
