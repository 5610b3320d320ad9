import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { hasRole } from '@portal/contract/shell';
import { PageSpin } from '../components/PageSpin';
import SessionLayout from '../areas/session/SessionLayout';
import { NotFound, landingPath } from './routeTable';
import { UserProvider, useSession, useUser } from '../platform/session';

/** Everything but the session pages: no token → /login; a token → load the user first, then render. */
export function RequireAuth() {
  const { token, user } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  if (!user) return <PageSpin />;
  return (
    <UserProvider user={user}>
      <Suspense fallback={<PageSpin />}>
        <Outlet />
      </Suspense>
    </UserProvider>
  );
}

/** /login, /sign-up, /forget-pass: a signed-in visitor is sent on to their landing page. */
export function GuestOnly() {
  const { user } = useSession();
  if (user) return <Navigate to={landingPath(user.user_role)} replace />;
  return <SessionLayout />;
}

/** A route the user's role may not reach answers like an unknown one (spec 2.3: the 404 page). */
export function RoleGate({ roles, children }: { roles: number; children: ReactNode }) {
  const user = useUser();
  return hasRole(user.user_role, roles) ? children : <NotFound />;
}
