import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CallInput, CallOutput, CallPath } from '@portal/contract';

/**
 * The keys of the web's cache of calls (issue 27): a cached read is `[path, input]` and holds the call's whole
 * answer, so a key is never written by hand and a change marks stale the paths it touches, named as the contract
 * names them. The hooks are in calls.ts; this file does not load the app (its tests run without a browser).
 */

/**
 * An input as the server receives it: JSON's values (undefined members dropped, dates as text) with the members of
 * every object in name order, so two equal payloads give one key however they were written.
 */
export function normalizeInput(input: unknown): unknown {
  if (input === undefined) return undefined;
  return sortMembers(JSON.parse(JSON.stringify(input)) as unknown);
}

function sortMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortMembers);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([name, member]) => [name, sortMembers(member)]));
}

/**
 * The cache key of a call: `[path]` is every cached answer of the path, `[path, input]` one of them; a partial input
 * (`{ clientId }`) names the answers whose input has those members (react-query matches objects partially).
 */
export function callKey<P extends CallPath>(path: P, input?: Partial<CallInput<P>>): CallKey {
  return input === undefined ? [path] : [path, normalizeInput(input)];
}

/** A key made by `callKey` (it starts with a path of the contract, so a hand-made key does not type-check). */
export type CallKey = readonly [CallPath] | readonly [CallPath, unknown];

/** What a change marks stale: every answer of a path, or the answers of one key (`callKey(path, { clientId })`). */
export type CallTarget = CallPath | CallKey;

function targetKey(target: CallTarget): QueryKey {
  return typeof target === 'string' ? callKey(target) : target;
}

/** Marks the targets' cached answers stale (the ones on screen load again); resolves when they have. */
export function invalidateCalls(queryClient: QueryClient, targets: readonly CallTarget[]): Promise<void> {
  return Promise.all(targets.map((target) => queryClient.invalidateQueries({ queryKey: targetKey(target) }))).then(() => undefined);
}

/** Drops the targets' cached answers (a removed thing: its page must not show it from the cache). */
export function removeCalls(queryClient: QueryClient, targets: readonly CallTarget[]): void {
  for (const target of targets) queryClient.removeQueries({ queryKey: targetKey(target) });
}

/** The cached answer of one call, if any. */
export function getCallData<P extends CallPath>(queryClient: QueryClient, path: P, input: CallInput<P>): CallOutput<P> | undefined {
  return queryClient.getQueryData<CallOutput<P>>(callKey(path, input));
}

/**
 * Seeds or changes the cached answer of one call (an answer the page already has, e.g. the saved thing a change
 * call answers): the whole answer of the path, as the call itself would give it.
 */
export function setCallData<P extends CallPath>(
  queryClient: QueryClient,
  path: P,
  input: CallInput<P>,
  data: CallOutput<P> | ((old: CallOutput<P> | undefined) => CallOutput<P> | undefined),
): void {
  queryClient.setQueryData<CallOutput<P>>(callKey(path, input), data);
}

