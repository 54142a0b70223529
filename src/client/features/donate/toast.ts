/** The donor-facing messages of the donate form: validation, payment outcome and network trouble. */
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

/*
 * Mantine's toasts (its provider, the store, and the container with its transitions, scroll lock and
 * drag handling) are a chunk of their own, loaded with the first toast or once the donor starts on
 * the form (ToastHost.tsx): most visits never show one, and the page's first load goes without.
 */
export const loadToasts = () => import('./toast-container');

let wanted = false;
const listeners = new Set<() => void>();

/** Calls `listener` when the first toast is asked for (ToastHost mounts the container then). */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const toastsWanted = (): boolean => wanted;

/** One toast at a time: a new one replaces whatever is showing. */
export function toast(kind: keyof typeof TOASTS): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToasts().then(({ notifications }) => {
    notifications.clean();
    notifications.show({ ...TOASTS[kind], ...ACCESSIBLE, autoClose: 5000 });
  });
}

/** Dismisses the toast showing, if any. */
export function dismissToasts(): void {
  void loadToasts().then(({ notifications }) => notifications.clean());
}
