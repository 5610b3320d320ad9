import { crc32, deflateRawSync } from 'node:zlib';

/**
 * The portal's one .zip writer, for files already in memory: streamed one file at a time (`zipStream`, the crawler's
 * evidence) or whole (`zipOf`, a Word document's parts). An entry is stored as it is, or deflated when asked (text
 * parts; the evidence's PNGs are compressed already and the reader sees the exact bytes the manifest hashes). Each
 * file's local header carries its CRC and sizes, so no data descriptors; no ZIP64, so at most 65,535 files and 4 GiB
 * in all (the caller bounds it).
 */
export interface ZipFile {
  name: string;
  bytes: Buffer;
  modified: Date;
  deflate?: boolean;
}

export const ZIP_MAX_FILES = 65_535;
const ZIP_MAX_BYTES = 0xffff_fffe;

function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** One file as the zip holds it at `offset`: its local header with name and data, and its central directory entry. */
function entryOf(file: ZipFile, offset: number): { local: Buffer; data: Buffer; central: Buffer } {
  const name = Buffer.from(file.name, 'utf8');
  const crc = crc32(file.bytes);
  const data = file.deflate ? deflateRawSync(file.bytes) : file.bytes;
  const method = file.deflate ? 8 : 0;
  const { time, date } = dosTime(file.modified);
  const local = Buffer.alloc(30 + name.length);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0800, 6); // names in UTF-8
  local.writeUInt16LE(method, 8);
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(file.bytes.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);
  name.copy(local, 30);
  const central = Buffer.alloc(46 + name.length);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(method, 10);
  central.writeUInt16LE(time, 12);
  central.writeUInt16LE(date, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(file.bytes.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(offset, 42);
  name.copy(central, 46);
  return { local, data, central };
}

function endOf(count: number, directory: Buffer, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** Yields the zip's bytes as the files come; throws once the archive would pass what a plain zip can say. */
export async function* zipStream(files: AsyncIterable<ZipFile>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for await (const file of files) {
    if (central.length >= ZIP_MAX_FILES) throw new Error('too many files for a zip');
    const entry = entryOf(file, offset);
    if (offset + entry.local.length + entry.data.length > ZIP_MAX_BYTES) throw new Error('too large for a zip');
    central.push(entry.central);
    yield entry.local;
    yield entry.data;
    offset += entry.local.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield endOf(central.length, directory, offset);
}

/** A whole zip of a few files (for small documents; a large archive is streamed with zipStream). */
export function zipOf(files: ZipFile[]): Buffer {
  if (files.length > ZIP_MAX_FILES) throw new Error('too many files for a zip');
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const entry = entryOf(file, offset);
    parts.push(entry.local, entry.data);
    central.push(entry.central);
    offset += entry.local.length + entry.data.length;
  }
  if (offset > ZIP_MAX_BYTES) throw new Error('too large for a zip');
  const directory = Buffer.concat(central);
  return Buffer.concat([...parts, directory, endOf(files.length, directory, offset)]);
}
