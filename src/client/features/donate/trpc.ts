import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../../../server/trpc/router';

/**
 * The donate page's four calls (payment.config, donation.create, subscription.create,
 * payment.verify) through tRPC's plain client, typed by AppRouter: no React Query in the chunk.
 * SPEC section 9's fetching rules (the seed's React Query defaults) hold without React Query:
 * one request per call, never retried, never refetched or polled; the config is fetched once per page.
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
});

type PaymentConfig = Awaited<ReturnType<typeof trpcClient.payment.config.query>>;
let paymentConfigRequest: Promise<PaymentConfig> | undefined;

/** The payment configuration, asked once per page; asked again only if that request failed. */
export function paymentConfig(): Promise<PaymentConfig> {
  paymentConfigRequest ??= trpcClient.payment.config.query().catch((error: unknown) => {
    paymentConfigRequest = undefined;
    throw error;
  });
  return paymentConfigRequest;
}
