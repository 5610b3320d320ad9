import { crc32, deflateSync } from 'node:zlib';

/** A small PNG logo for the demo trademarks: a coloured disc on white, drawn here so no binary sits in the repo. */
export function demoLogo(rgb: readonly [number, number, number], size = 96): Buffer {
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3, 255);
    row[0] = 0; // no filter
    for (let x = 0; x < size; x++) {
      const inside = (x - r + 0.5) ** 2 + (y - r + 0.5) ** 2 <= (r - 4) ** 2;
      if (inside) row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
