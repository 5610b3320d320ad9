import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@portal/contract';
import { api } from '../../app/api';

/** Section 9: a client user's first fetch (home, dashboard) starts one second after the page appears. */
export const CLIENT_FETCH_DELAY_MS = 1000;

/** The dashboards' calls: keys, queries and the rate change with what it refreshes. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  info: (input: CallInput<'/api/ec-dashboard/fetch-info'>) => ['dashboards', 'info', input] as const,
  home: (clientId: number | undefined) => ['dashboards', 'home', clientId ?? 'all'] as const,
  rates: ['dashboards', 'rates'] as const,
  clients: ['clients', 'selector', 'all'] as const,
};

/** Staff choose among every client (the same call as the other client selectors). */
export function useClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.clients,
    queryFn: async () => (await api('/api/analyst/fetch-clients', { all: true })).client,
    enabled,
    staleTime: 60_000,
  });
}

/** The dashboard of one search; nothing until the form is sent. Failures are ignored (section 8), the page shows none. */
export function useDashboard(input: CallInput<'/api/ec-dashboard/fetch-info'> | null) {
  return useQuery({
    queryKey: input ? dashboardKeys.info(input) : ['dashboards', 'info', 'none'],
    queryFn: async () => api('/api/ec-dashboard/fetch-info', input!),
    enabled: input !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** Home; `enabled` false until the analyst pressed Find (or the client's one second has passed). */
export function useHome(clientId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.home(clientId),
    queryFn: async () => api('/api/home-dashboard', clientId === undefined ? {} : { clientId }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function useRates() {
  return useQuery({ queryKey: dashboardKeys.rates, queryFn: async () => (await api('/api/admin/fetch-exchange-rates', {})).rates });
}

/** Saving a rate changes every dashboard's revenue. */
export function useSetRate() {
  const queryClient = useQueryClient();
  return async (input: CallInput<'/api/admin/set-exchange-rate'>) => {
    const answer = await api('/api/admin/set-exchange-rate', input);
    queryClient.setQueryData(dashboardKeys.rates, answer.rates);
    await queryClient.invalidateQueries({ queryKey: ['dashboards', 'info'] });
    return answer.rates;
  };
}
