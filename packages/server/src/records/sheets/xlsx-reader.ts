import fs from 'node:fs';
import { RichText, feed, isMainNs, newParser, workbookParts, type XmlTag } from './xlsx-parts.js';
import { UPLOAD_LIMITS, XlsxFormatError, XlsxLimitError, entryChunks, zipEntries, type Budget, type XlsxLimits, type ZipEntry } from './xlsx-zip.js';

export { UPLOAD_LIMITS, XlsxFormatError, XlsxLimitError, XlsxMacroError, type XlsxLimit, type XlsxLimits, type ZipEntry } from './xlsx-zip.js';
export { decodeEscapes } from './xlsx-parts.js';

/**
 * A streaming .xlsx reader for what uploads need: each worksheet's cell values, row by row, from a file on disk.
 * The zip's central directory is read first (the caller checks its sizes against zip bombs), the workbook's parts
 * are found through its relationships (xlsx-parts.ts), shared strings and date styles are read once, and a sheet's
 * XML is inflated and parsed as it streams (saxes), keeping only the current row: memory stays flat however many
 * rows there are. A row, a cell's text and the parts read whole are bounded (xlsx-zip.ts), so no input makes the
 * reader hold more than a few of those.
 *
 * Dates are calendar dates at UTC midnight (the checks read their UTC parts), whatever the server's time zone: a
 * serial in the 1900 or 1904 system, or an ISO date without a zone (`t="d"`) taken as written.
 */
export interface XlsxCell {
  value: string | number | boolean | Date | null;
  formula: boolean;
}
export interface XlsxRow {
  number: number;
  cells: XlsxCell[];
}

/** One worksheet: its name, whether it is hidden, and its rows (each call reads them from the start). */
export interface XlsxSheetPart {
  name: string;
  hidden: boolean;
  rows(): AsyncGenerator<XlsxRow>;
}
export interface XlsxWorkbook {
  sheets: XlsxSheetPart[];
  close(): void;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const EXCEL_EPOCH_1904 = Date.UTC(1904, 0, 1);
const MAX_COLUMNS = 16_384;

/** An ISO date or datetime; without a zone its calendar date and time as written (at UTC), with one the instant. */
export function isoCellDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) return null;
  if (m[8]) return new Date(text.trim());
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((p) => Number(p ?? 0)) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s, Number((m[7] ?? '').padEnd(3, '0'))));
}

function columnIndex(ref: string | undefined, fallback: number): number {
  if (!ref) return fallback;
  let n = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
    if (n > MAX_COLUMNS) throw new XlsxFormatError('column beyond XFD');
  }
  return n > 0 ? n - 1 : fallback;
}

interface SheetContext {
  shared: string[];
  dates: Set<number>;
  epoch: number;
  budget: Budget;
}

/** The cell being read (one object, reset for each cell: a sheet has millions of cells). */
interface CellState {
  type: string;
  style: number;
  formula: boolean;
  value: string | undefined;
  inline: boolean;
}

/** The cells that carry no value of their own are shared (the checks only read cells). */
const EMPTY_CELL: XlsxCell = Object.freeze({ value: null, formula: false });
const FORMULA_CELL: XlsxCell = Object.freeze({ value: null, formula: true });
const cellOf = (value: XlsxCell['value']): XlsxCell => (value === null ? EMPTY_CELL : { value, formula: false });

function cellValue(cell: CellState, inline: string, at: SheetContext): XlsxCell {
  if (cell.formula) return FORMULA_CELL;
  if (cell.type === 'inlineStr') return cellOf(cell.inline ? inline : (cell.value ?? null));
  const v = cell.value;
  if (v === undefined) return EMPTY_CELL;
  switch (cell.type) {
    case 's':
      return cellOf(at.shared[Number(v)] ?? '');
    case 'str':
    case 'e':
      return cellOf(v);
    case 'b':
      return cellOf(v === '1' || v === 'true');
    case 'd':
      return cellOf(isoCellDate(v) ?? v);
    default: {
      const n = Number(v);
      if (v.trim() === '' || !Number.isFinite(n)) return cellOf(v);
      if (at.dates.has(cell.style)) return cellOf(new Date(at.epoch + Math.round(n * 86_400_000)));
      return cellOf(n);
    }
  }
}

/** A worksheet's rows as they stream; rows without `r` follow the one before, cells without `r` the one before. */
async function* sheetRows(fd: number, entry: ZipEntry, at: SheetContext): AsyncGenerator<XlsxRow> {
  const { cellChars, rowBytes, rows: maxRows } = at.budget.limits;
  const parser = newParser();
  const rich = new RichText(parser);
  const ready: XlsxRow[] = [];
  let row: XlsxRow | null = null;
  let rowStart = 0;
  let expected = 1;
  // Every row element counts, blank or not (the row limit of sheet.ts counts only rows with data): a sheet of more
  // rows than a spreadsheet can hold is refused as soon as it passes them, not after all of them were read.
  let rowsSeen = 0;
  const cell: CellState = { type: 'n', style: 0, formula: false, value: undefined, inline: false };
  let inCell = false;
  let index = 0;
  let inValue = false;
  let value = '';
  const addValue = (t: string) => (value += t);
  // The unprefixed attributes read (r, s, t) are taken as the parser reports them, before their element opens: no
  // lookup in each element's attribute table (a sheet has millions of cells).
  let attrR: string | undefined;
  let attrS: string | undefined;
  let attrT: string | undefined;
  parser.on('attribute', (attr) => {
    if (attr.prefix !== '') return;
    if (attr.name === 'r') attrR = attr.value;
    else if (attr.name === 's') attrS = attr.value;
    else if (attr.name === 't') attrT = attr.value;
  });
  // Only SpreadsheetML elements carry what is read; the element's local name is looked at once per tag.
  parser.on('opentag', (node: XmlTag) => {
    const r = attrR;
    const s = attrS;
    const t = attrT;
    attrR = attrS = attrT = undefined;
    if (!isMainNs(node.uri)) return;
    const local = node.local;
    if (inCell) {
      if (local === 'v') {
        inValue = true;
        value = '';
        parser.on('text', addValue);
      } else if (local === 'f') cell.formula = true;
      else if (local === 'is') cell.inline = true;
      else if (cell.inline) rich.open(node);
    } else if (local === 'c') {
      if (!row) return;
      index = columnIndex(r, row.cells.length);
      inCell = true;
      cell.type = t ?? 'n';
      cell.style = s === undefined ? 0 : Number(s);
      cell.formula = false;
      cell.value = undefined;
      cell.inline = false;
    } else if (local === 'row') {
      row = { number: r ? Number(r) : expected, cells: [] };
      if (!Number.isInteger(row.number) || row.number < 1) throw new XlsxFormatError('bad row number');
      if (++rowsSeen > maxRows || row.number > maxRows) throw new XlsxLimitError('rows', row.number);
      rowStart = parser.position;
    }
  });
  parser.on('closetag', (node: XmlTag) => {
    if (!isMainNs(node.uri)) return;
    const local = node.local;
    if (inCell) {
      if (local === 'c') {
        const done = cellValue(cell, rich.take(), at);
        if (typeof done.value === 'string' && done.value.length > cellChars) throw new XlsxLimitError('cell', row!.number);
        while (row!.cells.length < index) row!.cells.push(EMPTY_CELL);
        row!.cells[index] = done;
        inCell = false;
      } else if (local === 'v' && inValue) {
        inValue = false;
        parser.off('text');
        cell.value = value;
      } else if (cell.inline) rich.close(node);
    } else if (row && local === 'row') {
      if (parser.position - rowStart > rowBytes) throw new XlsxLimitError('row', row.number);
      ready.push(row);
      expected = row.number + 1;
      row = null;
    }
  });
  for await (const fed of feed(entryChunks(fd, entry, at.budget), parser, () => inValue || rich.active)) {
    // Set by the parser's handlers during `feed`.
    const open = row as XlsxRow | null;
    if (open && (fed - rowStart > rowBytes || value.length > cellChars || rich.length > cellChars)) {
      throw value.length > cellChars || rich.length > cellChars ? new XlsxLimitError('cell', open.number) : new XlsxLimitError('row', open.number);
    }
    while (ready.length > 0) yield ready.shift()!;
  }
}

/**
 * Opens the .xlsx at `path`: `check` sees the zip's entries first (the early zip-bomb refusal from the directory's
 * claims), `limits` bound what is really inflated and held. The caller closes the workbook.
 */
export async function openXlsxWorkbook(path: string, check: (entries: ZipEntry[]) => void, limits: XlsxLimits = UPLOAD_LIMITS): Promise<XlsxWorkbook> {
  const fd = fs.openSync(path, 'r');
  const budget: Budget = { limits, inflated: 0 };
  try {
    const entries = zipEntries(fd, fs.fstatSync(fd).size);
    check(entries);
    const parts = await workbookParts(fd, entries, budget);
    const at: SheetContext = { shared: parts.shared, dates: parts.dates, epoch: parts.date1904 ? EXCEL_EPOCH_1904 : EXCEL_EPOCH, budget };
    return {
      sheets: parts.sheets.map((s) => ({ name: s.name, hidden: s.hidden, rows: () => sheetRows(fd, s.entry, at) })),
      close: () => fs.closeSync(fd),
    };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** The first worksheet of the .xlsx at `path`, closed when its rows end (for scripts and benchmarks). */
export async function openXlsxFile(path: string, check: (entries: ZipEntry[]) => void, limits: XlsxLimits = UPLOAD_LIMITS): Promise<{ name: string; rows: AsyncGenerator<XlsxRow> }> {
  const workbook = await openXlsxWorkbook(path, check, limits);
  const first = workbook.sheets[0]!;
  async function* rows() {
    try {
      yield* first.rows();
    } finally {
      workbook.close();
    }
  }
  return { name: first.name, rows: rows() };
}
