import { QueryClient } from '@tanstack/react-query';

/** One client for the app; the session code clears it on logout so no data of one user survives into the next. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});
