import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomColumn, InfringementCategory, Locale } from '@portal/contract';
import { api } from '../../app/api';
import { toLocale } from '../../app/i18n';
import { settingsKeys } from '../client-settings/queries';
import { LOOKUP_STALE, useTrademarkLookup, type TrademarkLookup } from '../records/lookups';
import { categoriesKey } from '../sites/model';
import { ecKeys } from './ecModel';

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
export const customColumnsQuery = (clientId: number) => ({
  queryKey: settingsKeys.columns(clientId),
  queryFn: async () => (await api('/api/analyst/fetch-custom-columns', { clientId })).columns,
  staleTime: LOOKUP_STALE,
});

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
  const categories = useQuery({
    queryKey: categoriesKey,
    queryFn: async () => (await api('/api/analyst/fetch-infringement-categories', {})).categories,
    staleTime: LOOKUP_STALE,
  });
  const products = useQuery({
    queryKey: settingsKeys.categories(id),
    queryFn: async () => (await api('/api/analyst/fetch-product-categories', { clientId: id })).categories,
    enabled,
    staleTime: LOOKUP_STALE,
  });
  const columns = useQuery({ ...customColumnsQuery(id), enabled });
  const trademarks = useTrademarkLookup(clientId);
  const reports = useQuery({
    queryKey: ecKeys.reports(id),
    queryFn: async () => (await api('/api/ec-data/fetch-report-names', { clientId: id })).reports,
    enabled,
    staleTime: LOOKUP_STALE,
  });

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
