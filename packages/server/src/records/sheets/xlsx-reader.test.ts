import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, XlsxLimitError, decodeEscapes, openXlsxFile, type XlsxLimits, type XlsxRow } from './xlsx-reader.js';
import { guarded, type SheetRow } from './sheet.js';
import { HEADER_ROW, lyingRowsBomb, part, workbookOf } from '../../kinds/ec/zip-fixtures.js';
import { listing } from '../../kinds/ec/report-fixtures.js';

async function write(build: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Listings'), workbook);
  const file = path.join(os.tmpdir(), `reader-${process.pid}-${Math.random().toString(36).slice(2)}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

async function rowsOf(file: string): Promise<{ name: string; rows: XlsxRow[] }> {
  const sheet = await openXlsxFile(file, () => undefined);
  const rows: XlsxRow[] = [];
  for await (const r of sheet.rows) rows.push(r);
  fs.rmSync(file);
  return { name: sheet.name, rows };
}

describe('the streaming .xlsx reader', () => {
  it('reads shared and rich strings, numbers, booleans, dates by their style, formulas, and gaps', async () => {
    const file = await write((sheet) => {
      sheet.addRow(['Title', 'Price', 'Date', 'Flag', 'Formula']);
      sheet.addRow(['Sakura & <Glow> "serum"', 19.99, new Date(Date.UTC(2026, 9, 15)), true, { formula: 'B2*2', result: 39.98 }]);
      sheet.getCell('A3').value = { richText: [{ text: 'さくら' }, { text: ' beauty', font: { bold: true } }] };
      sheet.getCell('E3').value = 'far';
      sheet.getCell('A6').value = 'after a gap';
    });
    const { name, rows } = await rowsOf(file);
    expect(name).toBe('Listings');
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 6]);
    expect(rows[1]!.cells.map((c) => c.value)).toEqual(['Sakura & <Glow> "serum"', 19.99, new Date(Date.UTC(2026, 9, 15)), true, null]);
    expect(rows[1]!.cells[4]).toEqual({ value: null, formula: true });
    expect(rows[2]!.cells.map((c) => c.value)).toEqual(['さくら beauty', null, null, null, 'far']);
    expect(rows[3]!.cells[0]!.value).toBe('after a gap');
  });

  it("decodes Excel's _xHHHH_ escapes, an escaped underscore staying literal", () => {
    expect(decodeEscapes('a_x000D__x000A_b _x005F_x000D_ _xD83D__xDE00_')).toBe('a\r\nb _x000D_ 😀');
  });

  it('fails on a truncated sheet instead of returning part of it', async () => {
    const file = await write((sheet) => {
      for (let i = 0; i < 3000; i++) sheet.addRow([`row ${i}`, i, 'x'.repeat(50)]);
    });
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(rowsOf(file)).rejects.toThrow();
  });

  it('counts what really inflates and stops at the limit passed, whatever the directory claims', async () => {
    const limitOf = async (bytes: Buffer, limits: Partial<XlsxLimits>) => {
      const file = path.join(os.tmpdir(), `reader-${process.pid}-${Math.random().toString(36).slice(2)}.xlsx`);
      fs.writeFileSync(file, bytes);
      try {
        const sheet = await openXlsxFile(file, () => undefined, { ...UPLOAD_LIMITS, ...limits });
        for await (const row of sheet.rows) void row;
        return 'read';
      } catch (err) {
        return err instanceof XlsxLimitError ? `${err.limit}${err.row ? ` ${err.row}` : ''}` : String(err);
      } finally {
        fs.rmSync(file, { force: true });
      }
    };
    const rows = Array.from({ length: 2000 }, (_, i) => `<row r="${i + 2}"><c t="inlineStr"><is><t>listing ${i}</t></is></c></row>`).join('');
    // The directory is not checked here (the check passes everything): only counting finds out.
    const sheetPart = (xml: string) => part('xl/worksheets/sheet1.xml', xml);
    const sheet = `<worksheet><sheetData>${HEADER_ROW}${rows}</sheetData></worksheet>`;
    expect(await limitOf(workbookOf(sheetPart(sheet)), {})).toBe('read');
    expect(await limitOf(workbookOf(sheetPart(sheet)), { totalBytes: 20_000 })).toBe('total');
    expect(await limitOf(workbookOf(sheetPart(sheet)), { ratio: 2 })).toBe('ratio');
    // A directory that claims less than the part inflates to is refused as soon as the part passes the claim.
    expect(await limitOf(workbookOf(part('xl/worksheets/sheet1.xml', sheet, 100)), {})).toBe('declared');
    expect(await limitOf(workbookOf(part('xl/worksheets/sheet1.xml', sheet, Buffer.byteLength(sheet) - 1)), {})).toBe('declared');
    // Rows past the most a sheet can hold, blank or not, or a row numbered past it.
    expect(await limitOf(workbookOf(sheetPart(sheet)), { rows: 1000 })).toBe('rows 1001');
    // Every row element counts, whatever its number says (here the same blank row again and again).
    const blanks = '<row r="2"/>'.repeat(3000);
    expect(await limitOf(workbookOf(sheetPart(`<worksheet><sheetData>${HEADER_ROW}${blanks}</sheetData></worksheet>`)), { rows: 1000 })).toBe('rows 2');
    expect(await limitOf(workbookOf(sheetPart(`<worksheet><sheetData>${HEADER_ROW}<row r="1048577"><c><v>1</v></c></row></sheetData></worksheet>`)), {})).toBe('rows 1048577');
    expect(await limitOf(workbookOf(sheetPart(`<worksheet><sheetData>${HEADER_ROW}<row r="2"><c t="inlineStr"><is><t>${'x'.repeat(5000)}</t></is></c></row></sheetData></worksheet>`)), { rowBytes: 4000 })).toBe('row 2');
    expect(await limitOf(workbookOf(sheetPart(`<worksheet><sheetData>${HEADER_ROW}<row r="2"><c t="inlineStr"><is><t>${'x'.repeat(5000)}</t></is></c></row></sheetData></worksheet>`)), { cellChars: 4000 })).toBe('cell 2');
    // The lying bomb's rows are valid rows: a small one with an honest directory reads in full, each row a listing.
    const small = lyingRowsBomb(4 * 1024 * 1024, 'honest');
    const file = path.join(os.tmpdir(), `reader-${process.pid}-${Math.random().toString(36).slice(2)}.xlsx`);
    fs.writeFileSync(file, small.bytes);
    // Its ratio (about 245) is allowed here: the rows are what is looked at.
    const opened = await openXlsxFile(file, () => undefined, { ...UPLOAD_LIMITS, ratio: 1000 });
    let count = 0;
    let last: XlsxRow | undefined;
    for await (const row of opened.rows) [count, last] = [count + 1, row];
    fs.rmSync(file);
    expect(count).toBe(small.rows + 1);
    expect(last!.cells.map((c) => c.value)).toEqual(listing(1));
    // Blanks between rows are dropped as they stream, so they never count as one huge row.
    expect(await limitOf(workbookOf(sheetPart(`<worksheet><sheetData>${HEADER_ROW}${' '.repeat(100_000)}${rows}</sheetData></worksheet>`)), { rowBytes: 4000 })).toBe('read');
    // A row across the boundary of two inflated chunks (64 KB) is as long as it is: these paddings put row 1425 across
    // one, cut inside a cell's opening tag (saxes's own position between two writes counts the last chunk twice).
    for (const pad of [100_000, 100_012, 165_550, 165_560]) {
      expect(await limitOf(workbookOf(sheetPart(`<worksheet><sheetData>${HEADER_ROW}${' '.repeat(pad)}${rows}</sheetData></worksheet>`)), { rowBytes: 4000 })).toBe('read');
    }
  });

  it('counts rows with data against the row limit, passing over blank (formatted-only) rows', async () => {
    async function* rows(): AsyncGenerator<SheetRow> {
      for (let n = 1; n <= 6; n++) yield { number: n * 100_000, cells: [{ value: n % 2 ? `row ${n}` : null, formula: false }, { value: '  ', formula: false }] };
    }
    const read = async (max: number) => {
      const numbers: number[] = [];
      for await (const row of guarded(rows(), max)) numbers.push(row.number);
      return numbers;
    };
    expect(await read(2)).toEqual([100_000, 300_000, 500_000]);
    await expect(read(1)).rejects.toMatchObject({ name_: 'uploadTooManyRows' });
  });
});
