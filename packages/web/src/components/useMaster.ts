import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeededCall } from '../platform/calls';

/**
 * One master collection for an EditableTable: loaded once (the call's cached answer), then replaced by what each
 * change answers (every master call answers with the whole list, so no refetch follows a change).
 */
export function useMaster<I, Row>(call: SeededCall<I, Row[]>, input: I) {
  const queryClient = useQueryClient();
  const query = useQuery(call.query(input));
  return {
    rows: query.data,
    loading: query.isLoading,
    loadError: query.error,
    onRetry: () => void query.refetch(),
    onRows: (rows: readonly Row[]) => call.seed(queryClient, input, [...rows]),
  };
}
