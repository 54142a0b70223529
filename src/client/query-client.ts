import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC section 9: no retries, data never stale, no refetch on focus, no polling, 5 minutes' cache.
 * For every part of the app that fetches through React Query (the staff console, @trpc/react-query);
 * the donate page calls its four procedures with tRPC's plain client (features/donate/trpc.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
