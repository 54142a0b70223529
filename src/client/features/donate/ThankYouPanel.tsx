import { useEffect, useRef } from 'react';
import type { VerifyPaymentOutput } from '../../../shared/donation.schema';

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
  useEffect(() => panel.current?.focus(), []);

  return (
    <section ref={panel} tabIndex={-1} aria-labelledby="thank-you-title" className="thank-you">
      <h3 id="thank-you-title">Thank you for your donation!</h3>
      {receipt ? (
        <p>
          Your receipt number is <strong style={{ whiteSpace: 'nowrap' }}>{receipt.number}</strong>. A copy is on its
          way to your e-mail.
        </p>
      ) : (
        <p>Your receipt will arrive by e-mail shortly.</p>
      )}
      <div className="button-row">
        {receipt ? (
          <a className="btn btn-filled" href={receipt.downloadUrl}>
            Download your receipt (PDF)
          </a>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
