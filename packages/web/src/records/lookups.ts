import { useMemo } from 'react';
import { useCall } from '../platform/calls';

/** What lookups stay fresh for: names change rarely, and a change of their own area invalidates them. */
export const LOOKUP_STALE = 60_000;

export interface TrademarkLookup {
  /** Trademark id: its registration number (or its text). */
  trademarks: ReadonlyMap<number, string>;
  /** The response's trademark choices. */
  trademarkList: readonly { value: number; label: string }[];
}

/**
 * The client's trademarks by id, for every record kind's response (one query for all of them, under the trademarks'
 * key, so a trademark change refreshes it). A lookup that fails leaves its ids shown as numbers.
 */
export function useTrademarkLookup(clientId: number | undefined): TrademarkLookup {
  const id = clientId ?? 0;
  const trademarks = useCall('/api/trademark/search-trademarks', { clientId: id, pageSize: 500 }, { select: (a) => a.trademarks, enabled: clientId !== undefined, staleTime: LOOKUP_STALE });
  return useMemo(
    () => ({
      trademarks: new Map((trademarks.data ?? []).map((tm) => [tm.trademark_id, tm.trademark_no || tm.trademark_text])),
      trademarkList: (trademarks.data ?? []).map((tm) => ({ value: tm.trademark_id, label: [tm.trademark_no, tm.trademark_text].filter(Boolean).join(' — ') })),
    }),
    [trademarks.data],
  );
}
