import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Role, hasRole, type CustomColumn, type InfringementCategory, type Locale } from '@portal/contract';
import { api } from '../../app/api';
import { useUser } from '../../app/session';
import { toLocale } from '../../app/i18n';
import { settingsKeys } from '../client-settings/queries';
import { categoriesKey } from '../sites/model';
import { ecKeys } from './ecModel';

/** The names the list and the detail show ids by, in the user's language. */
export interface Lookups {
  locale: Locale;
  categories: readonly InfringementCategory[];
  /** Subcategory id: its name, its main category's name and the aggregate category it rolls up to. */
  subcategories: ReadonlyMap<number, { name: string; main: string; common: number }>;
  productCategories: ReadonlyMap<number, string>;
  productCategoryList: readonly { value: number; label: string }[];
  customColumns: readonly CustomColumn[];
  /** Trademark id: its registration number. */
  trademarks: ReadonlyMap<number, string>;
  trademarkList: readonly { value: number; label: string }[];
  reports: ReadonlyMap<number, string>;
}

/**
 * Who works on the records (spec 6): analysts choose the client (from the URL, the route or the selector); a client
 * user always works on their own company's records.
 */
export function useRecordScope() {
  const user = useUser();
  const analyst = hasRole(user.user_role, Role.ANALYST);
  return { user, analyst, ownClientId: user.companyInfo?.client_id };
}

/**
 * Whether the user may change this client's records, by the server's rule: a client user their own company's
 * (the response), an administrator any client's, an analyst only those of the clients they manage (every analyst
 * reads every client's). Undefined while the analyst's clients load.
 */
export function useMayWrite(clientId: number | undefined): boolean | undefined {
  const { user, analyst } = useRecordScope();
  const limited = analyst && !hasRole(user.user_role, Role.ADMIN);
  const managed = useQuery({
    // Under the clients' key: a change to a client's managers refreshes it.
    queryKey: ['clients', 'writable', user.user_id] as const,
    queryFn: async () => (await api('/api/analyst/fetch-clients', {})).client.map((c) => c.client_id),
    enabled: limited,
    staleTime: 60_000,
  });
  if (!limited) return true;
  if (clientId === undefined || !managed.data) return undefined;
  return managed.data.includes(clientId);
}

/** Analysts choose among every client (the same call as the other client selectors). */
export function useClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: ecKeys.clients,
    queryFn: async () => (await api('/api/analyst/fetch-clients', { all: true })).client,
    enabled,
    staleTime: 60_000,
  });
}

const LOOKUP_STALE = 60_000;

/** The client's custom columns: the list's columns and the detail's fields depend on them. */
export const customColumnsQuery = (clientId: number) => ({
  queryKey: settingsKeys.columns(clientId),
  queryFn: async () => (await api('/api/analyst/fetch-custom-columns', { clientId })).columns,
  staleTime: LOOKUP_STALE,
});

/**
 * What the list and the detail show ids by: infringement categories (global), the client's product categories,
 * custom columns, trademarks and reports. A lookup that fails leaves its ids shown as numbers.
 */
export function useLookups(clientId: number | undefined): Lookups & { customColumnsLoaded: boolean } {
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
  const trademarks = useQuery({
    queryKey: ecKeys.trademarks(id),
    queryFn: async () => (await api('/api/trademark/search-trademarks', { clientId: id, pageSize: 500 })).trademarks,
    enabled,
    staleTime: LOOKUP_STALE,
  });
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
      customColumnsLoaded: !enabled || columns.isFetched,
      trademarks: new Map((trademarks.data ?? []).map((tm) => [tm.trademark_id, tm.trademark_no || tm.trademark_text])),
      trademarkList: (trademarks.data ?? []).map((tm) => ({ value: tm.trademark_id, label: [tm.trademark_no, tm.trademark_text].filter(Boolean).join(' — ') })),
      reports: new Map((reports.data ?? []).map((r) => [r.report_id, r.report_name])),
    };
  }, [locale, categories.data, products.data, columns.data, columns.isFetched, trademarks.data, reports.data, enabled]);
}
