import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { hasRole } from '@portal/contract/shell';
import { BootSpin } from '../components/BootSpin';
import SessionLayout from '../areas/session/SessionLayout';
import { MembersOnly, NOT_FOUND_HANDLE, NotFound, landingPath } from './routeTable';
import { UserProvider, useSession, useUser } from '../platform/session';

/**
 * Everything but the session pages: no token → /login, but an address that matches no route shows the 404 page in
 * the session frame; a token → load the user first, then render.
 */
export function RequireAuth() {
  const { token, user } = useSession();
  const unknownPath = useMatches().some((match) => match.handle === NOT_FOUND_HANDLE);
  if (!token) {
    return unknownPath ? (
      <SessionLayout>
        <NotFound />
      </SessionLayout>
    ) : (
      <Navigate to="/login" replace />
    );
  }
  if (!user) return <BootSpin />;
  return (
    <UserProvider user={user}>
      <Suspense fallback={<BootSpin />}>
        <Outlet />
      </Suspense>
    </UserProvider>
  );
}

/** "/" (and the 404 page's link home): a visitor to sign-in, a signed-in user to their landing page. */
export function LandingRedirect() {
  const { token, user } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  if (!user) return <BootSpin />;
  return <Navigate to={landingPath(user.user_role)} replace />;
}

/** /login, /sign-up, /forget-pass: a signed-in visitor is sent on to their landing page. */
export function GuestOnly() {
  const { user } = useSession();
  if (user) return <Navigate to={landingPath(user.user_role)} replace />;
  return <SessionLayout />;
}

/** A route the user's role may not reach shows the members-only page (spec 2.3); an unknown address the 404 page. */
export function RoleGate({ roles, children }: { roles: number; children: ReactNode }) {
  const user = useUser();
  return hasRole(user.user_role, roles) ? children : <MembersOnly />;
}
