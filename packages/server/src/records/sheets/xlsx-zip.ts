import fs from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createInflateRaw } from 'node:zlib';
import { EXCEL_MAX_ROWS, REPORT_MAX_CELL_CHARS, REPORT_MAX_PACK_RATIO, REPORT_MAX_PART_BYTES, REPORT_MAX_ROW_BYTES, REPORT_MAX_UNPACKED_BYTES } from '@portal/contract';

/**
 * The zip side of the .xlsx reader (xlsx-reader.ts): the central directory, each part's bytes as they really
 * inflate, and the limits those bytes are counted against. The directory's sizes are only claims: every part is
 * counted as it really inflates, and reading stops the moment a part inflates past the size its directory entry
 * states, passes its ratio, or all parts pass the total (a zip whose directory lies is the bomb the directory check
 * alone lets through). The stated size is the limit that stops a lying bomb at once: the directory check has
 * already held the stated sizes to the ratio and the total, so holding the real bytes to them makes that check
 * true of what is read. Zip tools write the exact size (it is the size their readers check the part against), so
 * a real spreadsheet never passes it; the ratio and the total alone would let a lying bomb of valid rows be read
 * for minutes (issue 34: 200 times 4.7 MB is 940 MB of rows, each checked and written).
 */
export interface ZipEntry {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  offset: number;
}
export class XlsxFormatError extends Error {}
/** A macro-enabled workbook (.xlsm): refused with its own message. */
export class XlsxMacroError extends Error {}

/**
 * What the reader refuses to unpack or hold, and why (each has its own message for the user): `declared` is a part
 * inflating past the size its directory entry states, `rows` a sheet of more rows than a spreadsheet can have.
 */
export type XlsxLimit = 'declared' | 'ratio' | 'total' | 'rows' | 'row' | 'cell' | 'part';
export class XlsxLimitError extends Error {
  constructor(
    readonly limit: XlsxLimit,
    /** The sheet row being read when a row or cell limit was passed. */
    readonly row?: number,
    /** The size the directory states for a part that inflates past it (`declared`). */
    readonly declared?: number,
  ) {
    super(`xlsx limit: ${limit}${row ? ` at row ${row}` : ''}${declared !== undefined ? ` (declared ${declared} bytes)` : ''}`);
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
  /** Rows of one sheet, blank or not, and the highest row number. */
  rows: number;
}
export const UPLOAD_LIMITS: XlsxLimits = {
  totalBytes: REPORT_MAX_UNPACKED_BYTES,
  ratio: REPORT_MAX_PACK_RATIO,
  rowBytes: REPORT_MAX_ROW_BYTES,
  cellChars: REPORT_MAX_CELL_CHARS,
  partBytes: REPORT_MAX_PART_BYTES,
  rows: EXCEL_MAX_ROWS,
};

/** The bytes inflated so far from one file, against its limits. */
export interface Budget {
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

const readAt = promisify(fs.read);

/** A part's packed bytes. Read with fs.read, not a ReadStream: destroying one closes the shared descriptor. */
async function* packedBytes(fd: number, start: number, length: number): AsyncGenerator<Buffer> {
  for (let done = 0; done < length; ) {
    const size = Math.min(length - done, 256 * 1024);
    const { bytesRead, buffer } = await readAt(fd, Buffer.alloc(size), 0, size, start + done);
    if (bytesRead === 0) throw new XlsxFormatError('part beyond the end of the file');
    done += bytesRead;
    yield bytesRead === size ? buffer : buffer.subarray(0, bytesRead);
  }
}

function entryStream(fd: number, entry: ZipEntry): Readable {
  const local = Buffer.alloc(30);
  fs.readSync(fd, local, 0, 30, entry.offset);
  if (local.readUInt32LE(0) !== 0x04034b50) throw new XlsxFormatError('bad local header');
  const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = Readable.from(packedBytes(fd, start, entry.packed), { objectMode: false });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new XlsxFormatError(`compression method ${entry.method}`);
  // 64 KB at a time: each chunk's rows are checked and gone before the next is inflated, so they die young (a 256 KB
  // chunk held about 200 rows at once: most outlived a collection of the young generation and were promoted).
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  raw.on('error', (err) => inflate.destroy(err));
  return raw.pipe(inflate);
}

/**
 * A part's inflated bytes, counted: past the size its directory entry states, its ratio or the file's total the
 * stream is destroyed (no more is inflated) and the reading fails with the limit that was passed.
 */
export async function* entryChunks(fd: number, entry: ZipEntry, budget: Budget): AsyncGenerator<Buffer> {
  const partLimit = Math.max(entry.packed, 1024) * budget.limits.ratio;
  let inflated = 0;
  const stream = entryStream(fd, entry);
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      inflated += bytes.length;
      budget.inflated += bytes.length;
      if (inflated > entry.unpacked) throw new XlsxLimitError('declared', undefined, entry.unpacked);
      if (inflated > partLimit) throw new XlsxLimitError('ratio');
      if (budget.inflated > budget.limits.totalBytes) throw new XlsxLimitError('total');
      yield bytes;
    }
  } finally {
    stream.destroy();
  }
}
