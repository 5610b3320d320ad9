import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { clientKeys } from './clientModel';

/**
 * The companies a staff user chooses among (record lists, trademarks, accounts, test purchases, the manager check):
 * `all` every client (every analyst reads every client's data), `writable` only those the user may change (an
 * analyst's managed clients, every client for administrators), as the server's manager rule. Under the clients' key,
 * so a change to a client or its managers refreshes every selector.
 */
export type ClientChoice = 'all' | 'writable';

export const clientChoicesQuery = (choice: ClientChoice) => ({
  queryKey: clientKeys.choices(choice),
  queryFn: async () => (await api('/api/analyst/fetch-clients', choice === 'all' ? { all: true } : {})).client,
  staleTime: 60_000,
});

export function useClientChoices(choice: ClientChoice, enabled = true) {
  return useQuery({ ...clientChoicesQuery(choice), enabled });
}
