import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../../server/transports/trpc/router';

export const staffTrpc = createTRPCReact<AppRouter>();

/** The HTTP status a failed call answered (tRPC errors carry it), if any. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return undefined;
}

/**
 * One place reacts to an ended session: any call answering 401 calls `onSignedOut` (back to the
 * login page). Queries do not retry: a refused or failed call shows its message at once.
 */
export function createStaffQueryClient(onSignedOut: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 401) onSignedOut();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Queries go as POST too, so a searched donor's name never lands in a logged URL. */
export function createStaffTrpcClient() {
  return staffTrpc.createClient({
    links: [httpLink({ url: '/trpc', methodOverride: 'POST' })],
  });
}
