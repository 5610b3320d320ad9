import { isStorableText, type Locale, type MessageKey } from '@portal/contract';
import { CURRENCY_CODES } from '@portal/contract/code-lists';
import type { SheetCell } from './sheet.js';

/**
 * The columns of a report spreadsheet of any record kind (document 1, section 5 "Spreadsheet cell checks"), found
 * by their key, English or Japanese label. Each check turns a cell into the value stored, or names the rule it
 * breaks. A kind lists its columns with their cell kinds (kinds/ec/check.ts, kinds/ws/sheet-kind.ts).
 */
export type Kind =
  | 'id' | 'int' | 'text' | 'url' | 'month' | 'date' | 'price' | 'currency' | 'result' | 'action' | 'subcategory' | 'productCategory' | 'trademark'
  | 'wsAction' | 'named' | 'handle';

/** A code list whose cells may give the number or its English or Japanese name (site categories, platforms). */
export type NamedCodes = Readonly<Record<number, { readonly en: string; readonly ja: string }>>;

export interface ColumnRule<Key extends string = string> {
  /** The record field (the export's header key). */
  key: Key;
  kind: Kind;
  /** Required in a new upload. */
  required?: boolean;
  max?: number;
  /** Scraped facts: written by a new upload, left alone by an update upload. */
  scraped?: boolean;
  /** The codes of a `named` column. */
  names?: NamedCodes;
}

/** A record kind's fields with their labels (EC_RECORD_FIELDS, WS_RECORD_FIELDS, ...). */
export type FieldLabels = readonly { key: string; en: string; ja: string }[];

/** What a sheet of one record kind holds: its fields (header labels) and the columns an upload reads. */
export interface SheetColumns {
  fields: FieldLabels;
  rules: readonly ColumnRule[];
}

/** Columns an export has that an upload does not read (computed on upload); they are skipped, not refused. */
export function ignoredFields(sheet: SheetColumns): ReadonlySet<string> {
  return new Set(sheet.fields.map((f) => f.key).filter((k) => !sheet.rules.some((r) => r.key === k)));
}

const labelsOf = (fields: FieldLabels, key: string) => {
  const f = fields.find((x) => x.key === key);
  return f ? [f.key, f.en, f.ja] : [key];
};
export const normalizeHeader = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** What a header cell names: a rule, a custom column, an ignored field, or nothing known. */
export type HeaderMatch = { type: 'rule'; rule: ColumnRule } | { type: 'custom'; name: string } | { type: 'ignored' } | { type: 'unknown' };

export function headerMatcher(customColumns: string[], sheet: SheetColumns): (header: string) => HeaderMatch {
  const byLabel = new Map<string, HeaderMatch>();
  for (const name of customColumns) byLabel.set(normalizeHeader(name), { type: 'custom', name });
  for (const key of ignoredFields(sheet)) for (const label of labelsOf(sheet.fields, key)) byLabel.set(normalizeHeader(label), { type: 'ignored' });
  for (const rule of sheet.rules) for (const label of labelsOf(sheet.fields, rule.key)) byLabel.set(normalizeHeader(label), { type: 'rule', rule });
  return (header) => byLabel.get(normalizeHeader(header)) ?? { type: 'unknown' };
}

export function columnLabel(key: string, locale: Locale, fields: FieldLabels): string {
  return fields.find((f) => f.key === key)?.[locale] ?? key;
}

/** Lookups a check needs: the client's trademark numbers, and EC's subcategory and product category codes. */
export interface Lookups {
  subcategories: Map<string, { id: number; common: number }>;
  /** The aggregate category of each subcategory id (a row's category is looked up once, not by a scan). */
  commonBySubcategory?: Map<number, number>;
  productCategories: Map<string, number>;
  trademarks: Map<string, number>;
}

const namedMaps = new WeakMap<NamedCodes, Map<string, number>>();
/** A name, and the name without its parenthesised part ("X (Twitter)" is also "X", "Weibo（微博）" also "Weibo"). */
const namesOf = (name: string) => [name, name.replace(/\s*[(（].*[)）]\s*$/u, '')].map(normalizeHeader).filter((n) => n !== '');
/** A named code list by number, English and Japanese name (normalised as headers are). */
function namedMap(names: NamedCodes): Map<string, number> {
  let map = namedMaps.get(names);
  if (!map) {
    map = new Map(Object.entries(names).flatMap(([id, n]) => [id, ...namesOf(n.en), ...namesOf(n.ja)].map((name): [string, number] => [name, Number(id)])));
    namedMaps.set(names, map);
  }
  return map;
}

export type Checked = { ok: true; value: string | number | null } | { ok: false; key: MessageKey; params?: Record<string, string | number> };

const ok = (value: string | number | null): Checked => ({ ok: true, value });
const bad = (key: MessageKey, params?: Record<string, string | number>): Checked => ({ ok: false, key, params });

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
function validDay(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? isoOf(date) : null;
}
/** YYYY-MMDD (the spec's upload format), also YYYY-MM-DD, YYYY/MM/DD and YYYYMMDD; a date cell as it is. */
export function parseDay(v: string | number | boolean | Date): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : isoOf(v);
  const m = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})$/.exec(String(v).trim());
  return m ? validDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}
/** A scan month: YYYY-MM (stored as its first day), or a full date. */
export function parseMonth(v: string | number | boolean | Date): string | null {
  if (v instanceof Date) return parseDay(v);
  const m = /^(\d{4})[-/](\d{2})$/.exec(String(v).trim());
  return m ? validDay(Number(m[1]), Number(m[2]), 1) : parseDay(v);
}

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const PRICE_RE = /^\d{1,15}(\.\d{1,2})?$/;
/** Text a spreadsheet program would run as a formula when the cell is opened again. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function checkCell(rule: ColumnRule, cell: SheetCell | undefined, lookups: Lookups, required: boolean): Checked {
  if (cell?.formula) return bad('cell.formula');
  const raw = cell?.value ?? null;
  const text = raw === null ? '' : raw instanceof Date ? isoOf(raw) : String(raw).trim();
  if (text === '') return required ? bad('cell.required') : ok(null);
  if (!isStorableText(text)) return bad('cell.unstorable');
  const numeric = typeof raw === 'number' ? raw : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  switch (rule.kind) {
    case 'id':
    case 'int':
      return Number.isInteger(numeric) && numeric >= 0 && numeric <= 2_147_483_647 ? ok(numeric) : bad('cell.integer');
    case 'handle':
      // An account handle as people write it ("@name"): stored without the @, then checked as text.
      return checkCell({ ...rule, kind: 'text' }, { value: text.replace(/^@/, ''), formula: false }, lookups, required);
    case 'text':
    case 'url':
      if (FORMULA_START.test(text)) return bad('cell.injection');
      if (rule.max && text.length > rule.max) return bad('cell.tooLong', { max: rule.max });
      if (rule.kind === 'url' && !URL_RE.test(text)) return bad('cell.url');
      return ok(text);
    case 'month':
      return ((d) => (d ? ok(d) : bad('cell.month')))(raw === null ? null : parseMonth(raw));
    case 'date':
      return ((d) => (d ? ok(d) : bad('cell.date')))(raw === null ? null : parseDay(raw));
    case 'price':
      return PRICE_RE.test(typeof raw === 'number' ? String(Math.round(raw * 100) / 100) : text.replace(/,/g, '')) ? ok(text.replace(/,/g, '')) : bad('cell.price');
    case 'currency': {
      const code = text.toUpperCase();
      return CURRENCY_CODES.has(code) ? ok(code) : bad('cell.currency', { value: text.slice(0, 20) });
    }
    case 'result':
      return [1, 2, 3].includes(numeric) ? ok(numeric) : bad('cell.code', { codes: '1, 2, 3' });
    case 'action':
      return [1, 2, 3, 4].includes(numeric) ? ok(numeric) : bad('cell.code', { codes: '1, 2, 3, 4' });
    case 'wsAction':
      return [1, 2, 3].includes(numeric) ? ok(numeric) : bad('cell.code', { codes: '1, 2, 3' });
    case 'named': {
      const names = rule.names ?? {};
      const id = Number.isInteger(numeric) ? numeric : namedMap(names).get(normalizeHeader(text));
      return id !== undefined && Object.hasOwn(names, id) ? ok(id) : bad('cell.code', { codes: Object.keys(names).join(', ') });
    }
    case 'subcategory': {
      const sub = lookups.subcategories.get(text.toLowerCase());
      return sub ? ok(sub.id) : bad('cell.subcategory', { value: text.slice(0, 50) });
    }
    case 'productCategory': {
      const id = lookups.productCategories.get(text.toLowerCase());
      return id ? ok(id) : bad('cell.productCategory', { value: text.slice(0, 50) });
    }
    case 'trademark': {
      const id = lookups.trademarks.get(text.toLowerCase());
      return id ? ok(id) : bad('cell.trademark', { value: text.slice(0, 50) });
    }
  }
}

/** Custom column cells: free text up to 2,000 characters, with the same formula and injection rules. */
export function checkCustomCell(cell: SheetCell | undefined): Checked {
  if (cell?.formula) return bad('cell.formula');
  const raw = cell?.value ?? null;
  const text = raw === null ? '' : raw instanceof Date ? isoOf(raw) : String(raw).trim();
  if (text === '') return ok(null);
  if (!isStorableText(text)) return bad('cell.unstorable');
  if (FORMULA_START.test(text) && Number.isNaN(Number(text))) return bad('cell.injection');
  return text.length > 2000 ? bad('cell.tooLong', { max: 2000 }) : ok(text);
}
