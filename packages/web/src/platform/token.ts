import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import { queryClient } from './queryClient';
import { removeCalls } from './callKeys';

/**
 * The session token lives in the `token` cookie (it survives reloads, and GET downloads carry it to the server)
 * and is mirrored here so React components can subscribe to it; the api helper reads it without React.
 */
const COOKIE = 'token';
let current: string | undefined = Cookies.get(COOKIE);
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | undefined {
  return current;
}

export function setToken(token: string): void {
  Cookies.set(COOKIE, token, { path: '/', sameSite: 'strict', secure: location.protocol === 'https:' });
  // The user is cached under its call (session.tsx), not under the token: a new login must load its own user.
  if (token !== current) removeCalls(queryClient, ['/api/user/userinfo']);
  current = token;
  emit();
}

/** Logout, a 401 and a failed user load all end here: the route guards then send the visitor to /login. */
export function clearSession(): void {
  Cookies.remove(COOKIE, { path: '/' });
  current = undefined;
  queryClient.clear();
  emit();
}

export function useToken(): string | undefined {
  return useSyncExternalStore(subscribe, getToken);
}
