import { zipOf } from '../../platform/zip-writer.js';

/**
 * A minimal Word document (WordprocessingML in a zip): one paragraph per line, a page break between notices.
 * Enough for Word, LibreOffice and Google Docs to open and edit; no styles, so the platform's form gets plain text.
 */
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

// XML 1.0 refuses most control characters even escaped; they never belong in a notice.
// eslint-disable-next-line no-control-regex -- exactly the control characters are what is removed
const XML_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (s: string) =>
  s.replace(XML_REFUSED, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const paragraph = (line: string) => `<w:p><w:r><w:t xml:space="preserve">${xmlText(line)}</w:t></w:r></w:p>`;
const PAGE_BREAK = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
const DOS_EPOCH = new Date(Date.UTC(1980, 0, 1));

export function docxOf(documents: { title: string; body: string }[]): Buffer {
  const body = documents
    .map((d) => [`<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${xmlText(d.title)}</w:t></w:r></w:p>`, ...d.body.split('\n').map(paragraph)].join(''))
    .join(PAGE_BREAK);
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  // Deflated text parts, dated at the DOS epoch: the document carries no date of its own.
  const parts: [string, string][] = [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', RELS],
    ['word/document.xml', document],
  ];
  return zipOf(parts.map(([name, text]) => ({ name, bytes: Buffer.from(text), modified: DOS_EPOCH, deflate: true })));
}
