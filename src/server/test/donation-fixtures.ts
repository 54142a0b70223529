import type { DonationInput } from '../../shared/donation.schema';

/** A valid donation body; each test changes only what it is about. */
export function donationBody(overrides: Partial<Record<keyof DonationInput, unknown>> = {}) {
  return {
    name: 'Asha Raman',
    email: 'asha@example.com',
    phone: '9876543210',
    amount: 100000,
    donationType: 'one-time',
    purpose: 'medical',
    customAmount: '',
    ...overrides,
  } as DonationInput;
}
