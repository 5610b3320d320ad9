import { useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@portal/contract';
import { api } from '../../platform/api';
import { invalidateCalls, setCallData, useCall } from '../../platform/calls';

/** Section 9: a client user's first fetch (home, dashboard) starts one second after the page appears. */
export const CLIENT_FETCH_DELAY_MS = 1000;

/** The dashboards' calls: queries and the rate change with what it refreshes. */

/** Staff choose among every client (the same call as the other client selectors). */
export function useClientOptions(enabled: boolean) {
  return useCall('/api/analyst/fetch-clients', { all: true }, { select: (answer) => answer.client, enabled, staleTime: 60_000 });
}

/** The input of no search (never sent: the query waits for the form). */
const NO_SEARCH: CallInput<'/api/ec-dashboard/fetch-info'> = { clientId: 0, dateType: 1, fromDate: '', toDate: '' };

/** The dashboard of one search; nothing until the form is sent. Failures are ignored (section 8), the page shows none. */
export function useDashboard(input: CallInput<'/api/ec-dashboard/fetch-info'> | null) {
  return useCall('/api/ec-dashboard/fetch-info', input ?? NO_SEARCH, { enabled: input !== null, staleTime: 60_000, retry: false });
}

/** Home; `enabled` false until the analyst pressed Find (or the client's one second has passed). */
export function useHome(clientId: number | undefined, enabled: boolean) {
  return useCall('/api/home-dashboard', clientId === undefined ? {} : { clientId }, { enabled, staleTime: 60_000, retry: false });
}

export function useRates() {
  return useCall('/api/admin/fetch-exchange-rates', {});
}

/** Saving a rate changes every dashboard's revenue. */
export function useSetRate() {
  const queryClient = useQueryClient();
  return async (input: CallInput<'/api/admin/set-exchange-rate'>) => {
    const answer = await api('/api/admin/set-exchange-rate', input);
    // The save answers what the load does.
    setCallData(queryClient, '/api/admin/fetch-exchange-rates', {}, answer);
    await invalidateCalls(queryClient, ['/api/ec-dashboard/fetch-info']);
    return answer.rates;
  };
}
