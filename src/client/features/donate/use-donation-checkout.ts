import { useState } from 'react';
import type { DonationInput, VerifyPaymentOutput } from '../../../shared/donation.schema';
import { useMessages } from '../../i18n';
import { useSiteContent } from '../../site-content-context';
import { buildCheckoutOptions } from './checkout';
import type { DonationApi } from './donation-api';
import { type ToastKind, useToast } from './toast';

/**
 * Pays for a valid donation: loads the checkout script, creates the donation (or subscription),
 * opens Razorpay's checkout and verifies what it hands back. A failure at any step ends the
 * attempt with its toast. `processing` is true from the start until the attempt ends. `onPaid`
 * gets what verification answered (the receipt, when one was issued).
 */
export function useDonationCheckout(api: DonationApi, { onPaid }: { onPaid: (verified: VerifyPaymentOutput) => void }) {
  const [processing, setProcessing] = useState(false);
  const toast = useToast();
  const t = useMessages();
  const content = useSiteContent();

  const fail = (kind: ToastKind) => {
    toast(kind);
    setProcessing(false);
  };

  async function checkout(input: DonationInput): Promise<void> {
    setProcessing(true);

    // No checkout, no donation: nothing is created that the donor could not pay.
    try {
      await api.loadCheckout();
    } catch {
      return fail('paymentError');
    }

    let created: Awaited<ReturnType<DonationApi['createDonation'] | DonationApi['createSubscription']>>;
    try {
      created =
        input.donationType === 'monthly' ? await api.createSubscription(input) : await api.createDonation(input);
    } catch {
      return fail('createFailed');
    }

    const subscriptionId = 'subscription' in created ? created.subscription.id : undefined;
    const options = buildCheckoutOptions(
      created,
      input,
      t,
      {
        handler: (response) => {
          void api
            .verifyPayment({
              ...response,
              donation_id: created.donation.id,
              ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
            })
            .then(
              (verified) => {
                toast('success');
                onPaid(verified);
              },
              () => toast('verifyFailed'),
            )
            .finally(() => setProcessing(false));
        },
        // Closing the checkout ends the attempt; nothing is sent.
        modal: { ondismiss: () => setProcessing(false) },
      },
      content,
    );
    try {
      if (!window.Razorpay) throw new Error('checkout script missing');
      new window.Razorpay(options).open();
    } catch {
      fail('paymentError');
    }
  }

  return { processing, checkout };
}
