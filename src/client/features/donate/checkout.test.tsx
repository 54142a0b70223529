import { describe, expect, it } from 'vitest';
import type { DonationInput } from '../../../shared/donation.schema';
import { pageContentOf, siteContent } from '../../../shared/site-content';
import { translatorOf } from '../../i18n';
import * as english from '../../paraglide/messages/en.js';
import { buildCheckoutOptions } from './checkout';

const input: DonationInput = {
  name: 'Asha',
  email: 'asha@example.org',
  phone: '9876543210',
  amount: 50000,
  donationType: 'one-time',
  purpose: 'food',
};
const donation = {
  id: 7,
  name: 'Asha',
  email: 'asha@example.org',
  phone: '9876543210',
  amount: 50000,
  purpose: 'food',
};
const callbacks = { handler: () => {}, modal: { ondismiss: () => {} } };
const t = translatorOf(english);

describe('checkout options (one-time pays an order, monthly a subscription, under Razorpay’s names)', () => {
  it('one-time: key, amount, INR, the order, the trust, the purpose, prefill and dark green', () => {
    const options = buildCheckoutOptions(
      { donation: { ...donation, donationType: 'one-time' }, razorpayKeyId: 'rzp_test_1', order: { id: 'order_1' } },
      input,
      t,
      callbacks,
      pageContentOf(siteContent),
    );
    expect(options).toEqual({
      key: 'rzp_test_1',
      amount: 50000,
      currency: 'INR',
      order_id: 'order_1',
      name: 'Chennai Animal Rescue Trust',
      description: 'One-time donation for Food & Shelter',
      prefill: { name: 'Asha', email: 'asha@example.org', contact: '9876543210' },
      theme: { color: '#1b5e20' },
      ...callbacks,
    });
  });

  it('monthly: the subscription instead of an order, and General Support without a purpose', () => {
    const options = buildCheckoutOptions(
      {
        donation: { ...donation, donationType: 'monthly' },
        razorpayKeyId: 'rzp_test_1',
        subscription: { id: 'sub_1' },
      },
      { ...input, donationType: 'monthly', purpose: undefined },
      t,
      callbacks,
      pageContentOf(siteContent),
    );
    expect(options).toMatchObject({
      key: 'rzp_test_1',
      subscription_id: 'sub_1',
      description: 'Monthly donation for General Support',
    });
    expect(options).not.toHaveProperty('order_id');
    expect(options).not.toHaveProperty('amount');
  });
});
