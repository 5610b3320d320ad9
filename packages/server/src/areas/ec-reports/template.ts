import ExcelJS from 'exceljs';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { COLUMN_RULES, columnLabel } from './columns.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The upload template: one header row, exactly what a new upload reads, in the user's language (an upload takes
 * English or Japanese labels alike), with the client's custom columns after the record fields. Required columns
 * are bold; a note on each header says what its cells take.
 */
export async function templateFor(ctx: AuthedContext, clientId: number): Promise<DownloadAnswer> {
  const custom = await ctx.db
    .selectFrom('custom_column')
    .select('column_name')
    .where('client_id', '=', clientId)
    .orderBy('column_order')
    .orderBy('column_id')
    .execute();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('EC');
  const rules = COLUMN_RULES.filter((r) => r.kind !== 'id');
  const headers = [...rules.map((r) => columnLabel(r.key, ctx.locale)), ...custom.map((c) => c.column_name)];
  const row = sheet.addRow(headers);
  rules.forEach((rule, i) => {
    const cell = row.getCell(i + 1);
    cell.font = { bold: Boolean(rule.required) };
    cell.note = hintFor(rule.kind, ctx.locale);
  });
  sheet.columns.forEach((col) => (col.width = 18));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { contentType: XLSX_TYPE, body, fileName: `ec-report-template.xlsx` };
}

function hintFor(kind: string, locale: 'en' | 'ja'): string {
  const hints: Record<string, [string, string]> = {
    int: ['Whole number', '整数'],
    text: ['Text', '文字列'],
    url: ['URL (http:// or https://)', 'URL（http://またはhttps://）'],
    month: ['Month YYYY-MM', '年月 YYYY-MM'],
    date: ['Date YYYY-MMDD', '日付 YYYY-MMDD'],
    price: ['Number, up to 2 decimals', '数値（小数点以下2桁まで）'],
    currency: ['ISO currency code, e.g. USD, JPY', 'ISO通貨コード（例：USD、JPY）'],
    result: ['1 in review, 2 takedown, 3 no action', '1 審査中、2 削除完了、3 対応なし'],
    action: ['1 takedown, 2 deleted, 3 pending, 4 no action', '1 削除申請、2 削除済み、3 保留、4 対応不要'],
    subcategory: ['Infringement subcategory code', '侵害サブカテゴリのコード'],
    productCategory: ['Product category code', '商品カテゴリのコード'],
    trademark: ['Trademark number of this client', 'このクライアントの商標番号'],
  };
  const [en, ja] = hints[kind] ?? ['', ''];
  return locale === 'ja' ? ja : en;
}
