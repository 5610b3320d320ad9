import type { Locale } from '@portal/contract';
import { CURRENCIES } from '@portal/contract/code-lists';
import type ExcelJS from 'exceljs';
import type { AuthedContext } from '../../platform/context.js';
import { columnLabel, type ColumnRule, type SheetColumns } from './columns.js';
import { productCategoryCodes, subcategoryCodes, trademarkTexts } from './template-queries.js';

/**
 * The template's second sheet, "How to fill" ("記入方法"), issue 16 point 3: every column of the data sheet with
 * whether a new upload requires it, its format, the values it allows (currency codes, result and action codes, the
 * code lists, and the client's own subcategory, product category and trademark codes) and the example row's value.
 */
export const GUIDE_SHEET: Record<Locale, string> = { en: 'How to fill', ja: '記入方法' };

/** Code lists of the database the guide names: [code, name] pairs. */
export interface GuideCodes {
  subcategory: [string, string][];
  productCategory: [string, string][];
  trademark: [string, string][];
}

export async function loadGuideCodes(ctx: AuthedContext, clientId: number, rules: readonly ColumnRule[]): Promise<GuideCodes> {
  const has = (kind: ColumnRule['kind']) => rules.some((r) => r.kind === kind);
  const ja = ctx.locale === 'ja';
  const [subs, cats, marks] = await Promise.all([
    has('subcategory') ? subcategoryCodes(ctx.db) : [],
    has('productCategory') ? productCategoryCodes(ctx.db, clientId) : [],
    has('trademark') ? trademarkTexts(ctx.db, clientId) : [],
  ]);
  return {
    subcategory: subs.map((s) => [s.code, ja ? s.name : s.name_en || s.name]),
    productCategory: cats.map((c) => [c.code, ja ? c.name : c.name_en || c.name]),
    trademark: marks.map((m) => [m.no, m.text ?? '']),
  };
}

const T = {
  en: {
    title: (sheet: string) => `How to fill the sheet "${sheet}"`,
    rows: (sheet: string) => `Enter one record per row on the first sheet ("${sheet}"), below its header row. Keep the header row as it is; bold headers are required.`,
    example: 'Row 2 is an example: the upload ignores it while it is unchanged. Replace it with a record, or delete it.',
    text: 'Formulas are not accepted, and text may not start with =, +, - or @.',
    head: ['Column', 'Required', 'Format', 'Allowed values', 'Example'],
    yes: 'Required',
    no: 'Optional',
    none: 'None set up for this client yet (ask its analyst)',
  },
  ja: {
    title: (sheet: string) => `シート「${sheet}」の記入方法`,
    rows: (sheet: string) => `1枚目のシート（「${sheet}」）のヘッダー行の下に、1行に1レコードずつ入力してください。ヘッダー行は変更しないでください。太字の列は必須です。`,
    example: '2行目は記入例です。変更しないままなら取り込まれません。レコードに書き換えるか、削除してください。',
    text: '数式は使えません。また、文字列を =、+、-、@ で始めることはできません。',
    head: ['列', '必須', '形式', '使える値', '記入例'],
    yes: '必須',
    no: '任意',
    none: 'このクライアントにはまだ登録がありません（担当アナリストにお問い合わせください）',
  },
} as const;

function formatOf(rule: ColumnRule, locale: Locale): string {
  const en = locale === 'en';
  switch (rule.kind) {
    case 'id':
    case 'int':
      return en ? 'Whole number, 0 or more' : '0以上の整数';
    case 'text':
      return en ? `Text, up to ${rule.max ?? 2000} characters` : `文字列（${rule.max ?? 2000}文字まで）`;
    case 'handle':
      return en ? 'Account ID, with or without @' : 'アカウントID（@は付けても付けなくても可）';
    case 'url':
      return en ? 'URL starting with http:// or https://' : 'http:// または https:// で始まるURL';
    case 'month':
      return en ? 'Month as YYYY-MM (a date as YYYY-MMDD is also accepted)' : '年月 YYYY-MM（日付 YYYY-MMDD も可）';
    case 'date':
      return en ? 'Date as YYYY-MMDD (YYYY-MM-DD is also accepted)' : '日付 YYYY-MMDD（YYYY-MM-DD も可）';
    case 'price':
      return en ? 'Number of 0 or more, at most 2 decimals, without a currency sign' : '0以上の数値（小数点以下2桁まで、通貨記号なし）';
    case 'currency':
      return en ? 'ISO currency code (3 letters)' : 'ISO通貨コード（英字3文字）';
    case 'named':
      return en ? 'Code number or its name' : 'コード番号または名称';
    case 'subcategory':
      return en ? 'Infringement subcategory code' : '侵害サブカテゴリのコード';
    case 'productCategory':
      return en ? 'Product category code of this client' : 'このクライアントの商品カテゴリのコード';
    case 'trademark':
      return en ? 'Trademark registration number of this client' : 'このクライアントの商標登録番号';
    default:
      return en ? 'Code number' : 'コード番号';
  }
}

const pairs = (list: [string, string][], none: string) => (list.length === 0 ? none : list.map(([code, name]) => (name ? `${code} ${name}` : code)).join(', '));

function allowedOf(rule: ColumnRule, locale: Locale, codes: GuideCodes, label: string): string {
  switch (rule.kind) {
    case 'currency':
      return CURRENCIES.map((c) => c.code).join(', ');
    case 'result':
    case 'action':
    case 'wsAction':
      return hintFor(rule, locale, label);
    case 'named':
      return Object.entries(rule.names ?? {}).map(([id, n]) => `${id} ${n[locale]}`).join(', ');
    case 'subcategory':
    case 'productCategory':
    case 'trademark':
      return pairs(codes[rule.kind], T[locale].none);
    default:
      return '';
  }
}

export interface GuideInput {
  locale: Locale;
  sheet: SheetColumns;
  rules: readonly ColumnRule[];
  custom: string[];
  example: Record<string, string>;
  codes: GuideCodes;
  dataSheet: string;
}

/** Adds the "How to fill" sheet after the data sheet. */
export function addGuideSheet(workbook: ExcelJS.Workbook, g: GuideInput): ExcelJS.Worksheet {
  const t = T[g.locale];
  const guide = workbook.addWorksheet(GUIDE_SHEET[g.locale]);
  guide.addRow([t.title(g.dataSheet)]).font = { bold: true, size: 13 };
  guide.addRow([t.rows(g.dataSheet)]);
  guide.addRow([t.example]);
  guide.addRow([t.text]);
  guide.addRow([]);
  guide.addRow([...t.head]).font = { bold: true };
  for (const rule of g.rules) {
    const label = columnLabel(rule.key, g.locale, g.sheet.fields);
    const row = guide.addRow([label, rule.required ? t.yes : t.no, formatOf(rule, g.locale), allowedOf(rule, g.locale, g.codes, label), g.example[rule.key] ?? '']);
    if (rule.required) row.getCell(1).font = { bold: true };
  }
  for (const name of g.custom) guide.addRow([name, t.no, formatOf({ key: name, kind: 'text', max: 2000 }, g.locale), '', '']);
  guide.columns = [{ width: 28 }, { width: 10 }, { width: 44 }, { width: 80 }, { width: 30 }];
  guide.getColumn(4).alignment = { wrapText: true, vertical: 'top' };
  return guide;
}

/** What a column's cells take; a named code list by its range and an example (e.g. "Site category 1-11 or its name (e.g. 11 or Phishing)"). */
export function hintFor(rule: ColumnRule, locale: 'en' | 'ja', label: string): string {
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
