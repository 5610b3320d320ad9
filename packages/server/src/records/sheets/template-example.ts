import type { Locale } from '@portal/contract';
import type { ColumnRule, SheetColumns } from './columns.js';
import type { SheetRow } from './sheet.js';

/**
 * The template's example row (issue 16, point 3): row 2 of the data sheet shows one record in the expected formats,
 * and a new upload skips it while it is exactly as the template wrote it (in either language), so a user who only
 * adds rows below it uploads just their records. Changed in any cell, it is data like any other row. It fills the
 * required columns and the formatted ones (price, currency), never a client's own codes.
 */
const TEXT: Record<Locale, string> = { en: 'EXAMPLE: replace or delete this row', ja: '記入例：この行を書き換えるか削除してください' };

function exampleValue(rule: ColumnRule, locale: Locale): string | null {
  switch (rule.kind) {
    case 'text':
    case 'handle':
      return rule.required ? TEXT[locale] : null;
    case 'url':
      return rule.required ? `https://example.com/${rule.key.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : null;
    case 'month':
      return rule.required ? '2025-01' : null;
    case 'date':
      return rule.required ? '2025-0115' : null;
    case 'price':
      return '19.99';
    case 'currency':
      return 'USD';
    case 'named':
      return rule.required && rule.names ? String(Math.min(...Object.keys(rule.names).map(Number))) : null;
    default:
      return null;
  }
}

/** The example's cells by column key, as the template writes them (text cells). */
export function exampleValues(sheet: SheetColumns, locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of sheet.rules) {
    const value = rule.kind === 'id' ? null : exampleValue(rule, locale);
    if (value !== null) out[rule.key] = value;
  }
  return out;
}

const cellText = (row: SheetRow, index: number) => {
  const cell = row.cells[index];
  if (!cell || cell.value === null || cell.formula) return cell?.formula ? '\u0000formula' : '';
  return String(cell.value).trim();
};

/** Whether a row is the template's example, unchanged: every known column as written, nothing else filled. */
export function isExampleRow(row: SheetRow, layout: { rules: { index: number; rule: ColumnRule }[] }, sheet: SheetColumns): boolean {
  const known = new Set(layout.rules.map((r) => r.index));
  if (row.cells.some((_, i) => !known.has(i) && cellText(row, i) !== '')) return false;
  return (['en', 'ja'] as const).some((locale) => {
    const example = exampleValues(sheet, locale);
    if (Object.keys(example).length === 0) return false;
    return layout.rules.every(({ index, rule }) => cellText(row, index) === (example[rule.key] ?? ''));
  });
}
