import type { CreateDonationOutput, CreateSubscriptionOutput, DonationInput } from '../../../shared/donation.schema';
import type { PageContent } from '../../../shared/site-content';
import type { Translate } from '../../i18n';

/** What Razorpay's checkout hands `handler` on success; forwarded to verification as received. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_signature: string;
  razorpay_order_id?: string;
  razorpay_subscription_id?: string;
}

/** The checkout options, under Razorpay's own names (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export interface RazorpayOptions {
  key: string;
  amount?: number;
  currency?: 'INR';
  order_id?: string;
  subscription_id?: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayInstance {
  open(): void;
  on?(event: 'payment.failed', callback: (response: unknown) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

/** One-time pays an order, monthly a subscription; the description in the page's language (`t`). */
export function buildCheckoutOptions(
  created: CreateDonationOutput | CreateSubscriptionOutput,
  input: DonationInput,
  t: Translate,
  callbacks: Pick<RazorpayOptions, 'handler' | 'modal'>,
  { trust, meta }: Pick<PageContent, 'trust' | 'meta'>,
): RazorpayOptions {
  const purpose = t(`donate_purpose_${input.purpose ?? 'general'}`);
  const common = {
    key: created.razorpayKeyId,
    name: trust.name,
    prefill: { name: input.name, email: input.email, contact: input.phone },
    theme: { color: meta.themeColor },
    ...callbacks,
  };
  if ('subscription' in created) {
    return {
      ...common,
      subscription_id: created.subscription.id,
      description: t('donate_checkout_monthly', { purpose }),
    };
  }
  return {
    ...common,
    amount: created.donation.amount,
    currency: 'INR',
    order_id: created.order.id,
    description: t('donate_checkout_one_time', { purpose }),
  };
}
