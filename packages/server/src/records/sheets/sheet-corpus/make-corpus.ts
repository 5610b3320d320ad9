import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { part, zipOf } from '../../../kinds/ec/zip-fixtures.js';
import { HEADER_EN, HEADER_JA, LISTINGS, cellsOf, type Listing } from './cases.js';

/**
 * Writes the corpus files (cases.ts) into files/: run `TZ=UTC node --import tsx make-corpus.ts` from this folder
 * (SheetJS turns Date objects into serials in the local zone, so the writers run at UTC). LibreOffice (Debian's
 * `soffice`, package libreoffice-calc-nogui) converts the ExcelJS file and the UTF-8 CSV. The files are committed,
 * so the tests need none of these writers.
 */
if (new Date(2026, 0, 1).getTimezoneOffset() !== 0) throw new Error('run with TZ=UTC');
const DIR = path.join(import.meta.dirname, 'files');
fs.mkdirSync(DIR, { recursive: true });
const out = (name: string, bytes: Buffer | string) => fs.writeFileSync(path.join(DIR, name), bytes);
const utc = (s: Listing['scan']) => new Date(Date.UTC(s.y, s.m - 1, s.d));
const serial = (s: Listing['scan'], epoch = Date.UTC(1899, 11, 30)) => (utc(s).getTime() - epoch) / 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

// ---------------------------------------------------------------- ExcelJS
async function excelJs(sheets: { name: string; rows: unknown[][]; hidden?: boolean }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name, { state: s.hidden ? 'hidden' : 'visible' });
    for (const row of s.rows) sheet.addRow(row);
    sheet.getColumn(2).numFmt = 'yyyy-mm-dd';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const report = (header: string[]) => [header, ...LISTINGS.map((l) => cellsOf(l, utc))];
out('exceljs.xlsx', await excelJs([{ name: 'Report', rows: report(HEADER_EN) }]));
out('exceljs-lists-first.xlsx', await excelJs([
  { name: 'Instructions', rows: [['How to fill in this report'], ['One listing per row.']] },
  { name: 'Lists', hidden: true, rows: [['Amazon'], ['Rakuten']] },
  { name: 'レポート', rows: report(HEADER_JA) },
]));

// ---------------------------------------------------------------- SheetJS
function sheetJs(bookType: 'xlsx' | 'biff8', date1904 = false): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(report(HEADER_EN), { cellDates: true }), 'Report');
  if (date1904) workbook.Workbook = { WBProps: { date1904: true } };
  return XLSX.write(workbook, { type: 'buffer', bookType, cellDates: bookType === 'xlsx' && !date1904 }) as Buffer;
}
out('sheetjs.xlsx', sheetJs('xlsx'));
out('sheetjs-1904.xlsx', sheetJs('xlsx', true));
out('sheetjs.xls', sheetJs('biff8'));
fs.copyFileSync(path.join(DIR, 'sheetjs.xls'), path.join(DIR, 'xls-renamed.xlsx'));
fs.copyFileSync(path.join(DIR, 'exceljs.xlsx'), path.join(DIR, 'xlsx-renamed.xls'));

// ---------------------------------------------------------------- CSV
const csvField = (v: string | number) => (/[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const csvOf = (header: string[]) => [header, ...LISTINGS.map((l) => cellsOf(l, (s) => `${s.y}-${pad(s.m)}${pad(s.d)}`))].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
out('csv-utf8.csv', csvOf(HEADER_EN));
out('csv-utf8-bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvOf(HEADER_EN))]));
out('csv-renamed.xlsx', csvOf(HEADER_EN));
/** CP932 bytes by the inverse of Node's WHATWG Shift_JIS decoder (no encoder is needed for these characters). */
function cp932(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      try {
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (!table.has(ch)) table.set(ch, [lead, trail]);
      } catch {
        // not a character
      }
    }
  }
  return Buffer.from([...text].flatMap((ch) => (ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : (table.get(ch) ?? [0x3f]))));
}
out('csv-cp932.csv', cp932(csvOf(HEADER_JA)));
out('csv-invalid.csv', Buffer.concat([Buffer.from(csvOf(HEADER_EN).split('\r\n')[0]! + '\r\n'), Buffer.from([0x41, 0x6d, 0xff, 0xfe, 0x80, 0xa0, 0x2c, 0x31, 0x0d, 0x0a])]));

// ---------------------------------------------------------------- hand-edited XML
interface Hand {
  prefix?: boolean;
  singleQuotes?: boolean;
  phonetic?: boolean;
  date1904?: boolean;
  noRefs?: boolean;
  escapes?: boolean;
  sharedAt?: string;
  isoDates?: boolean;
  before?: { name: string; hidden: boolean; text: string };
  farFormatted?: boolean;
  macro?: boolean;
}
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const col = (i: number) => String.fromCharCode(65 + i);

function hand(o: Hand): Buffer {
  const q = o.singleQuotes ? "'" : '"';
  const x = o.prefix ? 'x:' : '';
  const ns = o.prefix ? `xmlns:x=${q}${MAIN}${q}` : `xmlns=${q}${MAIN}${q}`;
  const decl = `<?xml version=${q}1.0${q} encoding=${q}UTF-8${q} standalone=${q}yes${q}?>\n`;
  const a = (attrs: Record<string, string | number | undefined>) => Object.entries(attrs).filter(([, v]) => v !== undefined).map(([k, v]) => ` ${k}=${q}${typeof v === 'string' ? esc(v) : v}${q}`).join('');
  const shared: string[] = [];
  const si = (text: string) => {
    shared.push(text);
    return shared.length - 1;
  };
  const row = (r: number, cells: string[]) => `<${x}row${o.noRefs ? '' : a({ r })}>${cells.join('')}</${x}row>`;
  const ref = (c: number, r: number) => (o.noRefs ? {} : { r: `${col(c)}${r}` });
  const str = (c: number, r: number, text: string) => `<${x}c${a({ ...ref(c, r), t: 's' })}><${x}v>${si(text)}</${x}v></${x}c>`;
  const num = (c: number, r: number, n: number, s?: number) => `<${x}c${a({ ...ref(c, r), ...(s ? { s } : {}) })}><${x}v>${n}</${x}v></${x}c>`;
  const date = (c: number, r: number, d: Listing['scan']) =>
    o.isoDates ? `<${x}c${a({ ...ref(c, r), t: 'd' })}><${x}v>${d.y}-${pad(d.m)}-${pad(d.d)}T00:00:00</${x}v></${x}c>` : num(c, r, serial(d, o.date1904 ? Date.UTC(1904, 0, 1) : undefined), 1);
  const rows = [row(1, HEADER_EN.map((h, c) => str(c, 1, h)))];
  LISTINGS.forEach((l, i) => {
    const r = i + 2;
    const title = o.escapes && i === 1 ? 'Sakura_x0020_Glow_x000D__x000A_lotion 2 _x005F_x0041_' : l.title;
    rows.push(row(r, cellsOf(l, (s) => s).map((v, c) => (c === 1 ? date(c, r, l.scan) : typeof v === 'number' ? num(c, r, v) : str(c, r, c === 3 ? title : String(v))))));
  });
  if (o.farFormatted) rows.push(`<${x}row${a({ r: 1048576 })}><${x}c${a({ r: 'A1048576', s: 1 })}/></${x}row>`);
  const sheetXml = `${decl}<${x}worksheet ${ns}><${x}sheetData>${rows.join('')}</${x}sheetData></${x}worksheet>`;
  const sst = shared.map((t) => {
    if (o.phonetic && t === 'さくら商店') return `<${x}si><${x}t>さくら商店</${x}t><${x}rPh${a({ sb: 3, eb: 5 })}><${x}t>ショウテン</${x}t></${x}rPh><${x}phoneticPr${a({ fontId: 0, type: 'noConversion' })}/></${x}si>`;
    if (o.phonetic && t.startsWith('Sakura "Glow"')) return `<${x}si><${x}r><${x}t xml:space=${q}preserve${q}>Sakura "Glow" </${x}t></${x}r><${x}r><${x}rPr><${x}b/></${x}rPr><${x}t>${esc('lotion & <cream>')}</${x}t></${x}r></${x}si>`;
    return `<${x}si><${x}t>${esc(t)}</${x}t></${x}si>`;
  });
  const sharedPath = o.sharedAt ?? 'xl/sharedStrings.xml';
  const sharedXml = `${decl}<${x}sst ${ns}${a({ count: shared.length, uniqueCount: shared.length })}>${sst.join('')}</${x}sst>`;
  const styles = `${decl}<${x}styleSheet ${ns}><${x}cellXfs${a({ count: 2 })}><${x}xf${a({ numFmtId: 0 })}/><${x}xf${a({ numFmtId: 14, applyNumberFormat: 1 })}/></${x}cellXfs></${x}styleSheet>`;
  const sheets = [...(o.before ? [{ ...o.before, file: 'sheet2.xml' }] : []), { name: 'Report', hidden: false, file: 'sheet1.xml', text: '' }];
  const wb = `${decl}<${x}workbook ${ns} xmlns:r=${q}${REL}${q}>${o.date1904 ? `<${x}workbookPr${a({ date1904: 1 })}/>` : ''}<${x}sheets>${sheets
    .map((s, i) => `<${x}sheet${a({ name: s.name, sheetId: i + 1, ...(s.hidden ? { state: 'hidden' } : {}) })} r:id=${q}rId${s.file === 'sheet1.xml' ? 1 : 4}${q}/>`)
    .join('')}</${x}sheets></${x}workbook>`;
  const rel = (id: string, type: string, target: string) => `<Relationship${a({ Id: id, Type: `${REL}/${type}`, Target: target })}/>`;
  const wbRels = `${decl}<Relationships xmlns=${q}${PKG}${q}>${rel('rId1', 'worksheet', 'worksheets/sheet1.xml')}${rel('rId2', 'sharedStrings', `/${sharedPath}`)}${rel('rId3', 'styles', 'styles.xml')}${o.before ? rel('rId4', 'worksheet', 'worksheets/sheet2.xml') : ''}</Relationships>`;
  const mainType = o.macro ? 'application/vnd.ms-excel.sheet.macroEnabled.main+xml' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
  const override = (name: string, type: string) => `<Override${a({ PartName: `/${name}`, ContentType: type })}/>`;
  const types = `${decl}<Types xmlns=${q}http://schemas.openxmlformats.org/package/2006/content-types${q}><Default${a({ Extension: 'rels', ContentType: 'application/vnd.openxmlformats-package.relationships+xml' })}/><Default${a({ Extension: 'xml', ContentType: 'application/xml' })}/>${override('xl/workbook.xml', mainType)}${override('xl/worksheets/sheet1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml')}${override(sharedPath, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml')}${override('xl/styles.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml')}</Types>`;
  const rootRels = `${decl}<Relationships xmlns=${q}${PKG}${q}><Relationship${a({ Id: 'rId1', Type: `${REL}/officeDocument`, Target: 'xl/workbook.xml' })}/></Relationships>`;
  const beforeSheet = o.before ? [part('xl/worksheets/sheet2.xml', `${decl}<${x}worksheet ${ns}><${x}sheetData><${x}row${a({ r: 1 })}><${x}c${a({ r: 'A1', t: 'inlineStr' })}><${x}is><${x}t>${esc(o.before.text)}</${x}t></${x}is></${x}c></${x}row></${x}sheetData></${x}worksheet>`)] : [];
  return zipOf([
    part('[Content_Types].xml', types),
    part('_rels/.rels', rootRels),
    part('xl/workbook.xml', wb),
    part('xl/_rels/workbook.xml.rels', wbRels),
    part('xl/worksheets/sheet1.xml', sheetXml),
    ...beforeSheet,
    part(sharedPath, sharedXml),
    part('xl/styles.xml', styles),
    ...(o.macro ? [part('xl/vbaProject.bin', Buffer.from('not really VBA'))] : []),
  ]);
}
out('hand-prefixed.xlsx', hand({ prefix: true }));
out('hand-phonetic.xlsx', hand({ phonetic: true }));
out('hand-1904.xlsx', hand({ date1904: true }));
out('hand-no-refs.xlsx', hand({ noRefs: true }));
out('hand-escapes.xlsx', hand({ escapes: true }));
out('hand-single-quotes.xlsx', hand({ singleQuotes: true }));
out('hand-renamed-strings.xlsx', hand({ sharedAt: 'xl/strings/shared.xml' }));
out('hand-iso-dates.xlsx', hand({ isoDates: true }));
out('hand-hidden-first.xlsx', hand({ before: { name: 'Lists', hidden: true, text: 'Amazon' } }));
out('hand-instructions-first.xlsx', hand({ before: { name: 'Instructions', hidden: false, text: 'How to fill in this report' } }));
out('hand-far-formatted.xlsx', hand({ farFormatted: true }));
out('hand-macro.xlsm', hand({ macro: true }));

// ---------------------------------------------------------------- LibreOffice
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-lo-'));
// CSV import options: comma, double quote, UTF-8 (76), from line 1.
const soffice = (input: string, format: string) =>
  execFileSync('soffice', [`-env:UserInstallation=file://${tmp}/profile`, '--headless', '--infilter=CSV:44,34,76,1', '--convert-to', format, '--outdir', tmp, input], { stdio: 'ignore' });
soffice(path.join(DIR, 'exceljs.xlsx'), 'xlsx:Calc MS Excel 2007 XML');
fs.copyFileSync(path.join(tmp, 'exceljs.xlsx'), path.join(DIR, 'libreoffice.xlsx'));
soffice(path.join(DIR, 'exceljs.xlsx'), 'xls:MS Excel 97');
fs.copyFileSync(path.join(tmp, 'exceljs.xls'), path.join(DIR, 'libreoffice.xls'));
soffice(path.join(DIR, 'csv-utf8.csv'), 'xlsx:Calc MS Excel 2007 XML');
fs.copyFileSync(path.join(tmp, 'csv-utf8.xlsx'), path.join(DIR, 'libreoffice-from-csv.xlsx'));
fs.rmSync(tmp, { recursive: true, force: true });
process.stdout.write(`corpus written to ${DIR}\n`);
