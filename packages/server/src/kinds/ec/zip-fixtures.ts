import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { HEADER_EN, listing } from './report-fixtures.js';

/**
 * Hand-built .xlsx zips for the reader's limits: bombs whose central directory tells the truth or lies about the
 * unpacked size, and sheets with huge cells or rows. Built in the tests (nothing big is committed).
 */
export interface ZipPart {
  name: string;
  /** The deflated bytes, and the unpacked size the central directory states (the truth unless a test lies). */
  packed: Buffer;
  claimedSize: number;
}

export const part = (name: string, text: string | Buffer, claimedSize?: number): ZipPart => {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return { name, packed: deflateRawSync(bytes, { level: 1 }), claimedSize: claimedSize ?? bytes.length };
};

/** `repeat` copies of `chunk` deflated (level 1, as a fast zip tool would), without holding the whole in memory. */
export async function deflatedRepeat(chunk: Buffer, repeat: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let i = 0; i < repeat; i++) if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.packed.length, 18);
    local.writeUInt32LE(Math.min(p.claimedSize, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.packed.length, 20);
    central.writeUInt32LE(Math.min(p.claimedSize, 0xffffffff), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.packed);
    centrals.push(central, name);
    offset += 30 + name.length + p.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORKBOOK = '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Report" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS = '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>';

/** A workbook of one sheet: its packed sheet part, and a shared strings part if given. */
export function workbookOf(sheet: ZipPart, shared?: ZipPart): Buffer {
  return zipOf([part('xl/workbook.xml', WORKBOOK), part('xl/_rels/workbook.xml.rels', RELS), sheet, ...(shared ? [shared] : [])]);
}

/** Row 1 with the template's header labels (inline strings), so reading goes on past the header. */
export const HEADER_ROW = `<row r="1">${HEADER_EN.map((h) => `<c t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row>`;

/**
 * The bomb of the issue: a sheet that inflates to 1 GB of blanks (4.7 MB packed, a ratio of about 229). Honest,
 * its directory says so; lying, it claims 2 KB.
 */
export async function zipBombSheet(lying: boolean): Promise<Buffer> {
  const header = `<worksheet><sheetData>${HEADER_ROW}`;
  const blanks = await deflatedRepeat(Buffer.alloc(16 * 1024 * 1024, 0x20), 64);
  // The header row is its own stored-as-deflated block before the blanks (raw deflate blocks concatenate).
  const head = deflateRawSync(Buffer.from(header), { level: 1, finishFlush: 2 /* Z_SYNC_FLUSH */ });
  const packed = Buffer.concat([head, blanks]);
  const size = header.length + 1024 * 1024 * 1024;
  return workbookOf({ name: 'xl/worksheets/sheet1.xml', packed, claimedSize: lying ? 2048 : size });
}

/** One valid EC listing row as a sheet's XML (inline strings, no row number: it follows the row before). */
function listingRowXml(n: number): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const cells = listing(n).map((c) => (typeof c === 'number' ? `<c><v>${c}</v></c>` : `<c t="inlineStr"><is><t>${escape(String(c))}</t></is></c>`));
  return `<row>${cells.join('')}</row>`;
}

/**
 * The lying bomb of issue 34 (defect 3): a sheet of about 1 GB of valid EC listing rows (the template's header, then
 * one listing repeated, each followed by blanks) packed to about 4.7 MB, a ratio of about 230, whose central
 * directory and local header both claim 2 KB. Built in a moment without inflating anything: 1,024 rows are deflated
 * once with a full flush (their blocks refer to nothing before them, and end on a byte boundary), those deflated bytes
 * are repeated, and an empty final block ends the stream; only the packed bytes are ever held. `honest` states the
 * real size instead (the reader's test reads a small one in full).
 */
export function lyingRowsBomb(targetBytes = 1024 * 1024 * 1024, claim: 'lying' | 'honest' = 'lying'): { bytes: Buffer; rows: number; unpacked: number; packed: number } {
  const row = `${listingRowXml(1)}${' '.repeat(700)}`;
  const chunkRows = 1024;
  const chunk = Buffer.from(row.repeat(chunkRows));
  const head = Buffer.from(`<worksheet><sheetData>${HEADER_ROW}`);
  const tail = Buffer.from('</sheetData></worksheet>');
  const full = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const copies = Math.ceil((targetBytes - head.length - tail.length) / chunk.length);
  const packedChunk = deflateRawSync(chunk, full);
  const packed = Buffer.concat([deflateRawSync(head, full), ...Array.from({ length: copies }, () => packedChunk), deflateRawSync(tail)]);
  const unpacked = head.length + copies * chunk.length + tail.length;
  const bytes = workbookOf({ name: 'xl/worksheets/sheet1.xml', packed, claimedSize: claim === 'lying' ? 2048 : unpacked });
  return { bytes, rows: copies * chunkRows, unpacked, packed: packed.length };
}

/**
 * A sheet no limit refuses early, for the tests that need an upload to take a while: the header, then 1 GB of blanks
 * packed at a ratio of about 175 (under the limit), its directory telling the truth. Every byte must be inflated and
 * parsed before the sheet is found to hold no records. Built like lyingRowsBomb, from one deflated chunk repeated.
 */
export function blankSheetUnderRatio(): Buffer {
  const head = Buffer.from(`<worksheet><sheetData>${HEADER_ROW}`);
  const tail = Buffer.from('</sheetData></worksheet>');
  const full = { level: 1, finishFlush: constants.Z_FULL_FLUSH };
  const blanks = 16 * 1024;
  const copies = (1024 * 1024 * 1024) / blanks;
  const packedBlanks = deflateRawSync(Buffer.alloc(blanks, 0x20), full);
  const packed = Buffer.concat([deflateRawSync(head, full), ...Array.from({ length: copies }, () => packedBlanks), deflateRawSync(tail)]);
  return workbookOf({ name: 'xl/worksheets/sheet1.xml', packed, claimedSize: head.length + copies * blanks + tail.length });
}
