import { posix } from 'node:path';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { XlsxFormatError, XlsxLimitError, XlsxMacroError, entryChunks, type Budget, type ZipEntry } from './xlsx-zip.js';

/**
 * The Office Open XML side of the .xlsx reader: every part is parsed by a namespace-aware streaming XML parser
 * (saxes, the one ExcelJS uses), so prefixes (`<x:row>`), either quote style and entities are the parser's business,
 * not ours. Parts are found as the packaging rules say: the workbook through `_rels/.rels` (or its content type),
 * its sheets, shared strings and styles through the workbook's relationships (or their content types), whatever
 * their names; the usual names are the last resort, for writers that leave the relationships out.
 */
export type XmlParser = SaxesParser<{ xmlns: true }>;
export type XmlTag = SaxesTagNS;

/** SpreadsheetML's namespace (transitional and strict); no namespace at all is taken as it too. */
const MAIN_NS = new Set(['http://schemas.openxmlformats.org/spreadsheetml/2006/main', 'http://purl.oclc.org/ooxml/spreadsheetml/main', '']);
const REL_NS = new Set(['http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'http://purl.oclc.org/ooxml/officeDocument/relationships']);
const MACRO_TYPES = /macroEnabled/i;

/** Whether a namespace URI is SpreadsheetML's (elements of other namespaces, e.g. extensions, are not read). */
export function isMainNs(uri: string): boolean {
  // Every element of a sheet carries the same URI string from the parser's namespace map: compared first by identity.
  if (uri === lastMainNs) return true;
  if (!MAIN_NS.has(uri)) return false;
  lastMainNs = uri;
  return true;
}
let lastMainNs = '';
/** Whether `node` is the SpreadsheetML element `local`. */
export const isMain = (node: XmlTag, local: string) => node.local === local && isMainNs(node.uri);
/** An unprefixed attribute's value. */
export const attrOf = (node: XmlTag, name: string): string | undefined => node.attributes[name]?.value;
const relIdOf = (node: XmlTag) => Object.values(node.attributes).find((a) => a.local === 'id' && REL_NS.has(a.uri))?.value;

/** Excel's escapes of characters XML cannot hold (`_x000D_`); `_x005F_` escapes an underscore that is not one. */
export const decodeEscapes = (s: string) => (s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s);

const BLANK = /^[ \t\r\n]*$/;

/**
 * Feeds a part's inflated bytes to `parser`, yielding after each chunk so the caller takes what its handlers
 * collected. A chunk of only whitespace is fed as one space while no text is being captured (a sheet padded with
 * blanks between rows costs nothing to skip), and the encoding comes from the byte order mark (UTF-8 unless UTF-16).
 * Each yield is the number of characters fed so far: the position of the next one, on the scale `parser.position`
 * has inside the handlers. Between two writes saxes's own `position` is not that (it adds the last chunk's length
 * twice), so a limit checked between chunks must use this count.
 */
export async function* feed(chunks: AsyncIterable<Buffer>, parser: XmlParser, capturing: () => boolean): AsyncGenerator<number> {
  let decoder: TextDecoder | undefined;
  let fed = 0;
  const write = (text: string) => {
    parser.write(text);
    fed += text.length;
  };
  for await (const chunk of chunks) {
    decoder ??= new TextDecoder(chunk[0] === 0xff && chunk[1] === 0xfe ? 'utf-16le' : chunk[0] === 0xfe && chunk[1] === 0xff ? 'utf-16be' : 'utf-8', { fatal: true });
    const text = decoder.decode(chunk, { stream: true });
    write(!capturing() && BLANK.test(text) ? ' ' : text);
    yield fed;
  }
  write(decoder?.decode() ?? '');
  parser.close();
  yield fed;
}

export const newParser = (): XmlParser => new SaxesParser({ xmlns: true });

/** A small part read whole (content types, relationships, workbook, styles): each element to `onOpen`, bounded in size. */
async function readPart(fd: number, entry: ZipEntry, budget: Budget, onOpen: (node: XmlTag) => void, onClose?: (node: XmlTag) => void): Promise<void> {
  const parser = newParser();
  parser.on('opentag', onOpen);
  if (onClose) parser.on('closetag', onClose);
  let size = 0;
  async function* counted() {
    for await (const chunk of entryChunks(fd, entry, budget)) {
      size += chunk.length;
      if (size > budget.limits.partBytes) throw new XlsxLimitError('part');
      yield chunk;
    }
  }
  for await (const _ of feed(counted(), parser, () => false));
}

/**
 * The text of an <si> or <is> as it streams: every <t> (and CDATA in it), except those of phonetic runs (<rPh>, the
 * readings Japanese Excel keeps), escapes decoded on `take`.
 */
export class RichText {
  private phonetic = 0;
  private capturing = false;
  private text = '';
  constructor(private parser: XmlParser) {}
  get active() {
    return this.capturing;
  }
  open(node: XmlTag) {
    if (isMain(node, 'rPh')) this.phonetic += 1;
    else if (isMain(node, 't') && this.phonetic === 0) {
      this.capturing = true;
      const add = (t: string) => (this.text += t);
      this.parser.on('text', add);
      this.parser.on('cdata', add);
    }
  }
  close(node: XmlTag) {
    if (isMain(node, 'rPh')) this.phonetic -= 1;
    else if (isMain(node, 't') && this.capturing) {
      this.capturing = false;
      this.parser.off('text');
      this.parser.off('cdata');
    }
  }
  take(): string {
    const text = decodeEscapes(this.text);
    this.text = '';
    return text;
  }
  get length() {
    return this.text.length;
  }
}

/** The shared strings, streamed: each one's text, none longer than a cell may be. */
export async function sharedStrings(fd: number, entry: ZipEntry | undefined, budget: Budget): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  const parser = newParser();
  const rich = new RichText(parser);
  let start = -1;
  const tooLarge = () => new XlsxLimitError('cell');
  parser.on('opentag', (node) => {
    if (isMain(node, 'si')) start = parser.position;
    else if (start >= 0) rich.open(node);
  });
  parser.on('closetag', (node) => {
    if (isMain(node, 'si')) {
      const text = rich.take();
      if (text.length > budget.limits.cellChars) throw tooLarge();
      strings.push(text);
      start = -1;
    } else if (start >= 0) rich.close(node);
  });
  for await (const fed of feed(entryChunks(fd, entry, budget), parser, () => rich.active)) {
    if (start >= 0 && fed - start > budget.limits.rowBytes) throw tooLarge();
  }
  return strings;
}

const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Which cell styles show dates: built-in date formats and custom ones with date parts. */
async function dateStyles(fd: number, entry: ZipEntry | undefined, budget: Budget): Promise<Set<number>> {
  const styles = new Set<number>();
  if (!entry) return styles;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let index = 0;
  await readPart(
    fd,
    entry,
    budget,
    (node) => {
      if (isMain(node, 'numFmt')) custom.set(Number(attrOf(node, 'numFmtId')), attrOf(node, 'formatCode') ?? '');
      else if (isMain(node, 'cellXfs')) inCellXfs = true;
      else if (inCellXfs && isMain(node, 'xf')) {
        const id = Number(attrOf(node, 'numFmtId') ?? 0);
        if (DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!))) styles.add(index);
        index += 1;
      }
    },
    (node) => {
      if (isMain(node, 'cellXfs')) inCellXfs = false;
    },
  );
  return styles;
}

interface Relationship {
  type: string;
  target: string;
}
/** A part's relationships by id, targets resolved to part names (`source` is the part they belong to). */
async function relationships(fd: number, parts: Parts, source: string, budget: Budget): Promise<Map<string, Relationship>> {
  const rels = new Map<string, Relationship>();
  const dir = posix.dirname(source);
  const entry = parts.get(posix.join(dir, '_rels', `${posix.basename(source)}.rels`));
  if (!entry) return rels;
  await readPart(fd, entry, budget, (node) => {
    if (node.local !== 'Relationship' || attrOf(node, 'TargetMode') === 'External') return;
    const target = attrOf(node, 'Target') ?? '';
    const name = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(dir, target));
    rels.set(attrOf(node, 'Id') ?? '', { type: attrOf(node, 'Type') ?? '', target: name });
  });
  return rels;
}

/** The zip's parts by name; part names are case-insensitive (OPC). */
export class Parts {
  private byName: Map<string, ZipEntry>;
  constructor(entries: ZipEntry[]) {
    this.byName = new Map(entries.map((e) => [e.name.replace(/^\//, '').toLowerCase(), e]));
  }
  get(name: string): ZipEntry | undefined {
    return this.byName.get(name.replace(/^\//, '').toLowerCase());
  }
}

export interface SheetPart {
  name: string;
  hidden: boolean;
  entry: ZipEntry;
}
export interface WorkbookParts {
  sheets: SheetPart[];
  shared: string[];
  dates: Set<number>;
  date1904: boolean;
}

const isType = (rel: Relationship | undefined, type: string) => rel !== undefined && (rel.type === '' || rel.type.endsWith(`/${type}`));

/** The workbook's worksheets (in the workbook's order), shared strings, date styles and date system. */
export async function workbookParts(fd: number, entries: ZipEntry[], budget: Budget): Promise<WorkbookParts> {
  const parts = new Parts(entries);
  // [Content_Types].xml: which part is the workbook (and whether it carries macros), where relationships are missing.
  const types = new Map<string, string>();
  const contentTypes = parts.get('[Content_Types].xml');
  if (contentTypes) {
    await readPart(fd, contentTypes, budget, (node) => {
      if (node.local === 'Override') types.set((attrOf(node, 'PartName') ?? '').replace(/^\//, '').toLowerCase(), attrOf(node, 'ContentType') ?? '');
    });
  }
  const byType = (suffix: string) => [...types].find(([, type]) => type.endsWith(suffix))?.[0];
  const root = [...(await relationships(fd, parts, '', budget)).values()].find((r) => r.type.endsWith('/officeDocument'));
  const workbookName = root?.target ?? byType('.main+xml') ?? 'xl/workbook.xml';
  if (MACRO_TYPES.test(types.get(workbookName.toLowerCase()) ?? '') || parts.get(posix.join(posix.dirname(workbookName), 'vbaProject.bin'))) throw new XlsxMacroError('macro-enabled workbook');
  const workbook = parts.get(workbookName);
  if (!workbook) throw new XlsxFormatError('no workbook part');

  const listed: { name: string; hidden: boolean; relId: string }[] = [];
  let date1904 = false;
  await readPart(fd, workbook, budget, (node) => {
    if (isMain(node, 'sheet')) listed.push({ name: attrOf(node, 'name') ?? '', hidden: (attrOf(node, 'state') ?? 'visible') !== 'visible', relId: relIdOf(node) ?? '' });
    else if (isMain(node, 'workbookPr')) date1904 = ['1', 'true'].includes(attrOf(node, 'date1904') ?? '');
  });
  const rels = await relationships(fd, parts, workbookName, budget);
  const relOfType = (type: string) => [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;
  const sheets: SheetPart[] = [];
  for (const s of listed) {
    const rel = rels.get(s.relId);
    // Chart sheets and dialog sheets hold no cells.
    if (rels.size > 0 && !isType(rel, 'worksheet')) continue;
    const entry = parts.get(rel?.target ?? `xl/worksheets/sheet${sheets.length + 1}.xml`);
    if (!entry) throw new XlsxFormatError('sheet part missing');
    sheets.push({ name: s.name, hidden: s.hidden, entry });
  }
  if (sheets.length === 0) throw new XlsxFormatError('no sheet');
  const sharedName = relOfType('sharedStrings') ?? byType('.sharedStrings+xml') ?? 'xl/sharedStrings.xml';
  const stylesName = relOfType('styles') ?? byType('.styles+xml') ?? 'xl/styles.xml';
  const shared = await sharedStrings(fd, parts.get(sharedName), budget);
  const dates = await dateStyles(fd, parts.get(stylesName), budget);
  return { sheets, shared, dates, date1904 };
}
