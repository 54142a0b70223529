import { type MessageKey, useMessages } from '../../i18n';

/** The donor-facing messages of the donate form (messages/donate/*.json): validation, payment outcome and network trouble. */
export const TOASTS = {
  invalidAmount: { title: 'donate_toast_invalid_amount_title', message: 'donate_toast_invalid_amount', color: 'red' },
  createFailed: { title: 'donate_toast_error_title', message: 'donate_toast_create_failed', color: 'red' },
  paymentError: { title: 'donate_toast_payment_error_title', message: 'donate_toast_payment_error', color: 'red' },
  verifyFailed: { title: 'donate_toast_verify_failed_title', message: 'donate_toast_verify_failed', color: 'red' },
  success: { title: 'donate_toast_success_title', message: 'donate_toast_success', color: 'brand' },
  copied: { title: 'donate_toast_copied_title', message: 'donate_toast_copied', color: 'brand' },
} as const satisfies Record<string, { title: MessageKey; message: MessageKey; color: string }>;
export type ToastKind = keyof typeof TOASTS;

/**
 * Mantine's close button has no accessible name (each toast names it, in the page's language), and
 * its message under a title is gray 6 (3.3:1 on white, below WCAG AA): gray 7 here (7:1).
 */
const DESCRIPTION_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };

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

/** One toast at a time, in the page's language: a new one replaces whatever is showing. */
export function useToast(): (kind: ToastKind) => void {
  const t = useMessages();
  return (kind) => {
    const { title, message, color } = TOASTS[kind];
    show({ title: t(title), message: t(message), color, closeLabel: t('donate_toast_close') });
  };
}

function show({ closeLabel, ...toast }: { title: string; message: string; color: string; closeLabel: string }): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToasts().then(({ notifications }) => {
    notifications.clean();
    notifications.show({
      ...toast,
      closeButtonProps: { 'aria-label': closeLabel },
      styles: DESCRIPTION_STYLES,
      autoClose: 5000,
    });
  });
}

/** Dismisses the toast showing, if any. */
export function dismissToasts(): void {
  void loadToasts().then(({ notifications }) => notifications.clean());
}
