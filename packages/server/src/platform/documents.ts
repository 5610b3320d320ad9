import type { ServiceFileType } from '@portal/contract';
import { decodeImageHeader } from './images.js';

/**
 * Documents (request files) are checked by their bytes like images: a PDF must start with its header and end with
 * `%%EOF`; an office document is either a zip whose central directory names `[Content_Types].xml` and the part
 * folder of Word, Excel or PowerPoint, or an OLE compound file with a sane header; images go through images.ts.
 * A file that starts like one of these but is not one is `damaged` (a PDF header followed by HTML).
 */
export type DocumentCheck = { ok: true; type: ServiceFileType; contentType: string; extension: string } | { ok: false; damaged: string | null };

const CONTENT: Record<ServiceFileType, [string, string]> = {
  pdf: ['application/pdf', 'pdf'],
  png: ['image/png', 'png'],
  jpeg: ['image/jpeg', 'jpg'],
  gif: ['image/gif', 'gif'],
  bmp: ['image/bmp', 'bmp'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ole: ['application/x-ole-storage', 'doc'],
};

const ok = (type: ServiceFileType): DocumentCheck => ({ ok: true, type, contentType: CONTENT[type][0], extension: CONTENT[type][1] });

export function checkDocument(b: Buffer): DocumentCheck {
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') {
    const tail = b.subarray(Math.max(0, b.length - 1024)).toString('latin1');
    return /^%PDF-[12]\.\d/.test(b.subarray(0, 8).toString('latin1')) && tail.includes('%%EOF') ? ok('pdf') : { ok: false, damaged: 'PDF' };
  }
  if (b.length >= 4 && b.readUInt32LE(0) === 0x04034b50) {
    const type = officeZipType(b);
    return type ? ok(type) : { ok: false, damaged: 'Office' };
  }
  if (b.length >= 8 && b.subarray(0, 8).equals(OLE_SIGNATURE)) {
    const sane = b.length >= 512 && b.readUInt16LE(28) === 0xfffe && [9, 12].includes(b.readUInt16LE(30));
    return sane ? ok('ole') : { ok: false, damaged: 'Office' };
  }
  const image = decodeImageHeader(b);
  if (image.ok) return ok(image.image.type);
  return { ok: false, damaged: image.damaged ? image.damaged.toUpperCase() : null };
}

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Reads the zip's central directory (found from its end record) and tells which office document it holds. */
function officeZipType(b: Buffer): ServiceFileType | null {
  const from = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= from; i -= 1) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count && n < 10_000; n += 1) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = b.readUInt16LE(at + 28);
    const rest = nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    if (at + 46 + nameLength > b.length) return null;
    names.push(b.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + rest;
  }
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx';
  return null;
}
