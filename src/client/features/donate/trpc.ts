import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/transports/trpc/router';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/**
 * One call of tRPC's HTTP protocol as the server speaks it (no batching: the server allows none; no
 * transformer: plain JSON), with the site's cookies. The page makes four calls, so a few lines of
 * fetch stand in for @trpc/client (about 7 KB gzip) and the server's code it brings along.
 * A failed call rejects; nothing is retried.
 */
async function call<Output>(path: string, init?: { input: unknown }): Promise<Output> {
  const response = await fetch(`/trpc/${path}`, {
    credentials: 'include',
    ...(init
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.input) }
      : {}),
  });
  const body = (await response.json().catch(() => ({}))) as { result?: { data: Output }; error?: { message?: string } };
  if (!response.ok || !body.result) throw new Error(body.error?.message ?? `${path} answered ${response.status}`);
  return body.result.data;
}

/**
 * The donate page's four procedures (payment.config, donation.create, subscription.create,
 * payment.verify), typed by AppRouter, in the shape of tRPC's client: no React Query in the chunk.
 * The site's fetching rules (React Query's defaults as first configured) hold without React Query:
 * one request per call, never retried, never refetched or polled; the config is fetched once per page.
 */
export const trpcClient = {
  donation: {
    create: {
      mutate: (input: Inputs['donation']['create']) =>
        call<Outputs['donation']['create']>('donation.create', { input }),
    },
  },
  subscription: {
    create: {
      mutate: (input: Inputs['subscription']['create']) =>
        call<Outputs['subscription']['create']>('subscription.create', { input }),
    },
  },
  payment: {
    verify: {
      mutate: (input: Inputs['payment']['verify']) => call<Outputs['payment']['verify']>('payment.verify', { input }),
    },
    config: { query: () => call<Outputs['payment']['config']>('payment.config') },
  },
};

type PaymentConfig = Outputs['payment']['config'];
let paymentConfigRequest: Promise<PaymentConfig> | undefined;

/** The payment configuration, asked once per page; asked again only if that request failed. */
export function paymentConfig(): Promise<PaymentConfig> {
  paymentConfigRequest ??= trpcClient.payment.config.query().catch((error: unknown) => {
    paymentConfigRequest = undefined;
    throw error;
  });
  return paymentConfigRequest;
}
