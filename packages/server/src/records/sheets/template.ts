import ExcelJS from 'exceljs';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { columnLabel, type SheetColumns } from './columns.js';
import { exampleValues } from './template-example.js';
import { addGuideSheet, hintFor, loadGuideCodes } from './template-guide.js';
import { customColumnRows } from './template-queries.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The upload template: one header row, exactly what a new upload reads, in the user's language (an upload takes
 * English or Japanese labels alike), with the client's custom columns after the record fields. Required columns
 * are bold; a note on each header says what its cells take. Row 2 is an example the upload skips while unchanged
 * (template-example.ts); the second sheet, "How to fill", explains every column (template-guide.ts). The upload
 * reads the first sheet, so the data sheet stays first.
 */
export interface TemplateKind {
  sheet: SheetColumns;
  /** The client's custom columns follow the record fields (EC). */
  customColumns: boolean;
  sheetName: string;
  fileName: string;
}

export async function templateFor(ctx: AuthedContext, clientId: number, kind: TemplateKind): Promise<DownloadAnswer> {
  const custom = kind.customColumns
    ? await customColumnRows(ctx.db, clientId)
    : [];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind.sheetName);
  const rules = kind.sheet.rules.filter((r) => r.kind !== 'id');
  const headers = [...rules.map((r) => columnLabel(r.key, ctx.locale, kind.sheet.fields)), ...custom.map((c) => c.column_name)];
  const row = sheet.addRow(headers);
  rules.forEach((rule, i) => {
    const cell = row.getCell(i + 1);
    cell.font = { bold: Boolean(rule.required) };
    cell.note = hintFor(rule, ctx.locale, headers[i] ?? '');
  });
  const example = exampleValues(kind.sheet, ctx.locale);
  const exampleRow = sheet.addRow([...rules.map((r) => example[r.key] ?? null), ...custom.map(() => null)]);
  exampleRow.font = { italic: true, color: { argb: 'FF808080' } };
  // Text cells, so that a spreadsheet program shows (and keeps) them exactly as the upload compares them.
  exampleRow.eachCell((cell) => (cell.numFmt = '@'));
  sheet.columns.forEach((col) => (col.width = 18));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const codes = await loadGuideCodes(ctx, clientId, rules);
  addGuideSheet(workbook, { locale: ctx.locale, sheet: kind.sheet, rules, custom: custom.map((c) => c.column_name), example, codes, dataSheet: kind.sheetName });
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { contentType: XLSX_TYPE, body, fileName: kind.fileName };
}
