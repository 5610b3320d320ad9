import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomColumn, InfringementCategory, Locale } from '@portal/contract';
import { pickedCall, useCall } from '../../platform/calls';
import { toLocale } from '../../platform/i18n';
import { LOOKUP_STALE, useTrademarkLookup, type TrademarkLookup } from '../../records/lookups';

/** The names the list and the detail show ids by, in the user's language. */
export interface Lookups extends TrademarkLookup {
  locale: Locale;
  categories: readonly InfringementCategory[];
  /** Subcategory id: its name, its main category's name and the aggregate category it rolls up to. */
  subcategories: ReadonlyMap<number, { name: string; main: string; common: number }>;
  productCategories: ReadonlyMap<number, string>;
  productCategoryList: readonly { value: number; label: string }[];
  customColumns: readonly CustomColumn[];
  reports: ReadonlyMap<number, string>;
}

/** The client's custom columns: the list's columns and the detail's fields depend on them. */
export const customColumnsQuery = (clientId: number) => ({ ...pickedCall('/api/analyst/fetch-custom-columns', (a) => a.columns).query({ clientId }), staleTime: LOOKUP_STALE });

/**
 * What the list and the detail show ids by: infringement categories (global), the client's product categories,
 * custom columns, trademarks and reports. A lookup that fails leaves its ids shown as numbers; the detail waits for
 * the custom columns (`ready`), whose fields its form holds.
 */
export function useLookups(clientId: number | undefined): Lookups & { ready: boolean } {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const enabled = clientId !== undefined;
  const id = clientId ?? 0;
  const categories = useCall('/api/analyst/fetch-infringement-categories', {}, { select: (a) => a.categories, staleTime: LOOKUP_STALE });
  const products = useCall('/api/analyst/fetch-product-categories', { clientId: id }, { select: (a) => a.categories, enabled, staleTime: LOOKUP_STALE });
  const columns = useQuery({ ...customColumnsQuery(id), enabled });
  const trademarks = useTrademarkLookup(clientId);
  const reports = useCall('/api/ec-data/fetch-report-names', { clientId: id }, { select: (a) => a.reports, enabled, staleTime: LOOKUP_STALE });

  return useMemo(() => {
    const name = (item: { name: string; name_en: string }) => (locale === 'ja' ? item.name || item.name_en : item.name_en || item.name);
    const subcategories = new Map<number, { name: string; main: string; common: number }>();
    for (const main of categories.data ?? []) {
      for (const sub of main.subcategories) subcategories.set(sub.id, { name: name(sub), main: name(main), common: sub.commonCategory });
    }
    return {
      locale,
      categories: categories.data ?? [],
      subcategories,
      productCategories: new Map((products.data ?? []).map((c) => [c.id, name(c)])),
      productCategoryList: (products.data ?? []).map((c) => ({ value: c.id, label: name(c) })),
      customColumns: columns.data ?? [],
      ready: !enabled || columns.isFetched,
      ...trademarks,
      reports: new Map((reports.data ?? []).map((r) => [r.report_id, r.report_name])),
    };
  }, [locale, categories.data, products.data, columns.data, columns.isFetched, trademarks, reports.data, enabled]);
}
