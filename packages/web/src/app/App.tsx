import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../platform/queryClient';
import { router } from './routes';
// Visible keyboard focus on every page, the sign-in pages included.
import './focus.css';
// The visitor's pages (sign-in, the accessibility statement, "page not found") are plain elements styled here.
import './plain.css';

/**
 * The providers every page needs. antd's (theme, locale, toasts) are the signed-in shell's (./AntdProviders.tsx):
 * the sign-in pages load no antd (issue 35).
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
