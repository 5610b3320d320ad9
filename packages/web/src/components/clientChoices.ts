import { useCall } from '../platform/calls';

/**
 * The companies a staff user chooses among (record lists, trademarks, accounts, test purchases, the manager check):
 * `all` every client (every analyst reads every client's data), `writable` only those the user may change (an
 * analyst's managed clients, every client for administrators), as the server's manager rule. A client change marks
 * fetch-clients stale (CLIENT_LISTS), so a change to a client or its managers refreshes every selector.
 */
export type ClientChoice = 'all' | 'writable';

export function useClientChoices(choice: ClientChoice, enabled = true) {
  return useCall('/api/analyst/fetch-clients', choice === 'all' ? { all: true } : {}, { select: (answer) => answer.client, staleTime: 60_000, enabled });
}
