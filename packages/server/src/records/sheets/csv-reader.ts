import fs from 'node:fs';
import { XlsxFormatError, XlsxLimitError, type XlsxLimits } from './xlsx-zip.js';
import type { XlsxCell, XlsxRow } from './xlsx-reader.js';

/**
 * A streaming CSV reader (RFC 4180: quoted fields with doubled quotes and line breaks, CRLF or LF), for reports
 * saved as CSV. Japanese Excel saves "CSV" in Shift_JIS (CP932) and "CSV UTF-8" with a byte order mark; scripts
 * write UTF-8 without one. The encoding is decided from the whole file, never guessed: valid UTF-8 is UTF-8 (a
 * BOM or not), otherwise valid CP932 is CP932 (the WHATWG Shift_JIS decoder Node's full ICU has, which is CP932
 * with the NEC and IBM extensions), otherwise the file is refused. Every cell is text; a field may be at most
 * `cellChars` long and a record `rowBytes`, whatever its quotes do.
 */
export type CsvEncoding = 'utf-8' | 'shift_jis';
export class CsvEncodingError extends Error {}

// 32 KB (about 100 rows) at a time: each chunk's rows are checked and gone before the next is parsed, so they die
// young (256 KB held about 700 rows at once, most of them promoted to the old generation: the peak RSS grew by 30 MB).
const CHUNK = 32 * 1024;

async function* fileChunks(path: string): AsyncGenerator<Buffer> {
  for await (const chunk of fs.createReadStream(path, { highWaterMark: CHUNK })) yield chunk as Buffer;
}

/** Whether the whole file decodes without a single invalid sequence in `encoding`. */
async function decodes(path: string, encoding: CsvEncoding): Promise<boolean> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  try {
    for await (const chunk of fileChunks(path)) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export async function csvEncoding(path: string): Promise<CsvEncoding> {
  if (await decodes(path, 'utf-8')) return 'utf-8';
  if (await decodes(path, 'shift_jis')) return 'shift_jis';
  throw new CsvEncodingError('neither UTF-8 nor CP932');
}

/** The field delimiter: a tab when the first line has tabs and no commas (tab-separated text), else a comma. */
function delimiterOf(head: string): string {
  const line = head.slice(0, head.search(/\r|\n/) >>> 0);
  return line.includes('\t') && !line.includes(',') ? '\t' : ',';
}

const cellOf = (text: string): XlsxCell => ({ value: text === '' ? null : text, formula: false });

export async function* csvRows(path: string, encoding: CsvEncoding, limits: Pick<XlsxLimits, 'cellChars' | 'rowBytes'>): AsyncGenerator<XlsxRow> {
  // The BOM is dropped by the decoder (ignoreBOM false).
  const decoder = new TextDecoder(encoding);
  let delimiter: string | null = null;
  let field = '';
  let cells: XlsxCell[] = [];
  let number = 1;
  let rowChars = 0;
  let inQuotes = false;
  let afterQuote = false;
  let afterCr = false;
  const ready: XlsxRow[] = [];
  const endField = () => {
    cells.push(cellOf(field));
    field = '';
  };
  const endRow = () => {
    endField();
    ready.push({ number, cells });
    cells = [];
    number += 1;
    rowChars = 0;
  };
  let plain: RegExp | null = null;
  const parse = (text: string) => {
    delimiter ??= delimiterOf(text);
    plain ??= delimiter === ',' ? /[^,\r\n"]+/y : /[^\t\r\n"]+/y;
    let i = 0;
    while (i < text.length) {
      if (inQuotes) {
        const q = text.indexOf('"', i);
        const end = q < 0 ? text.length : q;
        field += text.slice(i, end);
        rowChars += end - i;
        if (field.length > limits.cellChars) throw new XlsxLimitError('cell', number);
        if (rowChars > limits.rowBytes) throw new XlsxLimitError('row', number);
        if (q < 0) return;
        inQuotes = false;
        afterQuote = true;
        i = q + 1;
        continue;
      }
      const ch = text[i]!;
      i += 1;
      rowChars += 1;
      if (afterCr) {
        afterCr = false;
        if (ch === '\n') continue;
      }
      if (afterQuote) {
        afterQuote = false;
        if (ch === '"') {
          field += '"';
          inQuotes = true;
          continue;
        }
      }
      if (ch === delimiter) endField();
      else if (ch === '\n') endRow();
      else if (ch === '\r') {
        endRow();
        afterCr = true;
      } else if (ch === '"' && field === '') inQuotes = true;
      else if (ch === '"') field += ch;
      else {
        // The run of ordinary characters at once.
        plain!.lastIndex = i - 1;
        const run = plain!.exec(text)![0];
        field += run;
        rowChars += run.length - 1;
        i += run.length - 1;
        if (field.length > limits.cellChars) throw new XlsxLimitError('cell', number);
      }
      if (rowChars > limits.rowBytes) throw new XlsxLimitError('row', number);
    }
  };
  for await (const chunk of fileChunks(path)) {
    parse(decoder.decode(chunk, { stream: true }));
    while (ready.length > 0) yield ready.shift()!;
  }
  parse(decoder.decode());
  // A quote left open swallowed the rest of the file: a broken file, not a record to guess at.
  if (inQuotes) throw new XlsxFormatError('unterminated quote');
  if (field !== '' || cells.length > 0) endRow();
  while (ready.length > 0) yield ready.shift()!;
}

/** Whether the first bytes look like delimited text: no NUL, and a comma, tab or line break once decoded. */
export function looksLikeCsv(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  const text = new TextDecoder('utf-8').decode(head);
  return /[,\t]/.test(text.split(/\r|\n/)[0] ?? '');
}
