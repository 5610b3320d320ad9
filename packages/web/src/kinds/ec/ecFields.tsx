import { AGGREGATE_CATEGORIES, EC_FILTER_FIELDS, EC_PROCESS_RESULTS, EC_RESPONSE_ACTIONS, EC_SORT_FIELDS, type EcRecord, type Locale } from '@portal/contract';
import { Link } from 'react-router';
import { customKey, customText, customValues, placeColumns } from '../../records/columnLayout';
import type { FilterValue } from '../../records/listQuery';
import { SafeLink } from '../../records/SafeLink';
import type { RecordColumn } from '../../records/types';
import { dayOf, headerWidth, monthOf } from '../../records/values';
import { AGGREGATE_FIELD, EC_COLUMN_KEYS, ecFieldLabel } from './ecModel';
import type { Lookups } from './ecLookups';
import { SIGNAL_KEYS, signalColumn, type SignalTexts } from '../../areas/seller-networks/signalColumns';
import { WATCH_COLUMN_KEYS, watchColumn, type WatchColumnTexts } from '../../areas/watch-columns/watchColumns';

/**
 * The marketplace record's columns (document 3, section 3 "Marketplace list columns"): how wide each is, how its
 * value reads (ids as names, codes as labels in the user's language, dates YYYY-MM-DD, the scan date YYYY-MM), which
 * can be sorted and filtered (the contract's lists), and the cells that link (title to the detail, URLs out).
 */

type Kind = 'text' | 'number' | 'date' | 'month' | 'url' | 'title' | 'bool' | 'result' | 'action' | 'subcategory' | 'aggregate' | 'product' | 'trademark' | 'report';

const KINDS: Record<string, { kind: Kind; width: number }> = {
  ec_id: { kind: 'number', width: 90 },
  ec_no: { kind: 'number', width: 80 },
  ec_site: { kind: 'text', width: 120 },
  ec_scan_date: { kind: 'month', width: 100 },
  ec_search_keyword: { kind: 'text', width: 150 },
  ec_product_no: { kind: 'text', width: 140 },
  ec_product_title: { kind: 'title', width: 280 },
  ec_product_url: { kind: 'url', width: 220 },
  ec_product_brand: { kind: 'text', width: 140 },
  ec_product_seller: { kind: 'text', width: 160 },
  ec_product_seller_url: { kind: 'url', width: 200 },
  ec_product_price: { kind: 'number', width: 100 },
  ec_product_currency: { kind: 'text', width: 90 },
  ec_product_image_url: { kind: 'url', width: 200 },
  ec_product_onsell_count: { kind: 'number', width: 100 },
  ec_product_sold_count: { kind: 'number', width: 100 },
  ec_product_region: { kind: 'text', width: 130 },
  ec_product_city: { kind: 'text', width: 130 },
  ec_categorize_date: { kind: 'date', width: 120 },
  ec_blacklist_object: { kind: 'text', width: 140 },
  ec_whitelist_object: { kind: 'text', width: 140 },
  ec_is_need_to_check: { kind: 'bool', width: 100 },
  ec_title_hint_word: { kind: 'text', width: 170 },
  ec_brand_hint_word: { kind: 'text', width: 170 },
  ec_product_category_id: { kind: 'product', width: 150 },
  ec_category_rule_id: { kind: 'number', width: 120 },
  ec_category_id: { kind: 'subcategory', width: 220 },
  [AGGREGATE_FIELD]: { kind: 'aggregate', width: 200 },
  ec_categorize_remarks: { kind: 'text', width: 200 },
  ec_response_action: { kind: 'action', width: 130 },
  ec_response_reason: { kind: 'text', width: 180 },
  ec_response_trademark: { kind: 'trademark', width: 160 },
  ec_response_date: { kind: 'date', width: 120 },
  ec_process1_date: { kind: 'date', width: 130 },
  ec_process1_result: { kind: 'result', width: 120 },
  ec_process1_confirm_date: { kind: 'date', width: 130 },
  ec_process2_date: { kind: 'date', width: 130 },
  ec_process2_result: { kind: 'result', width: 120 },
  ec_process2_confirm_date: { kind: 'date', width: 130 },
  ec_process3_date: { kind: 'date', width: 130 },
  ec_process3_result: { kind: 'result', width: 120 },
  ec_process3_confirm_date: { kind: 'date', width: 130 },
  declarationStatus: { kind: 'text', width: 140 },
  ec_process_result: { kind: 'result', width: 120 },
  ec_process_confirm_date: { kind: 'date', width: 140 },
  ec_process_remarks: { kind: 'text', width: 200 },
  report_id: { kind: 'report', width: 180 },
};

interface EcBaseTexts {
  yes: string;
  no: string;
  aggregateLabel: string;
  /** The posted-to-the-client filter (it has no column). */
  publishedLabel: string;
  /** How a sort by price compares amounts in different currencies (the price header's tooltip). */
  priceSortHint: string;
}
export type EcTexts = EcBaseTexts & SignalTexts & WatchColumnTexts;

/** An amount with its currency code (`JPY 1,980`, `USD 12.50`); a code Intl does not know still shows as written. */
export function moneyText(amount: number | null, currency: string, locale: Locale): string {
  if (amount === null) return '';
  const code = currency.trim().toUpperCase();
  try {
    if (/^[A-Z]{3}$/.test(code)) return new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'code' }).format(amount);
  } catch {
    // not a currency Intl knows: below
  }
  return `${amount.toLocaleString(locale)} ${code}`.trim();
}

const num = (v: FilterValue) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** A raw value of a field as the user reads it. */
export function ecValueText(key: string, value: FilterValue | undefined, lookups: Lookups, texts: EcTexts): string {
  if (value === null || value === undefined || value === '') return '';
  const kind = KINDS[key]?.kind ?? 'text';
  const locale: Locale = lookups.locale;
  const n = num(value);
  switch (kind) {
    case 'date':
      return dayOf(value) || String(value);
    case 'month':
      return monthOf(value) || String(value);
    case 'bool':
      return value === true || value === 1 || value === '1' || value === 'true' ? texts.yes : texts.no;
    case 'result':
      return EC_PROCESS_RESULTS[n as keyof typeof EC_PROCESS_RESULTS]?.[locale] ?? String(value);
    case 'action':
      return EC_RESPONSE_ACTIONS[n as keyof typeof EC_RESPONSE_ACTIONS]?.[locale] ?? String(value);
    case 'aggregate':
      return AGGREGATE_CATEGORIES[n as keyof typeof AGGREGATE_CATEGORIES]?.[locale] ?? String(value);
    case 'subcategory': {
      const sub = lookups.subcategories.get(n);
      return sub ? `${sub.main} / ${sub.name}` : String(value);
    }
    case 'product':
      return lookups.productCategories.get(n) ?? String(value);
    case 'trademark':
      return lookups.trademarks.get(n) ?? String(value);
    case 'report':
      return lookups.reports.get(n) ?? String(value);
    default:
      return String(value);
  }
}

/** A field's label: the contract's, or ours for the aggregate category the contract's list leaves out. */
export function ecColumnTitle(key: string, locale: Locale, texts: EcTexts): string {
  if (SIGNAL_KEYS.has(key)) return texts.signalLabel(key);
  if (WATCH_COLUMN_KEYS.has(key)) return texts.watchLabel(key);
  return key === AGGREGATE_FIELD ? texts.aggregateLabel : key === 'published' ? texts.publishedLabel : (ecFieldLabel(key, locale) ?? key);
}

const SORTABLE = new Set<string>(EC_SORT_FIELDS);
const FILTERABLE = new Set<string>(EC_FILTER_FIELDS);
const CUSTOM_WIDTH = 150;

/**
 * Every column of the list in display order (fields, then custom columns placed after their position). `detailHref`
 * links a title to its detail; it is only called while rendering a cell.
 */
export function ecColumns(lookups: Lookups, texts: EcTexts, detailHref: (record: EcRecord) => string): RecordColumn<EcRecord>[] {
  const customByKey = new Map(lookups.customColumns.map((c) => [customKey(c.column_name), c]));
  return placeColumns(EC_COLUMN_KEYS, lookups.customColumns).map((key): RecordColumn<EcRecord> => {
    const custom = customByKey.get(key);
    if (SIGNAL_KEYS.has(key)) return signalColumn<EcRecord>(key, texts);
    if (WATCH_COLUMN_KEYS.has(key)) return watchColumn<EcRecord>(key, texts);
    if (custom) {
      const name = custom.column_name;
      return { key, title: name, width: Math.max(CUSTOM_WIDTH, headerWidth(name, 0)), value: (r) => customText(customValues(r.custom_info)[name]), text: (v) => (v === null ? '' : String(v)) };
    }
    const { kind, width } = KINDS[key] ?? { kind: 'text' as const, width: 150 };
    const field = key as keyof EcRecord;
    const value = (r: EcRecord) => (r[field] ?? null) as FilterValue;
    const text = (v: FilterValue) => ecValueText(key, v, lookups, texts);
    const title = ecColumnTitle(key, lookups.locale, texts);
    const sortable = SORTABLE.has(key);
    const filterable = FILTERABLE.has(key);
    const column: RecordColumn<EcRecord> = {
      key,
      title,
      // The price's header carries a hint icon too.
      width: Math.max(width, headerWidth(title, Number(sortable) + Number(filterable) + Number(key === 'ec_product_price'))),
      sortable,
      filterable,
      value,
      text,
      // A filter lists single days, so its options keep the whole date even where the cell shows the month.
      optionText: kind === 'month' ? (v) => dayOf(v) || String(v ?? '') : undefined,
    };
    if (kind === 'title') {
      column.cell = (r) => (
        <Link to={detailHref(r)} title={r.ec_product_title}>
          {r.ec_product_title || `#${r.ec_id}`}
        </Link>
      );
    } else if (kind === 'url') {
      column.cell = (r) => <SafeLink url={String(r[field] ?? '')} />;
    } else if (key === 'ec_product_price') {
      column.cell = (r) => moneyText(r.ec_product_price, r.ec_product_currency, lookups.locale);
      column.tooltip = texts.priceSortHint;
    }
    return column;
  });
}
