import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallOutput, CallPath } from '@portal/contract';
import { useCall } from '../platform/calls';
import { toLocale } from '../platform/i18n';
import { LOOKUP_STALE, useTrademarkLookup, type TrademarkLookup } from './lookups';
import type { StandardLookups } from './standardModel';

/** What a standard kind's screens show ids by, with the response's trademark choices. */
export type StandardScreenLookups = StandardLookups & TrademarkLookup;

/** The calls that answer a kind's report names (`/api/ws-data/fetch-report-names` …). */
export type ReportNamesPath = {
  [P in CallPath]: P extends `${string}/fetch-report-names` ? (CallOutput<P> extends { reports: { id: number; reportName: string }[] } ? P : never) : never;
}[CallPath];

/**
 * What a standard kind's list and detail show ids by: the client's trademarks (the query every kind shares) and the
 * kind's report names. A lookup that fails leaves its ids shown as numbers; the detail waits for none of them.
 */
export function useStandardLookups(
  clientId: number | undefined,
  reportNames: ReportNamesPath,
): StandardScreenLookups & { ready: boolean } {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const id = clientId ?? 0;
  const trademarks = useTrademarkLookup(clientId);
  const reports = useCall(reportNames, { clientId: id }, { select: (a) => a.reports, enabled: clientId !== undefined, staleTime: LOOKUP_STALE });
  return useMemo(
    () => ({ locale, ...trademarks, reports: new Map((reports.data ?? []).map((r) => [r.id, r.reportName])), ready: true }),
    [locale, trademarks, reports.data],
  );
}
