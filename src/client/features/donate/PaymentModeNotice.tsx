import { useEffect, useState } from 'react';
import { useMessages } from '../../i18n';
import { loadCheckoutScript } from './checkout-script';
import { Note } from './fields';
import { paymentConfig } from './trpc';

/**
 * Loads the checkout script the server names (only this page needs it) and, in sandbox mode, says
 * plainly that no money moves. Its box is reserved from the first paint, so nothing shifts.
 */
export function PaymentModeNotice() {
  const t = useMessages();
  const [data, setData] = useState<Awaited<ReturnType<typeof paymentConfig>>>();

  // Load it early, so it is usually ready when the donor submits; the form retries if it is not.
  useEffect(() => {
    let current = true;
    paymentConfig()
      .then((config) => {
        if (current) setData(config);
        return loadCheckoutScript(config.checkoutScriptUrl);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="payment-mode" aria-live="polite">
      {data?.provider === 'sandbox' ? (
        <Note tone="yellow">
          <p>
            <strong>{t('donate_test_mode_label')}</strong> {t('donate_test_mode')}
          </p>
        </Note>
      ) : null}
    </div>
  );
}
