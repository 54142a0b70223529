import './mantine-styles';
import './zod-config';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PAGE_META } from '../../page-meta';
import { cssVariablesResolver, theme } from '../../theme';
import { usePageTitle } from '../../use-page-title';
import { loadCheckoutScript } from './checkout-script';
import { DonatePage } from './DonatePage';
import type { DonationApi } from './donation-api';
import { createQueryClient, createTrpcClient, trpc } from './trpc';
import { useToastGestures } from './use-toast-gestures';

function DonatePageWithApi() {
  useToastGestures();
  const createDonation = trpc.donation.create.useMutation();
  const createSubscription = trpc.subscription.create.useMutation();
  const verifyPayment = trpc.payment.verify.useMutation();
  const utils = trpc.useUtils();
  const api = useMemo<DonationApi>(
    () => ({
      // Fetches the payment config again if its first request failed (queries do not retry).
      loadCheckout: async () => loadCheckoutScript((await utils.payment.config.fetch()).checkoutScriptUrl),
      createDonation: createDonation.mutateAsync,
      createSubscription: createSubscription.mutateAsync,
      verifyPayment: verifyPayment.mutateAsync,
    }),
    [utils, createDonation.mutateAsync, createSubscription.mutateAsync, verifyPayment.mutateAsync],
  );
  return <DonatePage api={api} />;
}

/** The donate route's chunk: everything the form needs and the home page does not. */
export function DonateRoute() {
  usePageTitle(PAGE_META.donate);
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Notifications limit={1} autoClose={5000} position="top-center" />
          <DonatePageWithApi />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
