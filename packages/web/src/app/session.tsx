import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { session } from '@portal/contract';
import { api } from './api';
import { queryClient } from './queryClient';
import { clearSession, getToken, useToken } from './token';

export type User = session.User;

/** The signed-in user is a query keyed by the token: a new login loads a new user, logout drops it. */
const userKey = (token: string | undefined) => ['session', 'user', token] as const;

export function useSession(): { token: string | undefined; user: User | undefined } {
  const token = useToken();
  const query = useQuery({
    queryKey: userKey(token),
    queryFn: async () => (await api('/api/user/userinfo', {})).user,
    enabled: token !== undefined,
    staleTime: Infinity,
  });
  const failed = query.isError;
  // Spec 2.3: a token whose user cannot be loaded is dropped, which sends the visitor to /login.
  useEffect(() => {
    if (failed) clearSession();
  }, [failed]);
  return { token, user: token === undefined ? undefined : query.data };
}

/** After a call that answers with the updated user (update-userinfo). */
export function setSessionUser(user: User): void {
  queryClient.setQueryData(userKey(getToken()), user);
}

/** After a call that changed part of the user (update-settings). */
export function updateSessionUser(change: (user: User) => User): void {
  queryClient.setQueryData<User>(userKey(getToken()), (user) => user && change(user));
}

const UserContext = createContext<User | null>(null);

export function UserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <UserContext.Provider value={user}>{children}</UserContext.Provider>;
}

/** The signed-in user, for any component under the authenticated routes (the guard provides it). */
export function useUser(): User {
  const user = useContext(UserContext);
  if (!user) throw new Error('useUser() is only available under the authenticated routes');
  return user;
}
