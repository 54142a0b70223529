import '../donate/donate.css';
import { useEffect, useState } from 'react';
import type { AppealOnPage } from '../../../shared/page-render';
import { useLanguage, useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';
import { loadCheckoutScript } from '../donate/checkout-script';
import type { DonationApi } from '../donate/donation-api';
import { usePreloadOnFirstInteraction } from '../donate/preload-on-first-interaction';
import { ToastHost } from '../donate/ToastHost';
import { loadToasts } from '../donate/toast';
import { paymentConfig, trpcClient } from '../donate/trpc';
import { useToastGestures } from '../donate/use-toast-gestures';
import { loadValidation } from '../donate/validation';
import { AppealPage } from './AppealPage';
import { appealPageTitle, fetchAppeal, slugOfPath, useRenderedAppeal } from './appeal-data';

const donationApi: DonationApi = {
  loadCheckout: async () => loadCheckoutScript((await paymentConfig()).checkoutScriptUrl),
  createDonation: (input) => trpcClient.donation.create.mutate(input),
  createSubscription: (input) => trpcClient.subscription.create.mutate(input),
  verifyPayment: (input) => trpcClient.payment.verify.mutate(input),
};

const PRELOADS = [loadToasts, loadValidation];

function AppealWithApi({ appeal }: { appeal: AppealOnPage }) {
  useToastGestures();
  usePreloadOnFirstInteraction(PRELOADS);
  return <AppealPage appeal={appeal} api={donationApi} />;
}

/**
 * An appeal's page (`/appeals/<slug>`, `/ta/appeals/<slug>`): the appeal the server rendered it with, or, reached by
 * client-side navigation (or on the dev server), fetched with `appeals.get`.
 */
export function AppealRoute() {
  const rendered = useRenderedAppeal();
  const [appeal, setAppeal] = useState<AppealOnPage | null | undefined>(rendered);
  const trustName = useSiteContent().trust.name;
  const language = useLanguage();
  const t = useMessages();
  useEffect(() => {
    if (appeal) {
      document.title = appealPageTitle(appeal.title, trustName);
      return;
    }
    if (appeal === null) return;
    fetchAppeal(slugOfPath(window.location.pathname), language)
      .then(setAppeal)
      .catch(() => setAppeal(null));
  }, [appeal, trustName, language]);
  return (
    <>
      <ToastHost />
      {appeal ? (
        <AppealWithApi appeal={appeal} />
      ) : (
        <section className="section">
          <div className="container">
            <p>{t(appeal === null ? 'appeal_not_found' : 'appeal_loading')}</p>
          </div>
        </section>
      )}
    </>
  );
}
