import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** Retrying cannot fix an answer the server gave on purpose (4xx); only missing answers are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
