import { useCallback } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { CallInput, CallOutput, CallPath } from '@portal/contract';
import { api } from './api';
import { callKey, invalidateCalls, setCallData, type CallKey, type CallTarget } from './callKeys';

/**
 * The web's cache of calls, keyed by the contract (issue 27; the keys are in callKeys.ts): `useCall` reads,
 * `useCallMutation` changes and marks stale the paths it names. Nothing else in the app builds a query key or
 * invalidates by one (calls.check.test.ts).
 */
export * from './callKeys';

/** `invalidateCalls` bound to the app's query client, for event handlers (one function per client: effects may depend on it). */
export function useInvalidateCalls(): (targets: readonly CallTarget[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((targets: readonly CallTarget[]) => invalidateCalls(queryClient, targets), [queryClient]);
}

/** The options of a cached call besides its key and fetch (enabled, staleTime, placeholderData, select …). */
export type CallOptions<P extends CallPath, TData = CallOutput<P>> = Omit<UseQueryOptions<CallOutput<P>, Error, TData, QueryKey>, 'queryKey' | 'queryFn'>;

/** The query of a call, for the places that need the options rather than the hook (prefetch, a shared definition). */
export function callQuery<P extends CallPath, TData = CallOutput<P>>(path: P, input: CallInput<P>, options?: CallOptions<P, TData>) {
  return queryOptions<CallOutput<P>, Error, TData, QueryKey>({ ...options, queryKey: callKey(path, input), queryFn: () => api(path, input) });
}

/** A cached read of the contract: `useCall('/api/user/fetch-api-keys', {}, { select: (a) => a.apiKeys })`. */
export function useCall<P extends CallPath, TData = CallOutput<P>>(path: P, input: CallInput<P>, options?: CallOptions<P, TData>): UseQueryResult<TData, Error> {
  return useQuery(callQuery(path, input, options));
}

/** What a change marks stale once it succeeded: fixed paths, or paths chosen from its input and answer. */
export type Invalidates<P extends CallPath> = readonly CallTarget[] | ((input: CallInput<P>, output: CallOutput<P>) => readonly CallTarget[]);

export type CallMutationOptions<P extends CallPath, TContext = unknown> = Omit<UseMutationOptions<CallOutput<P>, Error, CallInput<P>, TContext>, 'mutationFn'> & {
  invalidates: Invalidates<P>;
  /**
   * Wait for the stale answers on screen to load again before the change counts as done (its `mutateAsync` resolves
   * after them; its `onSuccess` runs at once); by default they load in the background.
   */
  awaitRefresh?: boolean;
  /** Mark them stale after a failure too (it may say the thing changed meanwhile, e.g. a key revoked elsewhere). */
  refreshOnError?: boolean;
};

/**
 * A change through the contract: calls `path` and, once it succeeded, marks stale the answers of the paths it names
 * (as the caller's own `onSuccess` runs), so the screens that show them refresh.
 */
export function useCallMutation<P extends CallPath, TContext = unknown>(
  path: P,
  { invalidates, awaitRefresh = false, refreshOnError = false, onSuccess, onError, ...options }: CallMutationOptions<P, TContext>,
): UseMutationResult<CallOutput<P>, Error, CallInput<P>, TContext> {
  const queryClient = useQueryClient();
  return useMutation<CallOutput<P>, Error, CallInput<P>, TContext>({
    ...options,
    mutationFn: (input) => api(path, input),
    onSuccess: async (output, input, ...rest) => {
      const refresh = invalidateCalls(queryClient, typeof invalidates === 'function' ? invalidates(input, output) : invalidates);
      await onSuccess?.(output, input, ...rest);
      if (awaitRefresh) await refresh;
    },
    onError: async (error, input, ...rest) => {
      // A failure has no answer: only fixed targets can be refreshed.
      const refresh = refreshOnError && typeof invalidates !== 'function' ? invalidateCalls(queryClient, invalidates) : undefined;
      await onError?.(error, input, ...rest);
      if (awaitRefresh) await refresh;
    },
  });
}

/** The query of a picked call: the cached answer of its path, its data the picked part. */
export type CallQueryOf<O> = UseQueryOptions<unknown, Error, O, QueryKey> & { queryKey: QueryKey };

/**
 * A call seen through a shape several paths share (a record kind's calls, each kind its own paths): cached under its
 * path and input like `useCall`, holding the whole answer, read through `pick`.
 */
export interface PickedCall<I, O> {
  readonly path: CallPath;
  /** The key of an input, or of every input with the members given. */
  readonly key: (input?: Partial<I>) => CallKey;
  /** The cached query of an input, its data the picked part. */
  readonly query: (input: I) => CallQueryOf<O>;
  /** Calls it once (no cache) and answers the picked part. */
  readonly run: (input: I) => Promise<O>;
}

/** A picked call of one path: `pickedCall('/api/ec-data/fetch-filters', (a) => a.filters)`. */
export function pickedCall<P extends CallPath, O>(path: P, pick: (output: CallOutput<P>) => O): PickedCall<CallInput<P>, O> {
  return {
    path,
    key: (input) => callKey(path, input),
    query: (input) => ({
      queryKey: callKey(path, input),
      queryFn: () => api(path, input),
      // The cache holds what this path's queryFn answered (the key starts with the path).
      select: (answer: unknown) => pick(answer as CallOutput<P>),
    }),
    run: async (input) => pick(await api(path, input)),
  };
}

/** A picked call whose answer wraps the picked value alone (`{ record }`), so a value can be put in its cache. */
export interface SeededCall<I, O> extends PickedCall<I, O> {
  readonly seed: (queryClient: QueryClient, input: I, value: O) => void;
}

export function seededCall<P extends CallPath, O>(path: P, pick: (output: CallOutput<P>) => O, wrap: (value: O) => CallOutput<P>): SeededCall<CallInput<P>, O> {
  return { ...pickedCall(path, pick), seed: (queryClient, input, value) => setCallData(queryClient, path, input, wrap(value)) };
}

/** Starts a cached call unless its answer is cached or under way (a page's first calls, before its queries mount). */
export function startCall(queryClient: QueryClient, options: CallQueryOf<unknown> & { staleTime: number }): void {
  const known = queryClient.getQueryState(options.queryKey);
  if (!known || (known.data === undefined && known.fetchStatus === 'idle')) void queryClient.prefetchQuery(options);
}
