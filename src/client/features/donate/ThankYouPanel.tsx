import { useEffect, useRef } from 'react';
import type { VerifyPaymentOutput } from '../../../shared/donation.schema';
import { useMessages } from '../../i18n';

interface ThankYouPanelProps {
  /** The receipt verification issued; null when it is not issued yet (it then comes by e-mail). */
  receipt: VerifyPaymentOutput['receipt'];
  onClose: () => void;
}

/**
 * Shown after a verified payment, beside the thank-you toast that fades: what stays on the page.
 * Focus moves to it, so a screen reader reads it and a phone scrolls it into view.
 */
export function ThankYouPanel({ receipt, onClose }: ThankYouPanelProps) {
  const panel = useRef<HTMLElement>(null);
  const t = useMessages();
  useEffect(() => panel.current?.focus(), []);

  return (
    <section ref={panel} tabIndex={-1} aria-labelledby="thank-you-title" className="thank-you">
      <h3 id="thank-you-title">{t('donate_thanks_title')}</h3>
      {receipt ? (
        <p>
          {t('donate_thanks_receipt_before')} <strong style={{ whiteSpace: 'nowrap' }}>{receipt.number}</strong>
          {t('donate_thanks_receipt_after')}
        </p>
      ) : (
        <p>{t('donate_thanks_receipt_later')}</p>
      )}
      <div className="button-row">
        {receipt ? (
          <a className="btn btn-filled" href={receipt.downloadUrl}>
            {t('donate_thanks_download')}
          </a>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {t('donate_close')}
        </button>
      </div>
    </section>
  );
}
