import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../kinds/ec/report-fixtures.js';
import { PDF_DEMO } from '../demo/pdf.js';
import { JPEG_1X1, PNG_1X1 } from '../testing/images.js';
import { checkDocument } from './documents.js';

describe('request files are checked by their bytes', () => {
  it('knows PDFs, images, OOXML office documents and OLE documents', async () => {
    expect(checkDocument(PDF_DEMO)).toMatchObject({ ok: true, type: 'pdf', contentType: 'application/pdf' });
    expect(checkDocument(PNG_1X1)).toMatchObject({ ok: true, type: 'png' });
    expect(checkDocument(JPEG_1X1)).toMatchObject({ ok: true, type: 'jpeg', extension: 'jpg' });
    expect(checkDocument(await xlsxOf(['a'], [['b']]))).toMatchObject({ ok: true, type: 'xlsx', extension: 'xlsx' });
    const ole = Buffer.alloc(512);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    ole.writeUInt16LE(0xfffe, 28);
    ole.writeUInt16LE(9, 30);
    expect(checkDocument(ole)).toMatchObject({ ok: true, type: 'ole' });
  });

  it('refuses disguised and damaged files: HTML, a PDF header without its end, a zip that is no office document', () => {
    expect(checkDocument(Buffer.from('<html><script>alert(1)</script></html>'))).toEqual({ ok: false, damaged: null });
    expect(checkDocument(Buffer.from('%PDF-1.7\n<html>'))).toEqual({ ok: false, damaged: 'PDF' });
    expect(checkDocument(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]))).toEqual({ ok: false, damaged: 'Office' });
    expect(checkDocument(Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('<html>')]))).toEqual({ ok: false, damaged: 'PNG' });
    expect(checkDocument(Buffer.alloc(0))).toEqual({ ok: false, damaged: null });
  });
});
