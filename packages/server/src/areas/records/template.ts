import ExcelJS from 'exceljs';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { columnLabel, type ColumnRule, type SheetColumns } from './columns.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The upload template: one header row, exactly what a new upload reads, in the user's language (an upload takes
 * English or Japanese labels alike), with the client's custom columns after the record fields. Required columns
 * are bold; a note on each header says what its cells take.
 */
export interface TemplateKind {
  sheet: SheetColumns;
  /** The client's custom columns follow the record fields (EC). */
  customColumns: boolean;
  sheetName: string;
  fileName: string;
}

export async function templateFor(ctx: AuthedContext, clientId: number, kind: TemplateKind): Promise<DownloadAnswer> {
  const custom = kind.customColumns
    ? await ctx.db.selectFrom('custom_column').select('column_name').where('client_id', '=', clientId).orderBy('column_order').orderBy('column_id').execute()
    : [];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind.sheetName);
  const rules = kind.sheet.rules.filter((r) => r.kind !== 'id');
  const headers = [...rules.map((r) => columnLabel(r.key, ctx.locale, kind.sheet.fields)), ...custom.map((c) => c.column_name)];
  const row = sheet.addRow(headers);
  rules.forEach((rule, i) => {
    const cell = row.getCell(i + 1);
    cell.font = { bold: Boolean(rule.required) };
    cell.note = hintFor(rule, ctx.locale, headers[i] ?? '');
  });
  sheet.columns.forEach((col) => (col.width = 18));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { contentType: XLSX_TYPE, body, fileName: kind.fileName };
}

/** What a column's cells take; a named code list by its range and an example (e.g. "Site category 1-11 or its name (e.g. 11 or Phishing)"). */
function hintFor(rule: ColumnRule, locale: 'en' | 'ja', label: string): string {
  if (rule.kind === 'named' && rule.names) {
    const ids = Object.keys(rule.names).map(Number);
    const last = Math.max(...ids);
    const example = rule.names[last]?.[locale] ?? '';
    return locale === 'ja' ? `${label} ${Math.min(...ids)}〜${last} または名称（例：${last}、${example}）` : `${label} ${Math.min(...ids)}-${last} or its name (e.g. ${last} or ${example})`;
  }
  const hints: Record<string, [string, string]> = {
    int: ['Whole number', '整数'],
    text: ['Text', '文字列'],
    handle: ['Account ID, with or without @', 'アカウントID（@は付けても付けなくても可）'],
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
    wsAction: ['1 takedown, 2 pending, 3 no action', '1 削除申請、2 保留、3 対応不要'],
  };
  const [en, ja] = hints[rule.kind] ?? ['', ''];
  return locale === 'ja' ? ja : en;
}
