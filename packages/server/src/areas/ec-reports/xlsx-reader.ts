import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * A streaming .xlsx reader for the one thing uploads need: the first sheet's cell values, row by row, from a file
 * on disk. The zip's central directory is read first (the caller checks its sizes against zip bombs), shared
 * strings and number formats are read once, and the sheet XML is inflated and scanned as it streams, keeping only
 * the current chunk: memory stays flat however many rows there are, and it is several times faster than a
 * general-purpose workbook library.
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

async function entryText(fd: number, entry: ZipEntry | undefined): Promise<string> {
  if (!entry) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of entryStream(fd, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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

/** Opens the first sheet of the .xlsx at `path`; `check` sees the entries first (the zip-bomb guard). */
export async function openXlsxFile(path: string, check: (entries: ZipEntry[]) => void): Promise<XlsxSheet> {
  const fd = fs.openSync(path, 'r');
  try {
    const entries = zipEntries(fd, fs.fstatSync(fd).size);
    check(entries);
    const byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
    const workbook = await entryText(fd, byName.get('xl/workbook.xml'));
    const firstSheet = /<sheet\b([^>]*)\/?>/.exec(workbook)?.[1];
    if (!firstSheet) throw new XlsxFormatError('no sheet');
    const name = decodeXml(attr(firstSheet, 'name') ?? 'Sheet1');
    const relId = attr(firstSheet, 'r:id');
    const rels = await entryText(fd, byName.get('xl/_rels/workbook.xml.rels'));
    const target = [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].map((m) => m[1]!).find((a) => attr(a, 'Id') === relId);
    const targetPath = target ? attr(target, 'Target') ?? '' : 'worksheets/sheet1.xml';
    const sheetName = targetPath.startsWith('/') ? targetPath.slice(1) : `xl/${targetPath}`;
    const sheetEntry = byName.get(sheetName);
    if (!sheetEntry) throw new XlsxFormatError('sheet part missing');
    const date1904 = /<workbookPr\b[^>]*date1904="(1|true)"/.test(workbook);
    const shared = [...(await entryText(fd, byName.get('xl/sharedStrings.xml'))).matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\s*\/>/g)].map((m) => richText(m[1] ?? ''));
    const dates = dateStyles(await entryText(fd, byName.get('xl/styles.xml')));
    const epoch = date1904 ? EXCEL_EPOCH_1904 : EXCEL_EPOCH;
    return { name, rows: sheetRows(fd, sheetEntry, shared, dates, epoch) };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

function cellValue(attrs: string, inner: string, shared: string[], dates: Set<number>, epoch: number): XlsxCell {
  if (inner.includes('<f')) return { value: null, formula: true };
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') return { value: richText(inner), formula: false };
  const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (v === undefined) return { value: null, formula: false };
  switch (type) {
    case 's':
      return { value: shared[Number(v)] ?? '', formula: false };
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
      if (dates.has(style) && Number.isFinite(n)) return { value: new Date(epoch + Math.round(n * 86_400_000)), formula: false };
      return { value: n, formula: false };
    }
  }
}

async function* sheetRows(fd: number, entry: ZipEntry, shared: string[], dates: Set<number>, epoch: number): AsyncGenerator<XlsxRow> {
  const decoder = new StringDecoder('utf8');
  const rowRe = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
  const cellRe = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
  let text = '';
  let expected = 1;
  try {
    for await (const chunk of entryStream(fd, entry)) {
      text += decoder.write(chunk as Buffer);
      let consumed = 0;
      rowRe.lastIndex = 0;
      for (let m = rowRe.exec(text); m; m = rowRe.exec(text)) {
        consumed = rowRe.lastIndex;
        const number = Number(attr(m[1]!, 'r') ?? expected);
        expected = number + 1;
        const cells: XlsxCell[] = [];
        const inner = m[2] ?? '';
        cellRe.lastIndex = 0;
        for (let c = cellRe.exec(inner); c; c = cellRe.exec(inner)) {
          const index = columnIndex(attr(c[1]!, 'r'), cells.length);
          while (cells.length < index) cells.push({ value: null, formula: false });
          cells[index] = cellValue(c[1]!, c[2] ?? '', shared, dates, epoch);
        }
        yield { number, cells };
      }
      text = text.slice(consumed);
    }
    if (/<row\b/.test(text)) throw new XlsxFormatError('truncated sheet');
  } finally {
    fs.closeSync(fd);
  }
}
