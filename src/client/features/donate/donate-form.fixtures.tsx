import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { RazorpayOptions } from './checkout';
import type { DonationApi } from './donation-api';
import { loadToasts } from './toast';
import { loadValidation } from './validation';

/** For the donate form's component tests: the API stubbed, the checkout recorded instead of opened. */

// The whole Mantine form in jsdom takes seconds per test on a busy two-core machine: the default
// 5 s would fail tests for the machine's load, not for what they check.
vi.setConfig({ testTimeout: 20_000 });

export const created = {
  donation: {
    id: 11,
    name: 'Asha',
    email: 'asha@example.org',
    phone: '9876543210',
    amount: 100000,
    donationType: 'one-time' as const,
    purpose: 'general',
  },
  razorpayKeyId: 'rzp_test_1',
  order: { id: 'order_1' },
};

export function stubApi(overrides: Partial<DonationApi> = {}): DonationApi {
  return {
    loadCheckout: vi.fn().mockResolvedValue(undefined),
    createDonation: vi.fn().mockResolvedValue(created),
    createSubscription: vi.fn().mockResolvedValue({ ...created, subscription: { id: 'sub_1' } }),
    verifyPayment: vi.fn().mockResolvedValue({ success: true, donation: { id: 11, status: 'paid' }, receipt: null }),
    ...overrides,
  };
}

/** The options of every checkout the form opens, in order; reset before each test. */
export function recordCheckouts(): RazorpayOptions[] {
  const opened: RazorpayOptions[] = [];
  beforeEach(() => {
    opened.length = 0;
    window.Razorpay = vi.fn().mockImplementation(function Razorpay(options: RazorpayOptions) {
      opened.push(options);
      return { open: vi.fn() };
    }) as unknown as Window['Razorpay'];
  });
  afterEach(() => {
    delete window.Razorpay;
    act(() => notifications.clean());
  });
  return opened;
}

/**
 * Loads the form's validation and toast chunks before the tests, as the page does once the donor
 * first focuses the form (DonateRoute.tsx): a submit then validates at once and a toast shows at
 * once. (DonateForm.lazy-validation.test.tsx submits before validation has loaded.)
 */
export function loadValidationFirst(): void {
  beforeAll(async () => {
    await Promise.all([loadValidation(), loadToasts()]);
  });
}

/** Puts text into a field as one paste: typing key by key re-renders the whole form each time, too slow on a busy machine. */
export async function enter(label: RegExp | string, text: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

export async function fillAndSubmit(amount = '₹1,000') {
  const user = userEvent.setup();
  await enter(/Full Name/, 'Asha');
  await enter(/Email Address/, 'asha@example.org');
  await enter(/Phone Number/, '9876543210');
  await user.click(screen.getByRole('button', { name: amount }));
  await user.click(screen.getByRole('button', { name: 'Donate Now' }));
  return user;
}
