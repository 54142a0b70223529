import './donate.css';
import { usePageMeta } from '../../page-meta';
import { usePageTitle } from '../../use-page-title';
import { loadCheckoutScript } from './checkout-script';
import { DonatePage } from './DonatePage';
import type { DonationApi } from './donation-api';
import { usePreloadOnFirstInteraction } from './preload-on-first-interaction';
import { ToastHost } from './ToastHost';
import { loadToasts } from './toast';
import { paymentConfig, trpcClient } from './trpc';
import { useToastGestures } from './use-toast-gestures';
import { loadValidation } from './validation';

/** The page's calls, over tRPC's plain client (no React Query: the page caches nothing but the config). */
const donationApi: DonationApi = {
  // Fetches the payment config again if its first request failed (calls are not retried).
  loadCheckout: async () => loadCheckoutScript((await paymentConfig()).checkoutScriptUrl),
  createDonation: (input) => trpcClient.donation.create.mutate(input),
  createSubscription: (input) => trpcClient.subscription.create.mutate(input),
  verifyPayment: (input) => trpcClient.payment.verify.mutate(input),
};

/** What the form needs once the donor acts, and the page's first load goes without. */
const PRELOADS = [loadToasts, loadValidation];

function DonatePageWithApi() {
  useToastGestures();
  usePreloadOnFirstInteraction(PRELOADS);
  return <DonatePage api={donationApi} />;
}

/** The donate route's chunk: everything the form needs and the home page does not. */
export function DonateRoute() {
  usePageTitle(usePageMeta('donate'));
  return (
    <>
      <ToastHost />
      <DonatePageWithApi />
    </>
  );
}
