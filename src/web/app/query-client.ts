import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** A 4xx answer will not change on retry (except 408 and 429, which may). */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 408 || error.status === 429;
}

/** Spec settings: data fresh for 30 s, queries retried twice, mutations once, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      },
    },
  });
}
