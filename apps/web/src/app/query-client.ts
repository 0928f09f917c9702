import { QueryClient } from '@tanstack/react-query';

/**
 * The client already tells the user about every failed call, so a retry would only repeat the notice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
