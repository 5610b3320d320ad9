import { HEADER_EN, HEADER_JA } from '../../../kinds/ec/report-fixtures.js';

/**
 * The spreadsheet corpus (issue 20): the same two listings as independent writers save them (ExcelJS, SheetJS,
 * LibreOffice from Debian, hand-edited XML in the forms the .NET Open XML SDK, Japanese Excel and scripts write,
 * CSV as Japanese Excel saves it), each file with what a correct reader must store, or the message it must give.
 * make-corpus.ts writes the files (committed in files/); sheet-corpus.test.ts uploads each and reads them back.
 */
export interface Listing {
  site: string;
  scan: { y: number; m: number; d: number };
  keyword: string;
  title: string;
  url: string;
  seller: string;
  sellerUrl: string;
  price: number;
  currency: string;
  stock: number;
  sold: number;
  region: string;
}
export const LISTINGS: Listing[] = [
  { site: 'Amazon', scan: { y: 2026, m: 10, d: 2 }, keyword: 'sakura', title: 'Sakura "Glow" lotion & <cream>', url: 'https://www.amazon.example/dp/C00001', seller: 'さくら商店', sellerUrl: 'https://www.amazon.example/shop/sakura', price: 19.99, currency: 'JPY', stock: 5, sold: 2, region: 'JP' },
  { site: 'Amazon', scan: { y: 2026, m: 10, d: 31 }, keyword: 'さくら', title: 'Sakura Glow lotion 2', url: 'https://www.amazon.example/dp/C00002', seller: 'seller-2', sellerUrl: 'https://www.amazon.example/shop/seller-2', price: 1200, currency: 'USD', stock: 0, sold: 10, region: 'CN' },
];
export { HEADER_EN, HEADER_JA };

/** A listing's cells in the template's column order, the scan date as `date` makes it. */
export function cellsOf<D>(l: Listing, date: (scan: Listing['scan']) => D): (string | number | D)[] {
  return [l.site, date(l.scan), l.keyword, l.title, l.url, l.seller, l.sellerUrl, l.price, l.currency, l.stock, l.sold, l.region];
}

/** What the portal must store for a listing (the columns that show strings, dates and numbers read right). */
export interface Stored {
  ec_scan_date: string;
  ec_product_title: string;
  ec_product_seller: string;
  ec_search_keyword: string;
  ec_product_price: string;
}
const pad = (n: number) => String(n).padStart(2, '0');
export const storedOf = (l: Listing, over: Partial<Stored> = {}): Stored => ({
  ec_scan_date: `${l.scan.y}-${pad(l.scan.m)}-${pad(l.scan.d)}`,
  ec_product_title: l.title,
  ec_product_seller: l.seller,
  ec_search_keyword: l.keyword,
  ec_product_price: l.price.toFixed(2),
  ...over,
});
const BOTH = LISTINGS.map((l) => storedOf(l));

export type Expected = { stored: Stored[] } | { refused: { en: string; ja: string } };
export interface CorpusCase {
  file: string;
  /** Who wrote it and how. */
  writer: string;
  expected: Expected;
}

const MACRO = {
  en: 'The file is a macro-enabled workbook (.xlsm); macros are not accepted. Please save the report as an Excel workbook (.xlsx).',
  ja: 'マクロ有効ブック（.xlsm）はアップロードできません。レポートをExcelブック（.xlsx）として保存してください。',
};
const ENCODING = {
  en: 'The CSV file is neither UTF-8 nor Shift_JIS (CP932) text, so it is not read (its characters would be guessed). Please save it as "CSV UTF-8".',
  ja: 'CSVファイルがUTF-8でもShift_JIS（CP932）でもないため、文字を推測しないよう読み取りません。「CSV UTF-8」形式で保存してください。',
};

export const CORPUS: CorpusCase[] = [
  { file: 'exceljs.xlsx', writer: 'ExcelJS 4.4 (date cells)', expected: { stored: BOTH } },
  { file: 'exceljs-lists-first.xlsx', writer: 'ExcelJS: an instructions sheet, a hidden sheet of lists, then the report (Japanese labels)', expected: { stored: BOTH } },
  { file: 'sheetjs.xlsx', writer: 'SheetJS 0.20 (t="str" strings, t="d" ISO dates with Z)', expected: { stored: BOTH } },
  { file: 'sheetjs-1904.xlsx', writer: 'SheetJS, 1904 date system', expected: { stored: BOTH } },
  { file: 'sheetjs.xls', writer: 'SheetJS, BIFF8 .xls', expected: { stored: BOTH } },
  { file: 'libreoffice.xlsx', writer: 'LibreOffice 7.4 (Debian) headless, converted from exceljs.xlsx', expected: { stored: BOTH } },
  { file: 'libreoffice.xls', writer: 'LibreOffice 7.4 (Debian) headless, .xls converted from exceljs.xlsx', expected: { stored: BOTH } },
  { file: 'libreoffice-from-csv.xlsx', writer: 'LibreOffice 7.4 (Debian) headless, converted from csv-utf8.csv', expected: { stored: BOTH } },
  { file: 'hand-prefixed.xlsx', writer: 'hand-edited: every element prefixed x: (.NET Open XML SDK)', expected: { stored: BOTH } },
  { file: 'hand-phonetic.xlsx', writer: 'hand-edited: phonetic runs (<rPh>) and rich runs in shared strings (Japanese Excel)', expected: { stored: BOTH } },
  { file: 'hand-1904.xlsx', writer: 'hand-edited: 1904 date system serials', expected: { stored: BOTH } },
  { file: 'hand-no-refs.xlsx', writer: 'hand-edited: rows and cells without r=', expected: { stored: BOTH } },
  {
    file: 'hand-escapes.xlsx',
    writer: 'hand-edited: _xHHHH_ escapes (_x000D_, _x0020_, _x005F_)',
    expected: { stored: [storedOf(LISTINGS[0]!), storedOf(LISTINGS[1]!, { ec_product_title: 'Sakura Glow\r\nlotion 2 _x0041_' })] },
  },
  { file: 'hand-single-quotes.xlsx', writer: "hand-edited: single-quoted attributes, XML declaration with single quotes", expected: { stored: BOTH } },
  { file: 'hand-renamed-strings.xlsx', writer: 'hand-edited: shared strings at xl/strings/shared.xml, found through the relationships', expected: { stored: BOTH } },
  { file: 'hand-iso-dates.xlsx', writer: 'hand-edited: t="d" ISO datetimes without a zone (2026-10-02T00:00:00)', expected: { stored: BOTH } },
  { file: 'hand-hidden-first.xlsx', writer: 'hand-edited: a hidden sheet of lists first', expected: { stored: BOTH } },
  { file: 'hand-instructions-first.xlsx', writer: 'hand-edited: an instructions sheet first', expected: { stored: BOTH } },
  { file: 'hand-far-formatted.xlsx', writer: 'hand-edited: one formatted empty cell at row 1,048,576', expected: { stored: BOTH } },
  { file: 'xls-renamed.xlsx', writer: 'sheetjs.xls renamed .xlsx', expected: { stored: BOTH } },
  { file: 'xlsx-renamed.xls', writer: 'exceljs.xlsx renamed .xls', expected: { stored: BOTH } },
  { file: 'csv-utf8.csv', writer: 'CSV UTF-8 without a BOM (scripts)', expected: { stored: BOTH } },
  { file: 'csv-utf8-bom.csv', writer: 'CSV UTF-8 with a BOM (Excel "CSV UTF-8")', expected: { stored: BOTH } },
  { file: 'csv-cp932.csv', writer: 'CSV in CP932 with Japanese labels (Japanese Excel "CSV")', expected: { stored: BOTH } },
  { file: 'csv-renamed.xlsx', writer: 'csv-utf8.csv renamed .xlsx', expected: { stored: BOTH } },
  { file: 'csv-invalid.csv', writer: 'bytes valid in neither UTF-8 nor CP932', expected: { refused: ENCODING } },
  { file: 'hand-macro.xlsm', writer: 'hand-edited: macro-enabled workbook (.xlsm content type and vbaProject.bin)', expected: { refused: MACRO } },
];
