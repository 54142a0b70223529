import { notifications } from '@mantine/notifications';

/** SPEC section 8: the donor-facing messages. */
export const TOASTS = {
  invalidAmount: { title: 'Invalid Amount', message: 'Please enter a valid donation amount.', color: 'red' },
  createFailed: { title: 'Error', message: 'Failed to create donation. Please try again.', color: 'red' },
  paymentError: { title: 'Payment Error', message: 'Unable to load payment gateway. Please try again.', color: 'red' },
  verifyFailed: {
    title: 'Payment Verification Failed',
    message: 'Please contact support if your payment was deducted.',
    color: 'red',
  },
  success: { title: 'Thank you!', message: 'Your donation has been processed successfully.', color: 'brand' },
  copied: { title: 'Copied!', message: 'Donation link copied to clipboard.', color: 'brand' },
} as const;

/**
 * Mantine's close button has no accessible name, and its message under a title is gray 6 (3.3:1 on
 * white, below WCAG AA): named here, and gray 7 (7:1).
 */
const ACCESSIBLE = {
  closeButtonProps: { 'aria-label': 'Close notification' },
  styles: { description: { color: 'var(--mantine-color-gray-7)' } },
};

/** One toast at a time: a new one replaces whatever is showing. */
export function toast(kind: keyof typeof TOASTS): void {
  notifications.clean();
  notifications.show({ ...TOASTS[kind], ...ACCESSIBLE, autoClose: 5000 });
}
