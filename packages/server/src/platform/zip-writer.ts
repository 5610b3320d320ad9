import { crc32 } from 'node:zlib';

/**
 * A streamed .zip of files already in memory, one at a time (stored, not deflated: the evidence's PNGs are
 * compressed already and the reader sees the exact bytes the manifest hashes). Each file's local header carries its
 * CRC and size, so no data descriptors; no ZIP64, so at most 65,535 files and 4 GiB in all (the caller bounds it).
 */
export interface ZipFile {
  name: string;
  bytes: Buffer;
  modified: Date;
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

/** Yields the zip's bytes as the files come; throws once the archive would pass what a plain zip can say. */
export async function* zipStream(files: AsyncIterable<ZipFile>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for await (const file of files) {
    if (central.length >= ZIP_MAX_FILES) throw new Error('too many files for a zip');
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.bytes);
    const { time, date } = dosTime(file.modified);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.bytes.length, 18);
    local.writeUInt32LE(file.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(0, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(file.bytes.length, 20);
    entry.writeUInt32LE(file.bytes.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    if (offset + 30 + name.length + file.bytes.length > ZIP_MAX_BYTES) throw new Error('too large for a zip');
    yield Buffer.concat([local, name]);
    yield file.bytes;
    offset += 30 + name.length + file.bytes.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
