import { describe, expect, it } from 'vitest';
import { paymentMatchesDonation } from './payment-match';

describe('paymentMatchesDonation', () => {
  const donation = { amount: 50000 };

  it('matches exactly the amount asked for, in rupees', () => {
    expect(paymentMatchesDonation({ amount: 50000, currency: 'INR' }, donation)).toBe(true);
  });

  it('refuses another amount or another currency', () => {
    expect(paymentMatchesDonation({ amount: 49900, currency: 'INR' }, donation)).toBe(false);
    expect(paymentMatchesDonation({ amount: 100000, currency: 'INR' }, donation)).toBe(false);
    expect(paymentMatchesDonation({ amount: 50000, currency: 'USD' }, donation)).toBe(false);
    expect(paymentMatchesDonation({ amount: 50000, currency: 'inr' }, donation)).toBe(false);
  });
});
