import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';

/** Spreadsheets built in tests and benchmarks: the header labels and rows given, as .xlsx or legacy .xls. */
export type Cell = string | number | Date | null | { formula: string };

export async function xlsxOf(header: string[], rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row.map((c) => (c !== null && typeof c === 'object' && 'formula' in c ? { formula: c.formula, result: 0 } : c)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function xlsOf(header: string[], rows: Cell[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => r.map((c) => (c !== null && typeof c === 'object' && 'formula' in c ? '' : c)))]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Report');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export const HEADER_EN = ['Site', 'Scan date', 'Search keyword', 'Listing title', 'Listing URL', 'Seller', 'Seller URL', 'Price', 'Currency', 'Inventory', 'Sold', 'Ship-from region'];
export const HEADER_JA = ['サイト', '調査日', '検索キーワード', '商品タイトル', '商品URL', '出品者', '出品者URL', '価格', '通貨', '在庫数', '販売数', '発送元地域'];

const pick = <K extends string>(over: Partial<Record<K, Cell>>, key: K, fallback: Cell): Cell => (key in over ? (over[key] as Cell) : fallback);

/** A plausible scraped listing; n makes the URL unique (a key given as null makes a blank cell). */
export function listing(n: number, over: Partial<Record<'site' | 'scan' | 'keyword' | 'title' | 'url' | 'seller' | 'sellerUrl' | 'price' | 'currency' | 'stock' | 'sold' | 'region', Cell>> = {}): Cell[] {
  return [
    pick(over, 'site', 'Amazon'),
    pick(over, 'scan', '2026-10'),
    pick(over, 'keyword', 'sakura'),
    pick(over, 'title', `Sakura Glow lotion ${n}`),
    pick(over, 'url', `https://www.amazon.example/dp/B${String(n).padStart(6, '0')}`),
    pick(over, 'seller', `seller-${n % 7}`),
    pick(over, 'sellerUrl', `https://www.amazon.example/shop/seller-${n % 7}`),
    pick(over, 'price', 19.99),
    pick(over, 'currency', 'USD'),
    pick(over, 'stock', 10),
    pick(over, 'sold', 3),
    pick(over, 'region', 'CN'),
  ];
}
