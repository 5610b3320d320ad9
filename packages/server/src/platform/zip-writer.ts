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

/**
 * The fields a local header and a central directory entry share, in the same order: method, time, date, CRC, packed
 * and unpacked size, name length (at byte 8 of a local header, byte 10 of a central entry).
 */
function writeShared(header: Buffer, at: number, f: { method: number; time: number; date: number; crc: number; packed: number; size: number; nameLength: number }) {
  header.writeUInt16LE(f.method, at);
  header.writeUInt16LE(f.time, at + 2);
  header.writeUInt16LE(f.date, at + 4);
  header.writeUInt32LE(f.crc, at + 6);
  header.writeUInt32LE(f.packed, at + 10);
  header.writeUInt32LE(f.size, at + 14);
  header.writeUInt16LE(f.nameLength, at + 18);
}

/** One file as the zip holds it at `offset`: its local header with name and data, and its central directory entry. */
function entryOf(file: ZipFile, offset: number): { local: Buffer; data: Buffer; central: Buffer } {
  const name = Buffer.from(file.name, 'utf8');
  const data = file.deflate ? deflateRawSync(file.bytes) : file.bytes;
  const shared = { method: file.deflate ? 8 : 0, ...dosTime(file.modified), crc: crc32(file.bytes), packed: data.length, size: file.bytes.length, nameLength: name.length };
  const local = Buffer.alloc(30 + name.length);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0800, 6); // names in UTF-8
  writeShared(local, 8, shared);
  name.copy(local, 30);
  const central = Buffer.alloc(46 + name.length);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by
  central.writeUInt16LE(20, 6); // version needed
  central.writeUInt16LE(0x0800, 8);
  writeShared(central, 10, shared);
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
