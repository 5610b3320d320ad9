import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { toLocale } from '../../app/i18n';
import { ecKeys } from '../ec-records/ecModel';
import { wsKeys, type WsLookups } from './wsModel';

const LOOKUP_STALE = 60_000;

/**
 * What the WS list and detail show ids by: the client's trademarks (the same query as the EC screens') and WS report
 * names. A lookup that fails leaves its ids shown as numbers.
 */
export function useWsLookups(clientId: number | undefined): WsLookups & { trademarkList: readonly { value: number; label: string }[] } {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const enabled = clientId !== undefined;
  const id = clientId ?? 0;
  const trademarks = useQuery({
    queryKey: ecKeys.trademarks(id),
    queryFn: async () => (await api('/api/trademark/search-trademarks', { clientId: id, pageSize: 500 })).trademarks,
    enabled,
    staleTime: LOOKUP_STALE,
  });
  const reports = useQuery({
    queryKey: wsKeys.reports(id),
    queryFn: async () => (await api('/api/ws-data/fetch-report-names', { clientId: id })).reports,
    enabled,
    staleTime: LOOKUP_STALE,
  });
  return useMemo(
    () => ({
      locale,
      trademarks: new Map((trademarks.data ?? []).map((tm) => [tm.trademark_id, tm.trademark_no || tm.trademark_text])),
      trademarkList: (trademarks.data ?? []).map((tm) => ({ value: tm.trademark_id, label: [tm.trademark_no, tm.trademark_text].filter(Boolean).join(' — ') })),
      reports: new Map((reports.data ?? []).map((r) => [r.id, r.reportName])),
    }),
    [locale, trademarks.data, reports.data],
  );
}
