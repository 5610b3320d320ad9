import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { session } from '@portal/contract';
import { setCallData, useCall } from './calls';
import { queryClient } from './queryClient';
import { clearSession, useToken } from './token';

export type User = session.User;

export function useSession(): { token: string | undefined; user: User | undefined } {
  const token = useToken();
  // The signed-in user: a new login drops the cached one (setToken), logout drops every cached answer.
  const query = useCall('/api/user/userinfo', {}, { select: (answer) => answer.user, enabled: token !== undefined, staleTime: Infinity });
  const failed = query.isError;
  // Spec 2.3: a token whose user cannot be loaded is dropped, which sends the visitor to /login.
  useEffect(() => {
    if (failed) clearSession();
  }, [failed]);
  return { token, user: token === undefined ? undefined : query.data };
}

/** After a call that answers with the updated user (update-userinfo). */
export function setSessionUser(user: User): void {
  setCallData(queryClient, '/api/user/userinfo', {}, (old) => ({ ...old, user }));
}

/** After a call that changed part of the user (update-settings). */
export function updateSessionUser(change: (user: User) => User): void {
  setCallData(queryClient, '/api/user/userinfo', {}, (old) => old && { ...old, user: change(old.user) });
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
