import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryParams, parseListQuery, type ListFields, type ListState } from './listQuery';

/**
 * A record list's state, read from and written to the URL query (spec 2): every change is a history entry, so
 * back/forward walk through searches, filters and pages, and a reload shows the same list.
 */
export function useListQuery<D extends string, W extends string, F extends string, S extends string>(fields: ListFields<D, W, F, S>) {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  // Keyed by the query's text: the same URL gives the same state object (memoised columns and queries rely on it).
  const state = useMemo(() => parseListQuery(new URLSearchParams(text), fields), [text, fields]);
  const update = useCallback(
    (change: Partial<ListState<D, W, F, S>>, options: { replace?: boolean } = {}) => {
      setParams((previous) => listQueryParams({ ...parseListQuery(previous, fields), ...change }), { replace: options.replace ?? false });
    },
    [setParams, fields],
  );
  return { state, update };
}
