import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: every failed call is reported once by the client (spec §8), and a retry
 * would report it again; pages offer a Retry button instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
