import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { toLocale } from '../../app/i18n';
import { LOOKUP_STALE, useTrademarkLookup, type TrademarkLookup } from '../records/lookups';
import { wsKeys, type WsLookups } from './wsModel';

/** What the WS screens show ids by, with the response's trademark choices. */
export type WsScreenLookups = WsLookups & TrademarkLookup;

/**
 * What the WS list and detail show ids by: the client's trademarks (the query every kind shares) and WS report
 * names. A lookup that fails leaves its ids shown as numbers; the detail waits for none of them.
 */
export function useWsLookups(clientId: number | undefined): WsScreenLookups & { ready: boolean } {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const id = clientId ?? 0;
  const trademarks = useTrademarkLookup(clientId);
  const reports = useQuery({
    queryKey: wsKeys.reports(id),
    queryFn: async () => (await api('/api/ws-data/fetch-report-names', { clientId: id })).reports,
    enabled: clientId !== undefined,
    staleTime: LOOKUP_STALE,
  });
  return useMemo(
    () => ({ locale, ...trademarks, reports: new Map((reports.data ?? []).map((r) => [r.id, r.reportName])), ready: true }),
    [locale, trademarks, reports.data],
  );
}
