import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CsvEncodingError, csvEncoding, csvRows } from './csv-reader.js';
import { formatOf } from './sheet.js';
import { UPLOAD_LIMITS, XlsxLimitError } from './xlsx-reader.js';

/** "さくら①髙" in CP932 (① is an NEC extension, 髙 an IBM one: Shift_JIS proper has neither). */
const SAKURA_CP932 = Buffer.from([0x82, 0xb3, 0x82, 0xad, 0x82, 0xe7, 0x87, 0x40, 0xfb, 0xfc]);

async function read(bytes: Buffer, limits = UPLOAD_LIMITS) {
  const file = path.join(os.tmpdir(), `csv-${process.pid}-${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, bytes);
  try {
    const encoding = await csvEncoding(file);
    const rows: (string | null)[][] = [];
    for await (const row of csvRows(file, encoding, limits)) rows.push(row.cells.map((c) => c.value as string | null));
    return { encoding, rows };
  } finally {
    fs.rmSync(file);
  }
}

describe('the CSV reader', () => {
  it('reads quoted fields with doubled quotes, delimiters and line breaks, CRLF or LF, and blanks as empty', async () => {
    const text = 'Title,Seller,Price\r\n"Sakura ""Glow"", lotion","line one\r\nline two",19.99\r\nplain,,5\nlast,"x"';
    expect(await read(Buffer.from(text))).toEqual({
      encoding: 'utf-8',
      rows: [['Title', 'Seller', 'Price'], ['Sakura "Glow", lotion', 'line one\r\nline two', '19.99'], ['plain', null, '5'], ['last', 'x']],
    });
  });

  it('tells UTF-8 with or without a BOM from CP932, and refuses what is neither', async () => {
    expect(await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('名前,値\nさくら①髙,1')]))).toEqual({ encoding: 'utf-8', rows: [['名前', '値'], ['さくら①髙', '1']] });
    expect(await read(Buffer.concat([Buffer.from('a,b\n'), SAKURA_CP932, Buffer.from(',1')]))).toEqual({ encoding: 'shift_jis', rows: [['a', 'b'], ['さくら①髙', '1']] });
    await expect(read(Buffer.from([0x61, 0x2c, 0x80, 0x0a, 0xff, 0xff]))).rejects.toBeInstanceOf(CsvEncodingError);
  });

  it('tab-separated text, and a quote left open or an endless field refused', async () => {
    expect((await read(Buffer.from('a\tb\n1\t2'))).rows).toEqual([['a', 'b'], ['1', '2']]);
    await expect(read(Buffer.from('a,b\n"never closed,1\n2,3'))).rejects.toThrow(/unterminated/);
    await expect(read(Buffer.from(`a,b\n"${'x'.repeat(5000)}",1`), { ...UPLOAD_LIMITS, cellChars: 4000 })).rejects.toEqual(new XlsxLimitError('cell', 2));
  });

  it('takes the format from the bytes, whatever the name says', () => {
    expect(formatOf(Buffer.from('PK\x03\x04rest'), 'report.xls')).toBe('xlsx');
    expect(formatOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'report.xlsx')).toBe('xls');
    expect(formatOf(Buffer.from('Site,Scan date\nAmazon,2026-10'), 'report.xlsx')).toBe('csv');
    expect(formatOf(Buffer.from('anything'), 'report.csv')).toBe('csv');
    expect(() => formatOf(Buffer.from('not a spreadsheet'), 'report.xlsx')).toThrow(expect.objectContaining({ name_: 'uploadCorrupt' }));
    expect(() => formatOf(Buffer.from('%PDF-1.4'), 'report.pdf')).toThrow(expect.objectContaining({ name_: 'uploadExtension' }));
  });
});
