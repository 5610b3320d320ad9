import type { FieldLabels } from '../sheets/columns.js';
import { namedCell, plainCell, type ExportPart } from './export.js';
import { reportNamesOf, trademarkNumbers } from './export-queries.js';
import type { Field } from '../core/kind.js';

/** What a standard kind's export shows ids by: trademark numbers and report names. */
export interface StandardExportLookups {
  trademarkNumbers: Map<number, string>;
  reportNames: Map<number, string>;
}

/** A standard kind's row as its export reads it: its columns, with the trademark and report ids. */
type StandardRow = { trademark_id: number | null; report_id: number } & object;

/**
 * The export of a kind without custom columns (websites, social media), on the engine's export: the kind's fields
 * with their labels, cells in the upload's terms (codes as numbers, the trademark as its number, the report by name,
 * which an upload skips), so the sheet goes back in as an update upload.
 */
export function standardExport<Row extends StandardRow>(kind: {
  fields: FieldLabels;
  /** The kind's fields by answer name (its repo's). */
  columns: Readonly<Record<string, Field>>;
  reportTable: 'ws_report' | 'sns_report';
  fileStem: string;
}): ExportPart<Row, StandardExportLookups> {
  return {
    fields: kind.fields,
    select: [...new Set(Object.values(kind.columns).map((f) => `r.${f.column}`))],
    async lookups(db, clientId) {
      const [marks, reports] = await Promise.all([
        trademarkNumbers(db, clientId),
        reportNamesOf(db, kind.reportTable, clientId),
      ]);
      return { trademarkNumbers: new Map(marks.map((t) => [t.trademark_id, t.no])), reportNames: new Map(reports.map((r) => [r.report_id, r.report_name])) };
    },
    cell(r, key, l) {
      const row: Readonly<Record<string, unknown>> = r;
      if (key === 'trademarkId') return namedCell(l.trademarkNumbers, r.trademark_id);
      if (key === 'reportId') return namedCell(l.reportNames, r.report_id);
      return Object.hasOwn(kind.columns, key) ? plainCell(row[kind.columns[key]!.column]) : null;
    },
    customColumns: () => Promise.resolve([]),
    customOf: () => ({}),
    fileStem: kind.fileStem,
  };
}
