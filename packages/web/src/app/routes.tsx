import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { GuestOnly, RequireAuth, RoleGate } from './guards';
import { ForgetPass, Login, NotFound, SignUp, pageRoutes } from './routeTable';

// The shell (ProLayout) is a chunk of its own too, so the login page does not load it.
const Layout = lazy(() => import('./Layout'));

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/profile" replace /> },
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <Login /> },
      { path: '/sign-up', element: <SignUp /> },
      { path: '/forget-pass', element: <ForgetPass /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Layout />,
        children: [
          ...pageRoutes.map((route) => ({
            path: route.path,
            handle: route, // the breadcrumb and the document title find their route through it
            element: (
              <RoleGate roles={route.roles}>
                <route.Page />
              </RoleGate>
            ),
          })),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
