import { QueryClient } from '@tanstack/react-query';
import { httpLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../../server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

/** SPEC section 9: no retries, data never stale, no refetch on focus, no polling, 5 minutes' cache. */
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

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}
