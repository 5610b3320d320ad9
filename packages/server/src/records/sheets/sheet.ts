import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { REPORT_MAX_CELL_CHARS, REPORT_MAX_PACK_RATIO, REPORT_MAX_PART_BYTES, REPORT_MAX_ROW_BYTES, REPORT_MAX_ROWS, REPORT_MAX_UNPACKED_BYTES, REPORT_MAX_XLS_BYTES } from '@portal/contract';
import type { UploadedFile } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { CsvEncodingError, csvEncoding, csvRows, looksLikeCsv } from './csv-reader.js';
import { UPLOAD_LIMITS, XlsxLimitError, XlsxMacroError, openXlsxWorkbook, type ZipEntry } from './xlsx-reader.js';

/**
 * Reading an uploaded spreadsheet row by row, whatever its format (told by its bytes, not its name): .xlsx streamed
 * from disk by our own reader, .csv by csv-reader.ts
 * (memory stays flat for 100,000 rows and more; see xlsx-reader.ts), legacy .xls through SheetJS. Every worksheet
 * is offered (the checks choose the one whose header matches the template). A cell is its value and whether it held
 * a formula (formulas are refused by the checks, whatever they compute). The row limit counts rows with data: blank
 * rows (a formatted empty cell far down the sheet) are passed over.
 */
export interface SheetCell {
  value: string | number | boolean | Date | null;
  formula: boolean;
}
export interface SheetRow {
  /** 1-based, as the spreadsheet shows it. */
  number: number;
  cells: SheetCell[];
}
export interface Sheet {
  name: string;
  rows: AsyncIterable<SheetRow>;
}
/** A worksheet of an uploaded workbook: `rows()` reads it from its first row. */
export interface SheetSource {
  name: string;
  hidden: boolean;
  rows(): AsyncGenerator<SheetRow>;
}
export interface Workbook {
  sheets: SheetSource[];
  close(): void;
}

export const isBlankRow = (row: SheetRow) => row.cells.every((c) => !c.formula && (c.value === null || String(c.value).trim() === ''));

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the file is, from its first bytes whatever its name says: a zip (.xlsx), a compound file (.xls) or text (.csv). */
export function formatOf(head: Buffer, fileName: string): 'xlsx' | 'xls' | 'csv' {
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (head.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  const ext = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';
  if (['csv', 'txt', 'tsv'].includes(ext) || looksLikeCsv(head)) return 'csv';
  // A spreadsheet's name on other bytes is a damaged file; anything else is a file of another type.
  throw new AppError(['xlsx', 'xls', 'xlsm'].includes(ext) ? 'uploadCorrupt' : 'uploadExtension');
}

/** Opens an uploaded spreadsheet, spooled to disk (.xlsx and .csv streamed from there) or in memory. */
export async function openWorkbook(file: UploadedFile): Promise<Workbook> {
  const path = file.path;
  const head = Buffer.alloc(4096);
  let headLength: number;
  if (path) {
    const fd = fs.openSync(path, 'r');
    headLength = fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
  } else headLength = file.bytes?.copy(head, 0, 0, head.length) ?? 0;
  const format = formatOf(head.subarray(0, headLength), file.filename);
  if (format === 'xls') {
    const size = path ? fs.statSync(path).size : (file.bytes?.length ?? 0);
    if (size > REPORT_MAX_XLS_BYTES) throw new AppError('uploadXlsTooLarge', { max: REPORT_MAX_XLS_BYTES / 1024 / 1024 });
    return openXls(path ? fs.readFileSync(path) : (file.bytes ?? Buffer.alloc(0)));
  }
  const spooled = path ?? spool(file.bytes ?? Buffer.alloc(0));
  const cleanup = () => (path ? undefined : fs.rmSync(spooled, { force: true }));
  try {
    if (format === 'csv') {
      const encoding = await csvEncoding(spooled);
      const name = file.filename.replace(/\.[^.]+$/, '') || 'CSV';
      return { sheets: [{ name, hidden: false, rows: () => guarded(csvRows(spooled, encoding, UPLOAD_LIMITS)) }], close: cleanup };
    }
    const workbook = await openXlsxWorkbook(spooled, checkZipSizes);
    return {
      sheets: workbook.sheets.map((s) => ({ name: s.name, hidden: s.hidden, rows: () => guarded(s.rows()) })),
      close: () => {
        workbook.close();
        cleanup();
      },
    };
  } catch (err) {
    cleanup();
    throw asUploadError(err);
  }
}

function spool(bytes: Buffer): string {
  const path = join(tmpdir(), `portal-sheet-${randomUUID()}.xlsx`);
  fs.writeFileSync(path, bytes);
  return path;
}

/** Row limits (rows with data) and read failures as the portal's errors, whatever the reader throws. */
export async function* guarded(rows: AsyncGenerator<SheetRow>, maxRows = REPORT_MAX_ROWS): AsyncGenerator<SheetRow> {
  let withData = 0;
  try {
    for await (const row of rows) {
      if (isBlankRow(row)) continue;
      // The header row and maxRows rows of records.
      if (++withData > maxRows + 1) throw tooManyRows();
      yield row;
    }
  } catch (err) {
    throw asUploadError(err);
  } finally {
    await rows.return(undefined); // stops the reading when the caller stops early
  }
}

const MB = 1024 * 1024;
const unpackedTooLarge = () => new AppError('uploadUnpackedTooLarge', { max: Math.round(REPORT_MAX_UNPACKED_BYTES / MB) });
const packRatio = () => new AppError('uploadPackRatio', { ratio: REPORT_MAX_PACK_RATIO });

/**
 * The early refusal of a zip bomb, from the sizes the central directory claims, before anything is unpacked: each
 * part's ratio and the total must stay within bounds. A directory can lie; the reader counts what really inflates
 * against the same limits (see xlsx-reader.ts), so this only saves the work for the honest bomb.
 */
export function checkZipSizes(entries: ZipEntry[]): void {
  let total = 0;
  for (const e of entries) {
    // ZIP64 sizes (0xFFFFFFFF) mean a part over 4 GB: far beyond any spreadsheet we accept.
    if (e.packed === 0xffffffff || e.unpacked === 0xffffffff) throw unpackedTooLarge();
    if (e.unpacked > Math.max(e.packed, 1024) * REPORT_MAX_PACK_RATIO) throw packRatio();
    total += e.unpacked;
    if (total > REPORT_MAX_UNPACKED_BYTES) throw unpackedTooLarge();
  }
}

/** What the reader threw, as the portal's error naming the real reason. */
export function asUploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof XlsxMacroError) return new AppError('uploadMacro');
  if (err instanceof CsvEncodingError) return new AppError('uploadCsvEncoding');
  if (!(err instanceof XlsxLimitError)) return new AppError('uploadCorrupt');
  switch (err.limit) {
    case 'declared':
      return new AppError('uploadDeclaredSize', { declared: (err.declared ?? 0).toLocaleString('en') });
    case 'rows':
      return tooManyRows();
    case 'ratio':
      return packRatio();
    case 'total':
      return unpackedTooLarge();
    case 'row':
      return new AppError('uploadRowTooLarge', { row: err.row ?? 0, max: REPORT_MAX_ROW_BYTES / MB });
    case 'cell':
      return new AppError('uploadCellTooLarge', { max: REPORT_MAX_CELL_CHARS.toLocaleString('en') });
    case 'part':
      return new AppError('uploadPartTooLarge', { max: REPORT_MAX_PART_BYTES / MB });
  }
}

function tooManyRows(): AppError {
  return new AppError('uploadTooManyRows', { max: REPORT_MAX_ROWS.toLocaleString('en') });
}

function openXls(bytes: Buffer): Workbook {
  let workbook: XLSX.WorkBook;
  try {
    // Dates stay serials and are converted here at UTC (SheetJS's own Date objects depend on the server's zone).
    workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true, dense: true });
  } catch {
    throw new AppError('uploadCorrupt');
  }
  const epoch = workbook.Workbook?.WBProps?.date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const hidden = (i: number) => Boolean(workbook.Workbook?.Sheets?.[i]?.Hidden);
  const sheets = workbook.SheetNames.map((name, i) => ({ name, hidden: hidden(i), rows: () => guarded(xlsRows(workbook.Sheets[name], epoch)) }));
  if (sheets.length === 0) throw new AppError('uploadCorrupt');
  return { sheets, close: () => undefined };
}

async function* xlsRows(sheet: XLSX.WorkSheet | undefined, epoch: number): AsyncGenerator<SheetRow> {
  if (!sheet?.['!ref']) return;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  for (let r = 0; r <= range.e.r; r++) {
    const line = data[r] ?? [];
    const cells: SheetCell[] = [];
    for (let c = 0; c <= range.e.c; c++) {
      const cell = line[c];
      if (!cell) cells.push({ value: null, formula: false });
      else if (cell.f) cells.push({ value: null, formula: true });
      else if (cell.t === 'n' && typeof cell.v === 'number' && cell.z !== undefined && XLSX.SSF.is_date(cell.z)) cells.push({ value: new Date(epoch + Math.round(cell.v * 86_400_000)), formula: false });
      else cells.push({ value: cell.t === 'e' ? String(cell.w ?? '#ERR') : ((cell.v ?? null) as SheetCell['value']), formula: false });
    }
    yield { number: r + 1, cells };
  }
}
