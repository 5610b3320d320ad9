import { useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * One master collection for an EditableTable: loaded once, then replaced by what each call answers
 * (every master call answers with the whole list, so no refetch follows a change).
 */
export function useMaster<Row>(queryKey: readonly unknown[], fetch: () => Promise<readonly Row[]>) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: fetch });
  return {
    rows: query.data,
    loading: query.isLoading,
    loadError: query.error,
    onRetry: () => void query.refetch(),
    onRows: (rows: readonly Row[]) => queryClient.setQueryData(queryKey, rows),
  };
}
