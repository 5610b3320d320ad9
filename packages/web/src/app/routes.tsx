import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { loadSignedInTexts } from '../platform/i18n';
import { GuestOnly, LandingRedirect, RequireAuth, RoleGate } from './guards';
import { Accessibility, ForgetPass, Login, NOT_FOUND_HANDLE, NotFound, SignUp, pageRoutes } from './routeTable';
import SessionLayout from '../areas/session/SessionLayout';

// The shell (antd's layout and menu, and its providers) is a chunk of its own, so the sign-in pages do not load it; so are
// the signed-in texts. It shows once antd's texts of the current language are in too.
const Layout = lazy(() =>
  Promise.all([import('./Layout'), loadSignedInTexts()]).then(async ([layout]) => {
    await layout.ready;
    return layout;
  }),
);

export const router = createBrowserRouter([
  { path: '/', element: <LandingRedirect /> },
  // The accessibility statement: for visitors and signed-in users alike, in the session frame.
  {
    path: '/accessibility',
    element: (
      <SessionLayout>
        <Accessibility />
      </SessionLayout>
    ),
  },
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
          // RequireAuth shows it to visitors too (without the shell), where every known page leads to sign-in.
          { path: '*', handle: NOT_FOUND_HANDLE, element: <NotFound /> },
        ],
      },
    ],
  },
]);
