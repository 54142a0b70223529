import type { CreateSubscriptionOutput } from '../../../shared/donation.schema';
import { loadCheckoutScript } from '../donate/checkout-script';
import { paymentConfig, trpcClient } from '../donate/trpc';

/**
 * A new mandate for a monthly gift (a UPI mandate's new amount, another card or UPI account),
 * authorised in Razorpay's checkout as any monthly gift is, then verified with the same call the
 * donate form makes. Resolves `authorised` once verified, `dismissed` when the donor closes it.
 */
export async function authoriseNewMandate(
  created: CreateSubscriptionOutput,
  texts: { name: string; description: string; themeColor: string },
): Promise<'authorised' | 'dismissed'> {
  await loadCheckoutScript((await paymentConfig()).checkoutScriptUrl);
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('checkout script did not define Razorpay');
  const { donation } = created;
  return new Promise((resolve, reject) => {
    new Razorpay({
      key: created.razorpayKeyId,
      subscription_id: created.subscription.id,
      name: texts.name,
      description: texts.description,
      prefill: { name: donation.name, email: donation.email, contact: donation.phone },
      theme: { color: texts.themeColor },
      handler: (response) => {
        trpcClient.payment.verify
          .mutate({ ...response, donation_id: donation.id })
          .then(() => resolve('authorised'), reject);
      },
      modal: { ondismiss: () => resolve('dismissed') },
    }).open();
  });
}
