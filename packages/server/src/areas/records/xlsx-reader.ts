import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { REPORT_MAX_CELL_CHARS, REPORT_MAX_PACK_RATIO, REPORT_MAX_PART_BYTES, REPORT_MAX_ROW_BYTES, REPORT_MAX_UNPACKED_BYTES } from '@portal/contract';

/**
 * A streaming .xlsx reader for the one thing uploads need: the first sheet's cell values, row by row, from a file
 * on disk. The zip's central directory is read first (the caller checks its sizes against zip bombs), shared
 * strings and number formats are read once, and the sheet XML is inflated and scanned as it streams, keeping only
 * the current row: memory stays flat however many rows there are, and it is several times faster than a
 * general-purpose workbook library.
 *
 * The directory's sizes are only claims: every part is also counted as it really inflates, and reading stops the
 * moment a part passes its ratio or all parts pass the total, whatever the directory said (a zip whose directory
 * lies is the bomb the directory check alone lets through). A row, a cell's text and the parts read whole are
 * bounded too, so no input makes the reader hold more than a few of those in memory.
 */
export interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  offset: number;
}
export interface XlsxCell {
  value: string | number | boolean | Date | null;
  formula: boolean;
}
export interface XlsxRow {
  number: number;
  cells: XlsxCell[];
}

export class XlsxFormatError extends Error {}

/** What the reader refuses to unpack or hold, and why (each has its own message for the user). */
export type XlsxLimit = 'ratio' | 'total' | 'row' | 'cell' | 'part';
export class XlsxLimitError extends Error {
  constructor(
    readonly limit: XlsxLimit,
    /** The sheet row being read when a row or cell limit was passed. */
    readonly row?: number,
  ) {
    super(`xlsx limit: ${limit}${row ? ` at row ${row}` : ''}`);
  }
}

export interface XlsxLimits {
  /** Bytes all parts may inflate to together. */
  totalBytes: number;
  /** How many times its packed size (counted as at least 1 KB) a part may inflate to. */
  ratio: number;
  /** Bytes of one row's XML. */
  rowBytes: number;
  /** Characters of one cell's text (shared or inline). */
  cellChars: number;
  /** Bytes of a part read whole (workbook, relationships, styles). */
  partBytes: number;
}
export const UPLOAD_LIMITS: XlsxLimits = {
  totalBytes: REPORT_MAX_UNPACKED_BYTES,
  ratio: REPORT_MAX_PACK_RATIO,
  rowBytes: REPORT_MAX_ROW_BYTES,
  cellChars: REPORT_MAX_CELL_CHARS,
  partBytes: REPORT_MAX_PART_BYTES,
};

/** The bytes inflated so far from one file, against its limits. */
interface Budget {
  limits: XlsxLimits;
  inflated: number;
}

/** The central directory of a zip (file contents at `path`), from its end record. */
export function zipEntries(fd: number, size: number): ZipEntry[] {
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = Buffer.alloc(tailLength);
  fs.readSync(fd, tail, 0, tailLength, size - tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new XlsxFormatError('no end of central directory');
  const count = tail.readUInt16LE(eocd + 10);
  const dirSize = tail.readUInt32LE(eocd + 12);
  const dirOffset = tail.readUInt32LE(eocd + 16);
  if (dirOffset + dirSize > size) throw new XlsxFormatError('central directory outside the file');
  const dir = Buffer.alloc(dirSize);
  fs.readSync(fd, dir, 0, dirSize, dirOffset);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50) throw new XlsxFormatError('bad central directory entry');
    const nameLength = dir.readUInt16LE(p + 28);
    entries.push({
      method: dir.readUInt16LE(p + 10),
      packed: dir.readUInt32LE(p + 20),
      unpacked: dir.readUInt32LE(p + 24),
      offset: dir.readUInt32LE(p + 42),
      name: dir.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
  }
  return entries;
}

function entryStream(fd: number, entry: ZipEntry): Readable {
  const local = Buffer.alloc(30);
  fs.readSync(fd, local, 0, 30, entry.offset);
  if (local.readUInt32LE(0) !== 0x04034b50) throw new XlsxFormatError('bad local header');
  const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (entry.packed === 0) return Readable.from([]);
  const raw = fs.createReadStream('', { fd, start, end: start + entry.packed - 1, highWaterMark: 256 * 1024, autoClose: false });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new XlsxFormatError(`compression method ${entry.method}`);
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  raw.on('error', (err) => inflate.destroy(err));
  return raw.pipe(inflate);
}

/**
 * A part's inflated bytes, counted: past its ratio or the file's total the stream is destroyed (no more is
 * inflated) and the reading fails with the limit that was passed.
 */
async function* entryChunks(fd: number, entry: ZipEntry, budget: Budget): AsyncGenerator<Buffer> {
  const partLimit = Math.max(entry.packed, 1024) * budget.limits.ratio;
  let inflated = 0;
  const stream = entryStream(fd, entry);
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      inflated += bytes.length;
      budget.inflated += bytes.length;
      if (inflated > partLimit) throw new XlsxLimitError('ratio');
      if (budget.inflated > budget.limits.totalBytes) throw new XlsxLimitError('total');
      yield bytes;
    }
  } finally {
    stream.destroy();
  }
}

/** A small part read whole (workbook, relationships, styles). */
async function entryText(fd: number, entry: ZipEntry | undefined, budget: Budget): Promise<string> {
  if (!entry) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entryChunks(fd, entry, budget)) {
    size += chunk.length;
    if (size > budget.limits.partBytes) throw new XlsxLimitError('part');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Scans a part for complete elements as it streams (`<row>` of the sheet, `<si>` of the shared strings), keeping
 * only the unfinished one: text before the next opening tag is dropped, and an unfinished element larger than
 * `maxBytes` fails with `limit`.
 */
async function* elements(chunks: AsyncIterable<Buffer>, re: RegExp, open: string, maxBytes: number, onTooLarge: () => XlsxLimitError): AsyncGenerator<RegExpExecArray> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  for await (const chunk of chunks) {
    text += decoder.write(chunk);
    let consumed = 0;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length > maxBytes) throw onTooLarge();
      consumed = re.lastIndex;
      yield m;
    }
    const next = openingTag(text, open, consumed);
    // Without an opening tag only a partial one at the very end can matter.
    text = next >= 0 ? text.slice(next) : text.slice(Math.max(consumed, text.length - open.length));
    if (text.length > maxBytes) throw onTooLarge();
  }
  if (openingTag(text, open, 0) >= 0) throw new XlsxFormatError('truncated part');
}

/** Where the element `open` (e.g. `<row`, not `<rowBreaks`) next opens, or may be opening at the very end. */
function openingTag(text: string, open: string, from: number): number {
  for (let i = text.indexOf(open, from); i >= 0; i = text.indexOf(open, i + 1)) {
    const after = text.charCodeAt(i + open.length);
    // NaN: the text ends right after the name, so the tag may go on in the next chunk.
    if (Number.isNaN(after) || after === 0x3e || after === 0x2f || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d) return i;
  }
  return -1;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : (ENTITIES[e] ?? ''),
  );
}

const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/** The text of an <si> or <is>: every <t>, except phonetic guides (<rPh>) that Japanese files carry. */
function richText(xml: string): string {
  const withoutPhonetic = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let text = '';
  for (const m of withoutPhonetic.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>|<t\b[^>]*\/>/g)) text += m[1] ?? '';
  return decodeXml(text);
}

const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Which cell styles show dates, from styles.xml: built-in date formats and custom ones with date parts. */
function dateStyles(stylesXml: string): Set<number> {
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<numFmt\b([^>]*)\/?>/g)) {
    const id = Number(attr(m[1]!, 'numFmtId'));
    const code = decodeXml(attr(m[1]!, 'formatCode') ?? '');
    custom.set(id, code);
  }
  const styles = new Set<number>();
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  let index = 0;
  for (const m of xfs.matchAll(/<xf\b([^>]*?)(?:\/>|>[\s\S]*?<\/xf>)/g)) {
    const id = Number(attr(m[1]!, 'numFmtId') ?? 0);
    if (DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!))) styles.add(index);
    index += 1;
  }
  return styles;
}

function columnIndex(ref: string | undefined, fallback: number): number {
  if (!ref) return fallback;
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n > 0 ? n - 1 : fallback;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const EXCEL_EPOCH_1904 = Date.UTC(1904, 0, 1);

export interface XlsxSheet {
  name: string;
  rows: AsyncGenerator<XlsxRow>;
}

/** The shared strings, streamed: each one's text, none longer than a cell may be. */
async function sharedStrings(fd: number, entry: ZipEntry | undefined, budget: Budget): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  const tooLarge = () => new XlsxLimitError('cell');
  for await (const m of elements(entryChunks(fd, entry, budget), /<si\b[^>]*>([\s\S]*?)<\/si>|<si\s*\/>/g, '<si', budget.limits.rowBytes, tooLarge)) {
    const text = richText(m[1] ?? '');
    if (text.length > budget.limits.cellChars) throw tooLarge();
    strings.push(text);
  }
  return strings;
}

/**
 * Opens the first sheet of the .xlsx at `path`; `check` sees the entries first (the early zip-bomb refusal from
 * the directory's claims), `limits` bound what is really inflated and held.
 */
export async function openXlsxFile(path: string, check: (entries: ZipEntry[]) => void, limits: XlsxLimits = UPLOAD_LIMITS): Promise<XlsxSheet> {
  const fd = fs.openSync(path, 'r');
  const budget: Budget = { limits, inflated: 0 };
  try {
    const entries = zipEntries(fd, fs.fstatSync(fd).size);
    check(entries);
    const byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
    const workbook = await entryText(fd, byName.get('xl/workbook.xml'), budget);
    const firstSheet = /<sheet\b([^>]*)\/?>/.exec(workbook)?.[1];
    if (!firstSheet) throw new XlsxFormatError('no sheet');
    const name = decodeXml(attr(firstSheet, 'name') ?? 'Sheet1');
    const relId = attr(firstSheet, 'r:id');
    const rels = await entryText(fd, byName.get('xl/_rels/workbook.xml.rels'), budget);
    const target = [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].map((m) => m[1]!).find((a) => attr(a, 'Id') === relId);
    const targetPath = target ? attr(target, 'Target') ?? '' : 'worksheets/sheet1.xml';
    const sheetName = targetPath.startsWith('/') ? targetPath.slice(1) : `xl/${targetPath}`;
    const sheetEntry = byName.get(sheetName);
    if (!sheetEntry) throw new XlsxFormatError('sheet part missing');
    const date1904 = /<workbookPr\b[^>]*date1904="(1|true)"/.test(workbook);
    const shared = await sharedStrings(fd, byName.get('xl/sharedStrings.xml'), budget);
    const dates = dateStyles(await entryText(fd, byName.get('xl/styles.xml'), budget));
    const epoch = date1904 ? EXCEL_EPOCH_1904 : EXCEL_EPOCH;
    return { name, rows: sheetRows(fd, sheetEntry, { shared, dates, epoch, budget }) };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

interface SheetContext {
  shared: string[];
  dates: Set<number>;
  epoch: number;
  budget: Budget;
}

function cellValue(attrs: string, inner: string, at: SheetContext): XlsxCell {
  if (inner.includes('<f')) return { value: null, formula: true };
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') return { value: richText(inner), formula: false };
  const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (v === undefined) return { value: null, formula: false };
  switch (type) {
    case 's':
      return { value: at.shared[Number(v)] ?? '', formula: false };
    case 'str':
    case 'e':
      return { value: decodeXml(v), formula: false };
    case 'b':
      return { value: v === '1', formula: false };
    case 'd':
      return { value: new Date(v), formula: false };
    default: {
      const n = Number(v);
      const style = Number(attr(attrs, 's') ?? -1);
      if (at.dates.has(style) && Number.isFinite(n)) return { value: new Date(at.epoch + Math.round(n * 86_400_000)), formula: false };
      return { value: n, formula: false };
    }
  }
}

async function* sheetRows(fd: number, entry: ZipEntry, at: SheetContext): AsyncGenerator<XlsxRow> {
  const rowRe = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
  const cellRe = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
  const { cellChars, rowBytes } = at.budget.limits;
  let expected = 1;
  try {
    const rows = elements(entryChunks(fd, entry, at.budget), rowRe, '<row', rowBytes, () => new XlsxLimitError('row', expected));
    for await (const m of rows) {
      const number = Number(attr(m[1]!, 'r') ?? expected);
      expected = number + 1;
      const cells: XlsxCell[] = [];
      const inner = m[2] ?? '';
      cellRe.lastIndex = 0;
      for (let c = cellRe.exec(inner); c; c = cellRe.exec(inner)) {
        const index = columnIndex(attr(c[1]!, 'r'), cells.length);
        while (cells.length < index) cells.push({ value: null, formula: false });
        const cell = cellValue(c[1]!, c[2] ?? '', at);
        if (typeof cell.value === 'string' && cell.value.length > cellChars) throw new XlsxLimitError('cell', number);
        cells[index] = cell;
      }
      yield { number, cells };
    }
  } finally {
    fs.closeSync(fd);
  }
}
